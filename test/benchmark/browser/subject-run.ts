import { gzipSync } from "node:zlib";
import type { Browser, CDPSession, Page } from "@playwright/test";
import type { BenchSubject } from "./bench-pages.ts";
import type { BenchProbe } from "./page-probe.ts";
import { summarizeTrace, traceCategories, type TraceEvent, type TraceTimes } from "./trace-summary.ts";

/** What one visit measures; NaN where something did not happen in time. */
export interface RunFigures {
  /** Gzip bytes of the static files (scripts, styles, images, fonts) received by the load event. */
  bytesAtLoad: number;
  /** The same, received before the click: with a prefetch while idle, this includes it. */
  bytesBeforeEngagement: number;
  launcherMilliseconds: number;
  heapAfterLoadBytes: number;
  /** Main-thread scripting self time from a trace, microtasks included. */
  scriptDuringLoadMilliseconds: number;
  platformRequestsBeforeEngagement: number;
  shadowElementsAtLoad: number;
  clickToPanelMilliseconds: number;
  clickToGreetingMilliseconds: number;
  streamLongTasks: number;
  /** Main-thread scripting self time from a trace, microtasks included. */
  streamScriptMilliseconds: number;
  /** CDP's ScriptDuration, which leaves out microtasks (where Preact renders). */
  streamScriptDurationMilliseconds: number;
  streamLayoutAndStyleMilliseconds: number;
  streamCommits: number;
  streamFrames: number;
  streamMaxCommitsPerFrame: number;
  streamHeapGrowthBytes: number;
  streamLastChunkToShownMilliseconds: number;
  streamTextExact: number;
  burstFirstToLastMilliseconds: number;
}

/** The workload and the timings of one visit. */
export interface VisitPlan {
  /** The reference server serving the pages. */
  baseUrl: string;
  /** After load, the page is left alone this long before the click (requests are counted meanwhile). */
  idleMilliseconds: number;
  /** The greeting's last words: the click is timed until they show. */
  greetingEnd: string;
  stream: { fragments: string[]; markdown: string; plain: string; perSecond: number };
  burst: { messages: { id: string; text: string }[]; lastText: string };
  /** The longest any single wait may take. */
  timeoutMilliseconds: number;
}

const streamMessageId = "bench-stream";
const staticResourceTypes = new Set(["script", "stylesheet", "image", "font", "media"]);
/** The Messaging API, its socket, and the Chat API. */
const platformPath = /^\/(api\/|ws\b|v1\/[^/]+\/[^/]+\/chat\/)/;

type Method = keyof BenchProbe;

/** Calls the probe in the page; arguments travel as JSON. */
function callProbe<Name extends Method>(
  page: Page,
  name: Name,
  ...args: Parameters<BenchProbe[Name]>
): Promise<Awaited<ReturnType<BenchProbe[Name]>>> {
  return page.evaluate(`window.benchProbe.${name}(...${JSON.stringify(args)})`);
}

/** Main-thread time by kind while `run` runs, from a Chromium trace of the page. */
async function traced<Result>(browser: Browser, page: Page, run: () => Promise<Result>): Promise<[Result, TraceTimes]> {
  await browser.startTracing(page, { categories: traceCategories });
  let result: Result;
  try {
    result = await run();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const trace = await browser.stopTracing();
  const parsed = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  return [result, summarizeTrace(Array.isArray(parsed) ? parsed : parsed.traceEvents)];
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
}

/** The JS heap in use after forced garbage collections. */
async function heapAfterGarbageCollection(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  return (await cdp.send("Runtime.getHeapUsage")).usedSize;
}

const seconds = (after: Record<string, number>, before: Record<string, number>, ...names: string[]) =>
  names.reduce((total, name) => total + ((after[name] ?? 0) - (before[name] ?? 0)) * 1000, 0);
const orNaN = (value: number | null | undefined) => (typeof value === "number" ? value : Number.NaN);
const normalized = (text: string) => text.replace(/\s+/g, " ").trim();
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The figures of a visit before any are taken: NaN, "not measured". */
function unmeasured(): RunFigures {
  const figures = {} as Record<keyof RunFigures, number>;
  for (const key of figureKeys) figures[key] = Number.NaN;
  return figures;
}

const figureKeys: readonly (keyof RunFigures)[] = [
  "bytesAtLoad",
  "bytesBeforeEngagement",
  "launcherMilliseconds",
  "heapAfterLoadBytes",
  "scriptDuringLoadMilliseconds",
  "platformRequestsBeforeEngagement",
  "shadowElementsAtLoad",
  "clickToPanelMilliseconds",
  "clickToGreetingMilliseconds",
  "streamLongTasks",
  "streamScriptMilliseconds",
  "streamScriptDurationMilliseconds",
  "streamLayoutAndStyleMilliseconds",
  "streamCommits",
  "streamFrames",
  "streamMaxCommitsPerFrame",
  "streamHeapGrowthBytes",
  "streamLastChunkToShownMilliseconds",
  "streamTextExact",
  "burstFirstToLastMilliseconds",
];

/**
 * One visit to a subject's page in a fresh browser context: load, stay idle, click the launcher, then a
 * streamed answer and a burst of messages delivered on its socket. A calibration subject (a socket and
 * nothing else) only takes the stream, to tell what delivering its frames costs by itself. See
 * `RunFigures` for what is taken.
 */
export async function visit(browser: Browser, subject: BenchSubject, plan: VisitPlan, probeSource: string): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript({ content: probeSource });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const figures = unmeasured();
    if (subject.calibration) {
      await page.goto(new URL(subject.path, plan.baseUrl).href, { waitUntil: "load" });
      await callProbe(page, "serverQuiet", 200, plan.timeoutMilliseconds);
      Object.assign(figures, await measureStream(browser, page, cdp, plan, ""));
      return figures;
    }
    Object.assign(figures, await measureLoadAndClick(browser, page, cdp, subject, plan));
    Object.assign(
      figures,
      await measureStream(browser, page, cdp, plan, subject.rendersMarkdown ? plan.stream.plain : plan.stream.markdown),
    );
    const burst = await callProbe(page, "runBurst", plan.burst.messages, plan.burst.lastText, plan.timeoutMilliseconds);
    figures.burstFirstToLastMilliseconds = orNaN(burst.shownAt) - burst.startedAt;
    return figures;
  } finally {
    await context.close();
  }
}

