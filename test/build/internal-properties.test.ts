import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The builds give each property of mangle.json a short name. That is safe only for properties that never
 * leave the client's own objects: these checks keep the list to such names.
 */
const root = resolve(import.meta.dirname, "../..");
const { properties } = JSON.parse(readFileSync(join(root, "mangle.json"), "utf8")) as { properties: string[] };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}
const read = (path: string) => readFileSync(join(root, path), "utf8");
const allSource = sourceFiles(join(root, "src")).map((path) => readFileSync(path, "utf8"));

/** The files that declare what leaves the client: its public types, the wire and the embedding. */
const contractFiles = [
  "src/transport/chat-client-types.ts",
  "src/transport/conversation.ts",
  "src/transport/codes.ts",
  "src/transport/environment.ts",
  "src/transport/errors.ts",
  "src/widget/widget-types.ts",
  "src/embed/options-from-attributes.ts",
  "src/embed/event-names.ts",
  ...sourceFiles(join(root, "src/protocol")).map((path) => path.slice(root.length + 1)),
];
/** The property names a text declares: members and object keys, comments and parameters left out. */
function declaredNames(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  return [...code.matchAll(/(?:^\s*(?:readonly\s+)?|[{,]\s*)([A-Za-z_$][\w$]*)\??:/gm)].map((match) => match[1] as string);
}
/** What the stored session record holds: its own fields, and those each outbox entry is saved with. */
const persistence = read("src/transport/delivery/session-persistence.ts");
const storedNames = [
  ...declaredNames(/export interface PersistedSession \{[\s\S]*?\n\}/.exec(persistence)?.[0] ?? ""),
  ...(/outbox\.map\(\(\{([^}]*)\}\)/.exec(persistence)?.[1] ?? "").split(",").map((name) => name.trim()),
];
const contractNames = new Set([...contractFiles.flatMap((path) => declaredNames(read(path))), ...storedNames]);

const builtIns = [Object, Array, String, Number, Boolean, Map, Set, Promise, Function, Error, RegExp, Date, JSON, Math, globalThis].flatMap(
  (value) => [value, (value as { prototype?: object }).prototype].filter(Boolean) as object[],
);

describe("mangle.json", () => {
  it("lists each property once", () => {
    expect(new Set(properties).size).toBe(properties.length);
  });

  it("lists only properties the client's code has", () => {
    const missing = properties.filter((name) => !allSource.some((text) => new RegExp(`\\.${name}\\b|\\b${name}\\??:`).test(text)));
    expect(missing).toEqual([]);
  });

  it("lists no property of the public types, the wire, the stored session or the embedding", () => {
    expect(storedNames).toEqual(expect.arrayContaining(["sessionId", "historyThrough", "outbox", "id", "text", "attempts", "state"]));
    expect(contractNames).toContain("messagingUrl");
    expect(properties.filter((name) => contractNames.has(name))).toEqual([]);
  });

  it("lists no property of the language's built-in objects", () => {
    expect(properties.filter((name) => builtIns.some((value) => name in value))).toEqual([]);
  });

  it("lists no option of Intl's formatters, whose option bags the code builds as objects of its own", () => {
    const formatters = [
      new Intl.DateTimeFormat("en", { weekday: "long", era: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric" }),
      new Intl.DateTimeFormat("en", { minute: "numeric", second: "numeric", fractionalSecondDigits: 1, timeZoneName: "short" }),
      new Intl.DateTimeFormat("en", { hour: "numeric", dayPeriod: "short" }),
      new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "full" }),
      new Intl.NumberFormat("en", { style: "unit", unit: "second", unitDisplay: "long" }),
      new Intl.RelativeTimeFormat("en", { numeric: "auto" }),
      new Intl.PluralRules("en", { type: "ordinal" }),
      new Intl.ListFormat("en", { type: "conjunction" }),
    ];
    const options = new Set(formatters.flatMap((formatter) => Object.keys(formatter.resolvedOptions())));
    expect(options).toContain("day");
    expect(properties.filter((name) => options.has(name))).toEqual([]);
  });

  it("lists no property the code reads by a string, which a short name would miss", () => {
    const byString = properties.filter((name) =>
      allSource.some((text) => new RegExp(`\\[\\s*["'\`]${name}["'\`]\\s*\\]|["'\`]${name}["'\`]\\s+in\\b`).test(text)),
    );
    expect(byString).toEqual([]);
  });
});
