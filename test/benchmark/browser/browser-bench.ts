import { chromium, type LaunchOptions } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { greeting } from "../../../demo/server/agent/replies.ts";
import { startReferenceServer } from "../../../demo/server/index.ts";
import playwrightConfig from "../../../playwright.config.ts";
import { formatRatio, type ComparisonRow } from "../report/comparison-table.ts";
import { median } from "../report/statistics.ts";
import { writeBenchPages } from "./bench-pages.ts";
import { burstMessages, streamedAnswer } from "./stream-text.ts";
import { visit, type RunFigures, type VisitPlan } from "./subject-run.ts";

const distRoot = resolve(import.meta.dirname, "../../../dist");

const streamChunks = 2000;
const streamPerSecond = 200;
const burstSize = 200;
const idleMilliseconds = 3000;

/** How a figure is shown: its value in a run, its unit and rounding, and how runs are summarised. */
interface FigureSpec {
  name: string;
  /** The figure in one run; `delivery` is what delivering the stream costs on a bare page (median). */
  value: (run: RunFigures, delivery: number) => number;
  unit: string;
  digits: number;
  notes: string;
  /** "median" (default), or "count" for a yes/no figure shown as how many runs said yes. */
  summary?: "median" | "count";
}

const kibibytes = (bytes: number) => bytes / 1024;
const mebibytes = (bytes: number) => bytes / 1024 / 1024;

const figureSpecs: readonly FigureSpec[] = [
  {
    name: "JS and CSS received by the load event, gzip",
    value: (run) => kibibytes(run.bytesAtLoad),
    unit: "KiB",
    digits: 1,
    notes: "gzip -9 of each static response; exact",
  },
  {
    name: "bytes before engagement, gzip",
    value: (run) => kibibytes(run.bytesBeforeEngagement),
    unit: "KiB",
    digits: 1,
    notes: `everything static received before the click, ${idleMilliseconds / 1000} s after load (an idle prefetch counts)`,
  },
  {
    name: "navigation → launcher in the DOM",
    value: (run) => run.launcherMilliseconds,
    unit: "ms",
    digits: 0,
    notes: "MutationObserver on the document and every shadow root",
  },
  {
    name: "JS heap after load",
    value: (run) => mebibytes(run.heapAfterLoadBytes),
    unit: "MiB",
    digits: 2,
    notes: `after ${idleMilliseconds / 1000} s idle and a forced GC`,
  },
  {
    name: "script time, load and idle",
    value: (run) => run.scriptDuringLoadMilliseconds,
    unit: "ms",
    digits: 1,
    notes: `main-thread scripting self time in a trace, from navigation to ${idleMilliseconds / 1000} s after load`,
  },
  {
    name: "requests to the platform before engagement",
    value: (run) => run.platformRequestsBeforeEngagement,
    unit: "",
    digits: 0,
    notes: `Messaging and Chat API requests and sockets, load + ${idleMilliseconds / 1000} s`,
  },
  {
    name: "elements rendered at load",
    value: (run) => run.shadowElementsAtLoad,
    unit: "",
    digits: 0,
    notes: "inside the widget's shadow root",
  },
  {
    name: "click → panel visible",
    value: (run) => run.clickToPanelMilliseconds,
    unit: "ms",
    digits: 0,
    notes: "click event to the first animation frame with the panel visible",
  },
  {
    name: "click → greeting shown",
    value: (run) => run.clickToGreetingMilliseconds,
    unit: "ms",
    digits: 0,
    notes: "same, until the agent's greeting shows in the panel",
  },
  {
    name: `stream ${streamChunks} chunks at ${streamPerSecond}/s: long tasks`,
    value: (run) => run.streamLongTasks,
    unit: "",
    digits: 0,
    notes: "PerformanceObserver longtask",
  },
  {
    name: "stream: script time",
    value: (run) => run.streamScriptMilliseconds,
    unit: "ms",
    digits: 0,
    notes: "main-thread scripting self time in a trace, microtasks included; delivering the frames included",
  },
  { name: "stream: script time per chunk", value: (run) => run.streamScriptMilliseconds / streamChunks, unit: "ms", digits: 3, notes: "" },
  {
    name: "stream: script time per chunk, beyond delivery",
    value: (run, delivery) => (run.streamScriptMilliseconds - delivery) / streamChunks,
    unit: "ms",
    digits: 3,
    notes: "less the median cost of delivering the same frames to a bare socket",
  },
  {
    name: "stream: CDP ScriptDuration per chunk",
    value: (run) => run.streamScriptDurationMilliseconds / streamChunks,
    unit: "ms",
    digits: 3,
    notes: "Performance.getMetrics; it leaves out microtasks, where Preact renders",
  },
  {
    name: "stream: layout and style time",
    value: (run) => run.streamLayoutAndStyleMilliseconds,
    unit: "ms",
    digits: 0,
    notes: "self time of layout and style events in the same trace",
  },
  {
    name: "stream: DOM commits",
    value: (run) => run.streamCommits,
    unit: "",
    digits: 0,
    notes: "mutation batches in the page's shadow roots",
  },
  {
    name: "stream: DOM commits per frame, most",
    value: (run) => run.streamMaxCommitsPerFrame,
    unit: "",
    digits: 0,
    notes: "between two animation frames",
  },
  { name: "stream: animation frames", value: (run) => run.streamFrames, unit: "", digits: 0, notes: "" },
  {
    name: "stream: heap growth after GC",
    value: (run) => mebibytes(run.streamHeapGrowthBytes),
    unit: "MiB",
    digits: 2,
    notes: "forced GC before and after; the streamed message stays on screen",
  },
  {
    name: "stream: last chunk → whole text shown",
    value: (run) => run.streamLastChunkToShownMilliseconds,
    unit: "ms",
    digits: 0,
    notes: "first frame showing all of it",
  },
  {
    name: "stream: final text exact",
    value: (run) => run.streamTextExact,
    unit: "runs",
    digits: 0,
    notes: "rendered text equals the expected text (whitespace collapsed)",
    summary: "count",
  },
  {
    name: `burst of ${burstSize} messages: first → last shown`,
    value: (run) => run.burstFirstToLastMilliseconds,
    unit: "ms",
    digits: 0,
    notes: "each message in a task of its own, back to back",
  },
];

