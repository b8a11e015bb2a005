/**
 * Run by `npm version` (after the build, see package.json): writes the new version and the integrity of its
 * `dist/cap-chat.js` into the README's script tag and CHANGELOG.md (see release-notes.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { IntegrityManifest } from "./integrity-manifest.ts";
import { stampChangelog, stampReadme } from "./release-notes.ts";

const root = resolve(import.meta.dirname, "..");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
const manifest = JSON.parse(readFileSync(join(root, "dist/integrity.json"), "utf8")) as IntegrityManifest;
if (manifest.version !== version) throw new Error(`dist/ is of ${manifest.version}, not ${version}: build first`);
const integrity = manifest.files["cap-chat.js"] as string;
const today = new Date().toISOString().slice(0, 10);
for (const [file, stamp] of [
  ["README.md", (text: string) => stampReadme(text, version, integrity)],
  ["CHANGELOG.md", (text: string) => stampChangelog(text, version, integrity, today)],
] as const) {
  writeFileSync(join(root, file), stamp(readFileSync(join(root, file), "utf8")));
}
console.log(`README.md and CHANGELOG.md: cap-chat ${version}, cap-chat.js ${integrity}`);
