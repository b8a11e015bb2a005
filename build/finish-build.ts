/**
 * The last step of `npm run build`: puts the release banner on the type declarations (which tsc writes
 * without it; the builds' JavaScript has it already), then writes dist/integrity.json with the SRI value of
 * every shipped file (see integrity-manifest.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { integrityManifest, manifestName } from "./integrity-manifest.ts";
import { releaseBanner } from "./release-banner.ts";

const root = resolve(import.meta.dirname, "..");
const distRoot = join(root, "dist");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };

for (const entry of readdirSync(join(distRoot, "types"), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
  const path = join(entry.parentPath, entry.name);
  const content = readFileSync(path, "utf8");
  if (!content.startsWith(releaseBanner(version))) writeFileSync(path, releaseBanner(version) + content);
}

const manifest = integrityManifest(distRoot, version);
writeFileSync(join(distRoot, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`dist/${manifestName}: ${Object.keys(manifest.files).length} files of cap-chat ${version}`);
