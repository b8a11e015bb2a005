import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { figure, notMeasured, type BenchRow } from "./bench-table.ts";

const projectRoot = resolve(import.meta.dirname, "../..");
const distRoot = resolve(projectRoot, "dist");

/** The built deliveries whose size is reported, as vite.config.ts names them. */
const bundles = [
  { label: "script tag dist/cap-chat.js (IIFE, Preact included)", entry: "cap-chat.js" },
  { label: "client-only ESM dist/client.js", entry: "client.js" },
] as const;

// Static and dynamic relative imports of the built ES modules (the chunks an entry pulls in).
const relativeImportPattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** The entry and every relative chunk it imports, transitively: what loading the entry costs. */
function filesOf(entry: string): string[] {
  const files: string[] = [];
  const pending = [resolve(distRoot, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.includes(file)) continue;
    files.push(file);
    for (const match of readFileSync(file, "utf8").matchAll(relativeImportPattern)) {
      pending.push(resolve(dirname(file), match[1] as string));
    }
  }
  return files;
}

/**
 * Runs `npm run build` with its output on stderr, so the table on stdout stays clean. Throws when the
 * build fails.
 */
export function buildDistribution(): void {
  const result = spawnSync("npm", ["run", "build"], { cwd: projectRoot, stdio: ["ignore", 2, 2] });
  if (result.status !== 0) throw new Error(`npm run build failed with status ${result.status}`);
}

/**
 * Raw, gzip (zlib level 9) and brotli (quality 11) bytes of each delivery as built, the files as they sit
 * in dist/ (not minified further). An entry counts together with the chunks it imports. A missing dist
 * gives rows saying so; this never builds by itself.
 */
export function measureBundleSizes(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const bundle of bundles) {
    if (!existsSync(resolve(distRoot, bundle.entry))) {
      rows.push(notMeasured(`size: ${bundle.label}`, `dist/${bundle.entry} missing (run npm run build, or pass --build)`));
      continue;
    }
    const files = filesOf(bundle.entry);
    const content = Buffer.concat(files.map((file) => readFileSync(file)));
    const notes = files.length === 1 ? "1 file" : `entry and ${files.length - 1} imported chunk(s), concatenated`;
    const gzip = gzipSync(content, { level: 9 }).byteLength;
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength },
    }).byteLength;
    rows.push(figure(`size raw: ${bundle.label}`, content.byteLength / 1024, "KiB", `${notes}; ${content.byteLength} B`));
    rows.push(figure(`size gzip -9: ${bundle.label}`, gzip / 1024, "KiB", `${gzip} B`));
    rows.push(figure(`size brotli q11: ${bundle.label}`, brotli / 1024, "KiB", `${brotli} B`));
  }
  return rows;
}
