import { measureFiles, matchFiles, moduleGraph, type Sizes } from "./bundle-size.ts";

/** One size budget: which built files it covers, how they are measured, and their gzip ceiling. */
export interface SizeBudget {
  /** What the files are, as a failure names them. */
  name: string;
  /**
   * Paths under dist/; the last part may hold `*` for a content hash. The budget fails when they match no
   * file at all, since a renamed file must not leave its budget checking nothing.
   */
  files: readonly string[];
  /** Counts the files the matched ones import statically too, transitively (what loading them costs). */
  withStaticImports?: boolean;
  /** Holds each matched file to the ceiling on its own (one per locale), rather than all of them together. */
  each?: boolean;
  /** Minifies first: the npm files ship readable, and an app's bundler minifies them. */
  minify?: boolean;
  /** Largest allowed gzip size in bytes, of each file with `each`, else of all together. */
  gzipCeiling: number;
  /**
   * The gzip size in bytes the files are to reach, where it is below the ceiling: the check reports how
   * far above it they are, and fails only above the ceiling.
   */
  gzipTarget?: number;
  /** Fails when the files import a package (such as preact): they must need nothing outside the build. */
  selfContained?: boolean;
}

/** One measured unit of a budget: all its files, or with `each` one of them (with its imports). */
export interface BudgetMeasure {
  budget: SizeBudget;
  /** What was measured: the budget's name, with the file for `each`. */
  label: string;
  files: string[];
  sizes: Sizes;
  packages: string[];
}

/** A broken budget: its files are missing, over the ceiling, or import a package. */
export interface BudgetProblem {
  budget: SizeBudget;
  kind: "missing" | "over" | "imports";
  /** One sentence naming the budget (and file), the sizes and what to do. */
  message: string;
}

/** What checking the budgets found: every measure, every problem, and how far measures are above their targets. */
export interface BudgetReport {
  measures: BudgetMeasure[];
  problems: BudgetProblem[];
  /** One sentence per measure above its target (and within its ceiling): the size and the gap. */
  gaps: string[];
}

/** Bytes as KB (1,024 bytes), with two decimals. */
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;

const bytes = (count: number): string => `${count.toLocaleString("en")} B`;

/** Measures every budget's files under `root` (the dist/ folder) and lists each budget they break. */
export function checkBudgets(root: string, budgets: readonly SizeBudget[]): BudgetReport {
  const measures: BudgetMeasure[] = [];
  const problems: BudgetProblem[] = [];
  const gaps: string[] = [];
  const fail = (budget: SizeBudget, kind: BudgetProblem["kind"], message: string) => problems.push({ budget, kind, message });
  for (const budget of budgets) {
    const matched = [...new Set(budget.files.flatMap((pattern) => matchFiles(root, pattern)))].sort();
    if (matched.length === 0) {
      fail(
        budget,
        "missing",
        `${budget.name}: no file in dist/ matches ${budget.files.join(" or ")}; build first (npm run build), or update the pattern in test/benchmark/size/size-budgets.ts`,
      );
      continue;
    }
    for (const group of budget.each ? matched.map((file) => [file]) : [matched]) {
      // Packages count however deep they are imported; files, only with `withStaticImports`.
      const graph = moduleGraph(root, group);
      const files = budget.withStaticImports ? graph.files : group;
      const label = budget.each ? `${budget.name}: ${group[0]}` : budget.name;
      const measure: BudgetMeasure = { budget, label, files, sizes: measureFiles(root, files, !!budget.minify), packages: graph.packages };
      measures.push(measure);
      const over = measure.sizes.gzip - budget.gzipCeiling;
      const target = budget.gzipTarget;
      if (over <= 0 && target !== undefined && measure.sizes.gzip > target) {
        gaps.push(
          `${label} is ${bytes(measure.sizes.gzip)} gzip, ${bytes(measure.sizes.gzip - target)} above its target of ${bytes(target)} (${kilobytes(target)})`,
        );
      }
      if (over > 0) {
        fail(
          budget,
          "over",
          `${label} is ${bytes(measure.sizes.gzip)} gzip (${kilobytes(measure.sizes.gzip)}), ${bytes(over)} over its ceiling of ${bytes(budget.gzipCeiling)} (${kilobytes(budget.gzipCeiling)}); files: ${files.join(", ")}`,
        );
      }
      if (budget.selfContained && graph.packages.length > 0) {
        fail(budget, "imports", `${label} imports ${graph.packages.join(", ")}; it must need nothing outside the build`);
      }
    }
  }
  return { measures, problems, gaps };
}