/** One row: each subject's median (or count), and the first subject's ratio to the last. */
function compare(spec: FigureSpec, runsPerSubject: RunFigures[][], delivery: number): ComparisonRow {
  const perSubject = runsPerSubject.map((runs) => runs.map((run) => spec.value(run, delivery)));
  if (spec.summary === "count") {
    return {
      name: spec.name,
      values: perSubject.map((values) => `${values.filter(Boolean).length}/${values.length}`),
      ratio: "-",
      unit: spec.unit,
      notes: spec.notes,
    };
  }
  const medians = perSubject.map(median);
  return {
    name: spec.name,
    values: medians.map((value) => (Number.isFinite(value) ? value.toFixed(spec.digits) : "-")),
    ratio: formatRatio(medians[0]!, medians[medians.length - 1]!),
    unit: spec.unit,
    notes: spec.notes,
  };
}

/** Options of the browser benchmark. */
export interface BrowserBenchOptions {
  /** Visits per subject, taken in turns (round robin); at least 5 for the published figures. */
  runs: number;
  /** Another build's dist/ folder, measured as a further subject ("baseline") to compare with. */
  baselineDist?: string;
  /** Called before each visit, for progress. */
  progress?: (message: string) => void;
}

/** The browser benchmark's result: the subjects in column order (the floor last), and one row per figure. */
export interface BrowserBenchResult {
  subjects: string[];
  rows: ComparisonRow[];
  /** How the figures were taken, for a line under the table. */
  conditions: string;
}

/**
 * The browser benchmark. It builds the floor page, starts the reference server in-process (fast agent
 * pacing, loopback) serving the pages and dist/, launches Chromium as the e2e suite does, and visits each
 * subject `runs` times in turns: load and stay idle, click the launcher, then a streamed answer of
 * `streamChunks` chunks and a burst of whole messages, both delivered on the page's own socket by the
 * probe (the reference server's agent writes neither). Each figure is the median over the visits.
 */
export async function runBrowserBench(options: BrowserBenchOptions): Promise<BrowserBenchResult> {
  const folder = await mkdtemp(join(tmpdir(), "cap-chat-bench-"));
  const server = await startReferenceServer({
    port: 0,
    host: "127.0.0.1",
    timeScale: 0.01,
    sessionIdleMilliseconds: 600_000,
    staticRoot: folder,
    distRoot,
  });
  const browser = await chromium.launch({ ...(playwrightConfig.use?.launchOptions as LaunchOptions), headless: true });
  try {
    const pages = await writeBenchPages(folder, server.credentials.demoConnectorToken, options.baselineDist);
    const plan: VisitPlan = {
      baseUrl: server.url,
      idleMilliseconds,
      greetingEnd: greeting("en").text.slice(-18),
      stream: { ...streamedAnswer(streamChunks), perSecond: streamPerSecond },
      burst: burstMessages(burstSize),
      timeoutMilliseconds: 15_000,
    };
    const runs = new Map(pages.subjects.map((subject) => [subject, [] as RunFigures[]]));
    for (let round = 0; round < options.runs; round++) {
      const order = round % 2 === 0 ? pages.subjects : [...pages.subjects].reverse();
      for (const subject of order) {
        options.progress?.(`browser: ${subject.name}, run ${round + 1} of ${options.runs}`);
        runs.get(subject)!.push(await visit(browser, subject, plan, pages.probeSource));
      }
    }
    const compared = pages.subjects.filter((subject) => !subject.calibration);
    const calibration = pages.subjects.filter((subject) => subject.calibration).flatMap((subject) => runs.get(subject)!);
    const delivery = median(calibration.map((run) => run.streamScriptMilliseconds));
    const rows = figureSpecs.map((spec) =>
      compare(
        spec,
        compared.map((subject) => runs.get(subject)!),
        delivery,
      ),
    );
    rows.push({
      name: "stream: delivering the frames alone",
      values: compared.map(() => (Number.isFinite(delivery) ? delivery.toFixed(0) : "-")),
      ratio: "-",
      unit: "ms",
      notes: "the same stream on a page with a bare socket; part of every stream script time above",
    });
    const conditions = `Medians of ${options.runs} visits per page, taken in turns; headless Chromium ${browser.version()}; reference server on loopback, agent pauses scaled by 0.01. Ratio: cap-chat ÷ floor.`;
    return { subjects: compared.map((subject) => subject.name), rows, conditions };
  } finally {
    await browser.close();
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
}
