import type { Plugin } from "vite";
import { en } from "../src/widget/locales/en.ts";

/** A value of a locale's module as written: a text, or a group of values by key. */
type Written = string | { readonly [key: string]: Written };

/** Whether a value of en.ts is one text (a template, or a plural with its forms) rather than a group. */
const isText = (value: unknown): boolean => typeof value === "string" || Object.hasOwn(value as object, "other");

/**
 * The texts of a locale's `translation` in the order of the keys of en.ts, as a page unpacks them (see
 * `unpack` in src/widget/locales/index.ts). Throws, naming the locale's `file` and the key, when a key of
 * English is missing, a key is not one of English, or a text is of another kind than English's.
 */
export function packTranslation(translation: Written, file: string): Written[] {
  const packed: Written[] = [];
  const walk = (reference: object, given: Written, path: string) => {
    if (typeof given !== "object") throw new Error(`${file}: "${path}" must be a group of texts, as in en.ts`);
    for (const key of Object.keys(given)) {
      if (!Object.hasOwn(reference, key)) throw new Error(`${file}: "${path}${key}" is not a key of en.ts`);
    }
    for (const [key, value] of Object.entries(reference)) {
      const text = given[key];
      if (text === undefined) throw new Error(`${file} lacks "${path}${key}", which en.ts has`);
      if (typeof value === "string" && typeof text !== "string") throw new Error(`${file}: "${path}${key}" must be a text`);
      if (isText(value)) packed.push(text);
      else walk(value as object, text, `${path}${key}.`);
    }
  };
  walk(en, translation, "");
  return packed;
}

/** A node of the syntax tree of a module, as far as this plugin reads it. */
interface Node {
  type: string;
  [field: string]: unknown;
}

/** The value a literal expression of a locale's module stands for: strings and objects of them only. */
function literalValue(node: Node, file: string): Written {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && (node.expressions as Node[]).length === 0) {
    return ((node.quasis as Node[])[0] as Node & { value: { cooked: string } }).value.cooked;
  }
  if (node.type === "ObjectExpression") {
    return Object.fromEntries(
      (node.properties as Node[]).map((property) => {
        const key = property.key as Node;
        if (property.type !== "Property" || property.computed || !(key.type === "Identifier" || key.type === "Literal")) {
          throw new Error(`${file}: only plain keys may name texts`);
        }
        return [String(key.type === "Identifier" ? key.name : key.value), literalValue(property.value as Node, file)];
      }),
    );
  }
  throw new Error(`${file}: a text must be a plain string, not ${node.type}`);
}

/**
 * Ships each locale of src/widget/locales/translations/ packed: its texts alone, in the order of en.ts,
 * without the keys its source names them by (see `PackedTranslation`). The module must default-export a
 * literal object; the build fails, naming the key, when it does not hold exactly the keys of en.ts.
 */
export const packTranslations: Plugin = {
  name: "cap-chat:pack-translations",
  apply: "build",
  // After TypeScript is stripped: the module is then plain JavaScript.
  enforce: "post",
  transform: {
    filter: { id: /[\\/]src[\\/]widget[\\/]locales[\\/]translations[\\/][\w-]+\.ts$/ },
    handler(code, id) {
      const file = id.slice(id.lastIndexOf("src"));
      const program = this.parse(code) as unknown as { body: Node[] };
      const exported = program.body.find((statement) => statement.type === "ExportDefaultDeclaration");
      if (!exported) throw new Error(`${file} must default-export its texts`);
      const packed = packTranslation(literalValue(exported.declaration as Node, file), file);
      return { code: `export default ${JSON.stringify(packed)};\n`, map: null };
    },
  },
};
