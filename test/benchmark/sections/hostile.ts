import { cpuUsage } from "node:process";

import { figure, notMeasured, type BenchRow } from "../report/table.ts";
import { measureHostileInChromium } from "../browser/hostile-bench.ts";
import { hostileCases, plainTextWork, showIn, type HostileCost } from "./hostile-costs.ts";

/**
 * What the cost bounds promise for each input, in milliseconds: in Node, parsing it (and, apart, reading
 * its plain text); in Chromium, showing it as a bubble (parsing and building its DOM).
 */
export const HOSTILE_BUDGETS = { node: 50, chromium: 200 } as const;

/** Milliseconds of this process's CPU time `work` takes. */
function milliseconds(work: () => void): number {
  const before = cpuUsage();
  work();
  const { user, system } = cpuUsage(before);
  return (user + system) / 1000;
}

/**
 * The hostile cases in Node (see `hostileCases`), parsed as the Markdown bubble parses them, without a
 * DOM: the fastest of `runs` runs of each after one to warm up, in CPU time, so other processes sharing
 * the machine do not count. Node tells only the whole process's CPU time, which counts the garbage
 * collector's helper threads too: the fastest run is the one it disturbed least.
 */
export function measureHostileInNode(runs: number): HostileCost[] {
  const show = showIn(null);
  const fastestOf = (prepare: () => () => void): { milliseconds: number; error?: string } => {
    try {
      prepare()();
      return { milliseconds: Math.min(...Array.from({ length: runs }, () => milliseconds(prepare()))) };
    } catch (error) {
      return { milliseconds: Number.NaN, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  };
  return hostileCases().map((hostileCase) => {
    const shown = fastestOf(() => hostileCase.prepare(show));
    const plain = plainTextWork(hostileCase);
    const read = plain && fastestOf(() => plain);
    const error = shown.error ?? read?.error;
    return { name: hostileCase.name, show: shown.milliseconds, plainText: read && read.milliseconds, ...(error ? { error } : {}) };
  });
}

/** The rows of `costs` measured `where` (as `how` says), each against its budget. */
function rowsOf(costs: readonly HostileCost[], where: keyof typeof HOSTILE_BUDGETS, how: string): BenchRow[] {
  const budget = HOSTILE_BUDGETS[where];
  return costs.map(({ name, show, plainText, error }) => {
    if (error) return notMeasured(`hostile, ${where}: ${name}`, `threw ${error}`);
    const parts = plainText === null ? "" : `; its plain text ${plainText.toFixed(1)} ms`;
    return figure(
      `hostile, ${where}: ${name}`,
      show,
      "ms",
      `${how}${parts}; ${Math.max(show, plainText ?? 0) < budget ? "within" : "OVER"} ${budget} ms`,
      1,
    );
  });
}

/** The hostile-input rows of the benchmark, measured in Node. */
export const hostileRowsInNode = (runs = 5): BenchRow[] => rowsOf(measureHostileInNode(runs), "node", `parse, CPU, fastest of ${runs}`);

/** The hostile-input rows of the benchmark, measured in Chromium. */
export const hostileRowsInChromium = async (runs = 5): Promise<BenchRow[]> =>
  rowsOf(await measureHostileInChromium(runs), "chromium", `main-thread CPU, median of ${runs}`);
