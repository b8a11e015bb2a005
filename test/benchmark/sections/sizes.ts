import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { figure, notMeasured, type BenchRow } from "../report/table.ts";
import { distRoot } from "../size/bundle-size.ts";
import { sizeBudgets } from "../size/size-budgets.ts";
import { checkBudgets } from "../size/size-check.ts";

const projectRoot = resolve(import.meta.dirname, "../../..");

/**
 * Runs `npm run build` with its output on stderr, so the table on stdout stays clean. Throws when the
 * build fails.
 */
export function buildDistribution(): void {
  const result = spawnSync("npm", ["run", "build"], { cwd: projectRoot, stdio: ["ignore", 2, 2] });
  if (result.status !== 0) throw new Error(`npm run build failed with status ${result.status}`);
}

/**
 * The size of each budget's files as `npm run size` measures them (test/benchmark/size/size-budgets.ts):
 * minified and gzip (zlib level 9), against the budget's gzip ceiling. A budget whose files are not
 * built gives a row saying so; this never builds by itself.
 */
export function measureBundleSizes(): BenchRow[] {
  const { measures, problems } = checkBudgets(distRoot, sizeBudgets);
  const rows = measures.flatMap(({ budget, label, files, sizes }) => {
    const ceiling = `ceiling ${budget.gzipCeiling} B${sizes.gzip > budget.gzipCeiling ? ": OVER" : ""}`;
    return [
      figure(`size minified: ${label}`, sizes.minified / 1024, "KiB", `${files.join(", ")}; ${sizes.minified} B`),
      figure(`size gzip -9: ${label}`, sizes.gzip / 1024, "KiB", `${sizes.gzip} B; ${ceiling}`),
    ];
  });
  const missing = problems.filter((problem) => problem.kind === "missing");
  return [...rows, ...missing.map(({ budget }) => notMeasured(`size: ${budget.name}`, `no ${budget.files.join(" or ")} in dist/`))];
}