/** Loads the page, leaves it idle, and clicks the launcher: the figures up to the greeting. */
async function measureLoadAndClick(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  subject: BenchSubject,
  plan: VisitPlan,
): Promise<Partial<RunFigures>> {
  let engaged = false;
  let platformRequests = 0;
  const countPlatform = (url: string) => {
    if (!engaged && platformPath.test(new URL(url).pathname)) platformRequests++;
  };
  page.on("request", (request) => countPlatform(request.url()));
  page.on("websocket", (socket) => countPlatform(socket.url()));
  const bodies: Promise<number>[] = [];
  page.on("response", (response) => {
    if (engaged || !staticResourceTypes.has(response.request().resourceType())) return;
    bodies.push(response.body().then((body) => gzipSync(body, { level: 9 }).byteLength));
  });

  const [atLoad, loaded] = await traced(browser, page, async () => {
    await page.goto(new URL(subject.path, plan.baseUrl).href, { waitUntil: "load" });
    const received = bodies.length;
    await pause(plan.idleMilliseconds);
    return received;
  });
  const heapAfterLoad = await heapAfterGarbageCollection(cdp);
  const launcherAt = await callProbe(page, "launcherAt");
  const shadowElements = await callProbe(page, "shadowElements");

  await callProbe(page, "armClick", plan.greetingEnd, plan.timeoutMilliseconds);
  engaged = true;
  const sizes = await Promise.all(bodies);
  await page.locator('[part~="launcher"]').click();
  const clicked = await callProbe(page, "clickTimes");
  await callProbe(page, "serverQuiet", 200, plan.timeoutMilliseconds);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    bytesAtLoad: sum(sizes.slice(0, atLoad)),
    bytesBeforeEngagement: sum(sizes),
    launcherMilliseconds: orNaN(launcherAt),
    heapAfterLoadBytes: heapAfterLoad,
    scriptDuringLoadMilliseconds: loaded.scripting,
    platformRequestsBeforeEngagement: platformRequests,
    shadowElementsAtLoad: shadowElements,
    clickToPanelMilliseconds: orNaN(clicked.panelAt) - orNaN(clicked.clickedAt),
    clickToGreetingMilliseconds: orNaN(clicked.greetingAt) - orNaN(clicked.clickedAt),
  };
}

/** Streams the long answer on the page's socket: its cost, its DOM commits, and whether it ends exact. */
async function measureStream(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  plan: VisitPlan,
  expected: string,
): Promise<Partial<RunFigures>> {
  // The heap is taken before the frames are built, and after they are gone.
  const heapBefore = await heapAfterGarbageCollection(cdp);
  await callProbe(page, "prepareStream", streamMessageId, plan.stream.fragments);
  const before = await metrics(cdp);
  const [[streamed, window], times] = await traced(browser, page, async () => {
    await callProbe(page, "openWindow");
    const result = await callProbe(page, "runStream", plan.stream.perSecond, expected, expected ? plan.timeoutMilliseconds : 0);
    return [result, await callProbe(page, "closeWindow")] as const;
  });
  const after = await metrics(cdp);
  await pause(300);
  const heapAfter = await heapAfterGarbageCollection(cdp);
  const shown = normalized((await callProbe(page, "messageText", streamMessageId)) ?? "");
  return {
    streamLongTasks: window.longTasks,
    streamScriptMilliseconds: times.scripting,
    streamScriptDurationMilliseconds: seconds(after, before, "ScriptDuration"),
    streamLayoutAndStyleMilliseconds: times.layoutAndStyle,
    streamCommits: window.commits,
    streamFrames: window.frames,
    streamMaxCommitsPerFrame: window.maxCommitsPerFrame,
    streamHeapGrowthBytes: heapAfter - heapBefore,
    streamLastChunkToShownMilliseconds: orNaN(streamed.shownAt) - streamed.lastSentAt,
    streamTextExact: shown === normalized(expected) ? 1 : 0,
  };
}
