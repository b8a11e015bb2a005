import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { figure, notMeasured, type BenchRow } from "./bench-table.ts";
import { isBuilt, measureBundle } from "./bundle-size.ts";

const projectRoot = resolve(import.meta.dirname, "../..");

/** The built deliveries whose size is reported, as vite.config.ts names them. */
const bundles = [
  { label: "script tag dist/cap-chat.js (IIFE, Preact included)", entry: "cap-chat.js" },
  { label: "client-only ESM dist/client.js, up front", entry: "client.js" },
] as const;

/**
 * Runs `npm run build` with its output on stderr, so the table on stdout stays clean. Throws when the
 * build fails.
 */
export function buildDistribution(): void {
  const result = spawnSync("npm", ["run", "build"], { cwd: projectRoot, stdio: ["ignore", 2, 2] });
  if (result.status !== 0) throw new Error(`npm run build failed with status ${result.status}`);
}

/**
 * Minified, gzip (zlib level 9) and brotli (quality 11) bytes of each delivery as `npm run size` measures
 * them: an entry with the chunks it loads up front. A missing dist gives rows saying so; this never builds
 * by itself.
 */
export function measureBundleSizes(): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const bundle of bundles) {
    if (!isBuilt(bundle.entry)) {
      rows.push(notMeasured(`size: ${bundle.label}`, `dist/${bundle.entry} missing (run npm run build, or pass --build)`));
      continue;
    }
    const measure = measureBundle(bundle.entry);
    const notes = measure.files === 1 ? "1 file" : `entry and ${measure.files - 1} imported chunk(s)`;
    rows.push(figure(`size minified: ${bundle.label}`, measure.minified / 1024, "KiB", `${notes}; ${measure.minified} B`));
    rows.push(figure(`size gzip -9: ${bundle.label}`, measure.gzip / 1024, "KiB", `${measure.gzip} B`));
    rows.push(figure(`size brotli q11: ${bundle.label}`, measure.brotli / 1024, "KiB", `${measure.brotli} B`));
  }
  return rows;
}
