/**
 * Checks the built files in dist/ against the size budgets of size/size-budgets.ts (run after `npm run build`;
 * it builds nothing itself). Prints raw, minified, gzip and brotli sizes of each budget's files, and how
 * far any is above its target; then exits 1 with one line per broken budget (the file, its size, and by
 * how much it is over) when a budget's files are over its gzip ceiling, import a package they must not,
 * or do not exist.
 */
import { distRoot } from "./size/bundle-size.ts";
import { sizeBudgets } from "./size/size-budgets.ts";
import { checkBudgets, kilobytes } from "./size/size-check.ts";

const { measures, problems, gaps } = checkBudgets(distRoot, sizeBudgets);
console.table(
  measures.map(({ budget, label, files, sizes }) => ({
    budget: label,
    files: files.length,
    raw: kilobytes(sizes.raw),
    minified: kilobytes(sizes.minified),
    gzip: kilobytes(sizes.gzip),
    brotli: kilobytes(sizes.brotli),
    "gzip ceiling": `${kilobytes(budget.gzipCeiling)} ${sizes.gzip > budget.gzipCeiling ? "OVER" : "ok"}`,
    "gzip target":
      budget.gzipTarget === undefined ? "" : `${kilobytes(budget.gzipTarget)} ${sizes.gzip > budget.gzipTarget ? "above" : "ok"}`,
  })),
);
if (gaps.length > 0) {
  console.log("\nAbove their targets:");
  for (const gap of gaps) console.log(`- ${gap}`);
}
if (problems.length > 0) {
  console.error(`\n${problems.length} size budget(s) broken:`);
  for (const problem of problems) console.error(`- ${problem.message}`);
  process.exit(1);
}
console.log("Every size budget holds.");
