import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { integrityOf } from "./subresource-integrity.ts";

/** dist/integrity.json: the package's version and, by path under dist/, the SRI value of each file it ships. */
export interface IntegrityManifest {
  version: string;
  algorithm: "sha384";
  files: Record<string, string>;
}

/** The manifest's own name, under dist/. */
export const manifestName = "integrity.json";

/** Every file of `folder` and its subfolders, as paths under `root` with `/`, sorted. */
function filesUnder(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(root, join(folder, entry.name)) : [relative(root, join(folder, entry.name))]))
    .map((path) => path.split(sep).join("/"))
    .sort();
}

/**
 * The manifest of the files under `distRoot` as they are now: every file the package ships (all of dist/ but
 * the demo apps, which are not published, and the manifest itself), each with its sha384 SRI value, the one
 * a page puts in `integrity` for a CDN copy of that file.
 */
export function integrityManifest(distRoot: string, version: string): IntegrityManifest {
  const shipped = filesUnder(distRoot).filter((path) => !path.startsWith("demo/") && path !== manifestName);
  return {
    version,
    algorithm: "sha384",
    files: Object.fromEntries(shipped.map((path) => [path, integrityOf(readFileSync(join(distRoot, path)), "sha384")])),
  };
}
