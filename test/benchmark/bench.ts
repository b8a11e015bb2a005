/**
 * The benchmark: in Node, bundle sizes, widget render cost, reconnect and echo times, time to the first
 * greeting, Markdown cost, the cost of hostile inputs and a 10,000-event replay into the store; then, in
 * one Chromium run, the built script tag against a floor page (see browser/browser-bench.ts), the hostile
 * inputs again in Chromium (see sections/hostile.ts), and a conversation of 2,000 messages (see
 * browser/long-conversation-bench.ts). Prints one table per part; figures are medians over fixed run counts. It
 * measures the dist/ that exists and builds it first only with `--build`. Exits non-zero only when a
 * section crashed (its row then says why), never because of a figure.
 *
 * Each measurement is a section of sections/, driving the clients and environments of support/ with the
 * inputs of fixtures/; report/ runs the sections and prints their tables; size/ holds the budgets `npm run size` checks.
 *
 *   npx tsx test/benchmark/bench.ts [--build] [--only=node|browser] [--section=TEXT] [--runs=5] [--baseline=DIR] [--markdown]
 *
 * `--section` measures only the Node sections whose name holds TEXT (`--section=replay`), and nothing in Chromium.
 * `--runs` sets the browser visits per page (at least 5 for published figures); `--baseline` adds the
 * script tag of another build's dist/ folder as a column, measured in the same turns; `--markdown`
 * prints the browser table as Markdown, for the README.
 */
import { runBrowserBench } from "./browser/browser-bench.ts";
import { measureLongConversationInChromium } from "./browser/long-conversation-bench.ts";
import { formatComparisonTable } from "./report/comparison-table.ts";
import { runSection, type BenchSection } from "./report/section.ts";
import { formatTable, notMeasured, type BenchRow } from "./report/table.ts";
import { measureSendToEcho } from "./sections/echo.ts";
import { measureFirstGreeting } from "./sections/first-greeting.ts";
import { hostileRowsInChromium, hostileRowsInNode } from "./sections/hostile.ts";
import { measureReplay } from "./sections/long-conversation.ts";
import { measureMarkdown } from "./sections/markdown.ts";
import { measureReconnect } from "./sections/reconnect.ts";
import { measureWidgetRendering } from "./sections/render.ts";
import { buildDistribution, measureBundleSizes } from "./sections/sizes.ts";

const nodeSections: BenchSection[] = [
  { name: "bundle size", timeoutMilliseconds: 10_000, run: measureBundleSizes },
  { name: "time to first greeting", timeoutMilliseconds: 20_000, run: measureFirstGreeting },
  { name: "reconnect", timeoutMilliseconds: 30_000, run: measureReconnect },
  { name: "send to echo", timeoutMilliseconds: 10_000, run: measureSendToEcho },
  { name: "replay into the store", timeoutMilliseconds: 30_000, run: measureReplay },
  // The DOM sections come last: the happy-dom globals they install replace fetch while they run.
  { name: "widget rendering", timeoutMilliseconds: 20_000, run: measureWidgetRendering },
  { name: "markdown", timeoutMilliseconds: 20_000, run: measureMarkdown },
  { name: "hostile inputs", timeoutMilliseconds: 120_000, run: () => hostileRowsInNode() },
];

const argument = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split("=")[1];
const section = argument("section");
const only = section === undefined ? argument("only") : "node";
const runs = Number(argument("runs") ?? 5);

if (process.argv.includes("--build")) buildDistribution();

let crashed = false;
if (only !== "browser") {
  const rows: BenchRow[] = [];
  for (const measured of nodeSections.filter(({ name }) => section === undefined || name.includes(section))) {
    process.stderr.write(`measuring ${measured.name}…\n`);
    const outcome = await runSection(measured);
    rows.push(...outcome.rows);
    crashed ||= outcome.failed;
  }
  console.log(formatTable(rows));
}
if (only !== "node") {
  let result: Awaited<ReturnType<typeof runBrowserBench>> | undefined;
  const outcome = await runSection({
    name: "browser",
    // About 15 s per visit (a 3 s idle and a 10 s stream), up to four pages per turn.
    timeoutMilliseconds: 60_000 + runs * 4 * 30_000,
    run: async () => {
      result = await runBrowserBench({
        runs,
        baselineDist: argument("baseline"),
        progress: (message) => process.stderr.write(`${message}…\n`),
      });
      return [];
    },
  });
  crashed ||= outcome.failed;
  console.log("");
  if (result) {
    console.log(formatComparisonTable(result.subjects, result.rows, process.argv.includes("--markdown")));
    console.log(result.conditions);
  } else {
    console.log(formatTable(outcome.rows.length > 0 ? outcome.rows : [notMeasured("browser", "no result")]));
  }
  process.stderr.write("measuring hostile inputs in Chromium…\n");
  const hostile = await runSection({
    name: "hostile inputs in Chromium",
    timeoutMilliseconds: 300_000,
    run: () => hostileRowsInChromium(),
  });
  crashed ||= hostile.failed;
  console.log("");
  console.log(formatTable(hostile.rows));
  process.stderr.write("measuring a long conversation in Chromium…\n");
  const longConversation = await runSection({
    name: "long conversation in Chromium",
    timeoutMilliseconds: 300_000,
    run: () => measureLongConversationInChromium(),
  });
  crashed ||= longConversation.failed;
  console.log("");
  console.log(formatTable(longConversation.rows));
}
// Sockets or timers a timed-out section left behind must not keep the process alive.
process.exit(crashed ? 1 : 0);
