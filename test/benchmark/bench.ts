/**
 * The benchmark: bundle sizes, widget render cost, reconnect and echo times, time to the first greeting.
 * Prints one table (name, value, unit, notes); figures are medians over fixed run counts. It measures the
 * dist/ that exists and builds it first only with `--build`. Exits non-zero only when a section crashed
 * (its row then says why), never because of a figure.
 *
 *   npx tsx test/benchmark/bench.ts [--build]
 */
import { buildDistribution, measureBundleSizes } from "./bench-bundle-size.ts";
import { measureSendToEcho } from "./bench-echo.ts";
import { measureFirstGreeting } from "./bench-first-greeting.ts";
import { measureMarkdown } from "./bench-markdown.ts";
import { measureReconnect } from "./bench-reconnect.ts";
import { measureWidgetRendering } from "./bench-render.ts";
import { runSection, type BenchSection } from "./bench-section.ts";
import { formatTable, type BenchRow } from "./bench-table.ts";

const sections: BenchSection[] = [
  { name: "bundle size", timeoutMilliseconds: 10_000, run: measureBundleSizes },
  { name: "time to first greeting", timeoutMilliseconds: 20_000, run: measureFirstGreeting },
  { name: "reconnect", timeoutMilliseconds: 30_000, run: measureReconnect },
  { name: "send to echo", timeoutMilliseconds: 10_000, run: measureSendToEcho },
  // The DOM sections come last: the happy-dom globals they install replace fetch while they run.
  { name: "widget rendering", timeoutMilliseconds: 20_000, run: measureWidgetRendering },
  { name: "markdown", timeoutMilliseconds: 10_000, run: measureMarkdown },
];

if (process.argv.includes("--build")) buildDistribution();

const rows: BenchRow[] = [];
let crashed = false;
for (const section of sections) {
  process.stderr.write(`measuring ${section.name}…\n`);
  const outcome = await runSection(section);
  rows.push(...outcome.rows);
  crashed ||= outcome.failed;
}
console.log(formatTable(rows));
// Sockets or timers a timed-out section left behind must not keep the process alive.
process.exit(crashed ? 1 : 0);
