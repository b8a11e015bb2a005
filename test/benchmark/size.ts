/**
 * Size budget of the built files (run after `npm run build`; it builds nothing itself). Prints raw,
 * minified, gzip and brotli sizes of every delivery, up front and with its on-demand chunks, and exits 1
 * when what an entry loads up front exceeds its gzip budget or when a self-contained entry imports a
 * package.
 */
import { bundleTargets, isBuilt, measureBundle } from "./bundle-size.ts";

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

const missing = bundleTargets.filter((target) => !isBuilt(target.entry));
if (missing.length > 0) {
  console.error(`Missing ${missing.map((target) => `dist/${target.entry}`).join(", ")}: run \`npm run build\` first.`);
  process.exit(1);
}

const failures: string[] = [];
const rows = bundleTargets.flatMap((target) => {
  const upFront = measureBundle(target.entry, false, target.alone);
  const withLazy = measureBundle(target.entry, true, target.alone);
  const overBudget = target.gzipBudget !== undefined && upFront.gzip > target.gzipBudget;
  if (overBudget) failures.push(`${target.entry}: ${upFront.gzip} B gzip exceeds the budget of ${target.gzipBudget} B`);
  if (target.selfContained && withLazy.packages.length > 0) {
    failures.push(`${target.entry} imports ${withLazy.packages.join(", ")}; it must need nothing outside the package`);
  }
  const row = (what: string, measure: typeof upFront, budget: string) => ({
    file: `dist/${target.entry}`,
    what,
    files: measure.files,
    raw: kilobytes(measure.raw),
    minified: kilobytes(measure.minified),
    gzip: kilobytes(measure.gzip),
    brotli: kilobytes(measure.brotli),
    "gzip budget": budget,
    imports: measure.packages.join(" ") || "-",
  });
  const budget = target.gzipBudget === undefined ? "-" : `${kilobytes(target.gzipBudget)} ${overBudget ? "OVER" : "ok"}`;
  const rowsOfTarget = [row(`${target.label}, up front`, upFront, budget)];
  if (withLazy.files > upFront.files) rowsOfTarget.push(row(`${target.label}, with on-demand chunks`, withLazy, "-"));
  return rowsOfTarget;
});

console.table(rows);
if (failures.length > 0) {
  for (const failure of failures) console.error(failure);
  process.exit(1);
}
