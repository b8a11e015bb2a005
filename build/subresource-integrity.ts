import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/** The Subresource Integrity value of `content` with `algorithm` (`sha256-…`, `sha384-…`). */
export function integrityOf(content: string | Uint8Array, algorithm: "sha256" | "sha384" = "sha256"): string {
  return `${algorithm}-${createHash(algorithm).update(content).digest("base64")}`;
}

/** A dynamic import of a file next to the importing one, as the build prints it. */
const siblingImport = /\bimport\("\.\/([\w.-]+\.js)"\)/g;

/** The name under which the app's entry exports the function that imports a checked sibling. */
const verifiedImportName = "importVerified";

/** The local name the entry's `code` exports `importVerified` under. */
function localExportName(code: string, exported: string): string {
  const clause = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code)?.[1] ?? "";
  for (const part of clause.split(",")) {
    const [local, name = local] = part.trim().split(/\s+as\s+/);
    if (name === exported && local) return local;
  }
  throw new Error(`The app's entry exports no ${exported}, which its siblings are imported with`);
}

/**
 * Makes the script tag's app import each of its sibling files (the list of locales, each locale, the Chat
 * API fallback) only once the browser has checked it against its SHA-256: every `import("./sibling.js")` of
 * the built chunks becomes `importVerified(url, "sha256-…")` (see src/embed/app-source.ts), with the hash of
 * the sibling as it is written, its own imports already rewritten. The hashes live in the file that imports
 * the sibling, which a page downloads only when it needs that sibling: the app holds two (the list of locales
 * and the fallback), the list of locales one per locale. Runs last, once the chunks' code is final.
 */
export const verifiedSiblingImports: Plugin = {
  name: "cap-chat:verified-sibling-imports",
  apply: "build",
  generateBundle(_options, bundle) {
    const chunks = new Map(
      Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [[output.fileName, output] as const] : [])),
    );
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    if (!entry) throw new Error("The app build has no entry");
    const done = new Set<string>();
    const rewrite = (fileName: string, importing: readonly string[]) => {
      if (done.has(fileName)) return;
      if (importing.includes(fileName)) throw new Error(`${fileName} imports itself through its siblings: ${importing.join(" → ")}`);
      const chunk = chunks.get(fileName);
      if (!chunk) return;
      const targets = [...chunk.code.matchAll(siblingImport)].map(([, target]) => target as string).filter((target) => chunks.has(target));
      for (const target of targets) rewrite(target, [...importing, fileName]);
      if (targets.length > 0) {
        const name = chunk === entry ? localExportName(chunk.code, verifiedImportName) : "$importVerified";
        chunk.code = chunk.code.replace(siblingImport, (found, target: string) => {
          const sibling = chunks.get(target);
          return sibling ? `${name}(new URL("./${target}",import.meta.url).href,"${integrityOf(sibling.code)}")` : found;
        });
        // After the banner, which stays the first line.
        if (chunk !== entry) {
          const banner = /^\/\*![^]*?\*\/\n/.exec(chunk.code)?.[0] ?? "";
          chunk.code = `${banner}import{${verifiedImportName} as ${name}}from"./${entry.fileName}";${chunk.code.slice(banner.length)}`;
        }
      }
      done.add(fileName);
    };
    for (const fileName of chunks.keys()) rewrite(fileName, []);
  },
};
