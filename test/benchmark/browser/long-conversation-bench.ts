import { chromium, type LaunchOptions, type Page } from "@playwright/test";
import { resolve } from "node:path";
import playwrightConfig from "../../../playwright.config.ts";
import { median } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";
import { loadScriptPage, mainThreadClock } from "./script-page.ts";

/** The page's functions, defined by long-conversation-entry.ts. */
interface LongConversationPage {
  mountLong(count: number, floating: boolean, chunks: number): Promise<number>;
  streamChunks(chunks: number): Promise<void>;
  idleFrames(frames: number): Promise<void>;
  openPanel(): Promise<number>;
  unmountLong(): void;
}

const short = 20;
const long = 2000;
/** Chunks streamed per run, one a frame. */
const chunksPerRun = 60;
/** The ceiling the issue sets on the cost of a chunk at 2,000 messages over its cost at 20. */
export const chunkRatioCeiling = 1.2;

/**
 * The widget with a long conversation on a Chromium `page`, built from the sources as the app is: the
 * main thread's CPU time (DevTools `ThreadTime`: script, style, layout and paint) of one streamed chunk,
 * one a frame below 20 and below 2,000 messages, less that of idle frames, median of `runs` runs of
 * {@link chunksPerRun} chunks each; the time from `open` to the frame after the one showing a closed
 * floating panel of 2,000 messages; and the JavaScript heap the widget with 2,000 messages holds, after
 * garbage collection.
 */
export async function measureLongConversationOnPage(page: Page, runs: number): Promise<BenchRow[]> {
  await loadScriptPage(page, resolve(import.meta.dirname, "long-conversation-entry.ts"));
  const { session, threadTime } = await mainThreadClock(page);
  const cpuOf = async (run: () => Promise<unknown>) => {
    const before = await threadTime();
    await run();
    return (await threadTime()) - before;
  };
  const heap = async () => {
    await session.send("HeapProfiler.collectGarbage");
    return (await session.send("Runtime.getHeapUsage")).usedSize;
  };

  const chunkCost = async (count: number) => {
    const costs: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const shown = await page.evaluate(
        ([messages, chunks]) => (globalThis as unknown as LongConversationPage).mountLong(messages, false, chunks),
        [count, chunksPerRun] as const,
      );
      if (shown !== count) throw new Error(`the widget showed ${shown} of ${count} messages`);
      const idle = await cpuOf(() =>
        page.evaluate((frames) => (globalThis as unknown as LongConversationPage).idleFrames(frames), chunksPerRun),
      );
      const streamed = await cpuOf(() =>
        page.evaluate((chunks) => (globalThis as unknown as LongConversationPage).streamChunks(chunks), chunksPerRun),
      );
      await page.evaluate(() => (globalThis as unknown as LongConversationPage).unmountLong());
      // The first run warms the engine up, and is not counted.
      if (run > 0) costs.push(Math.max(0, streamed - idle) / chunksPerRun);
    }
    return median(costs);
  };
  const atShort = await chunkCost(short);
  const atLong = await chunkCost(long);

  const opens: number[] = [];
  for (let run = 0; run <= runs; run++) {
    await page.evaluate((count) => (globalThis as unknown as LongConversationPage).mountLong(count, true, 1), long);
    const milliseconds = await page.evaluate(() => (globalThis as unknown as LongConversationPage).openPanel());
    await page.evaluate(() => (globalThis as unknown as LongConversationPage).unmountLong());
    if (run > 0) opens.push(milliseconds);
  }

  const empty = await heap();
  await page.evaluate((count) => (globalThis as unknown as LongConversationPage).mountLong(count, false, 1), long);
  const held = (await heap()) - empty;
  const nodes = (await session.send("Memory.getDOMCounters")).nodes;
  await page.evaluate(() => (globalThis as unknown as LongConversationPage).unmountLong());
  await session.detach();

  const chunkNotes = `main-thread CPU per chunk, one a frame, inline, less idle frames; median of ${runs} runs of ${chunksPerRun}`;
  const ratio = atLong / atShort;
  return [
    figure(`streamed chunk below ${short} messages (median)`, atShort, "ms", chunkNotes, 3),
    figure(`streamed chunk below ${long.toLocaleString("en")} messages (median)`, atLong, "ms", chunkNotes, 3),
    figure(
      `streamed chunk, ${long.toLocaleString("en")} over ${short} messages`,
      ratio,
      "x",
      `ceiling ${chunkRatioCeiling}${ratio > chunkRatioCeiling ? ": OVER" : ""}`,
      2,
    ),
    figure(
      `open -> panel visible, ${long.toLocaleString("en")} messages (median)`,
      median(opens),
      "ms",
      `floating, mounted closed; open() to the frame after the one that shows it; median of ${runs}`,
      1,
    ),
    figure(
      `heap with ${long.toLocaleString("en")} messages`,
      held / 1024 / 1024,
      "MB",
      `JavaScript heap the mounted widget holds after GC, inline; ${nodes.toLocaleString("en")} DOM nodes in the page`,
      1,
    ),
  ];
}

/** `measureLongConversationOnPage` in a Chromium of its own, launched as the e2e suite launches it. */
export async function measureLongConversationInChromium(runs = 5): Promise<BenchRow[]> {
  const browser = await chromium.launch({ ...(playwrightConfig.use?.launchOptions as LaunchOptions), headless: true });
  try {
    return await measureLongConversationOnPage(await browser.newPage(), runs);
  } finally {
    await browser.close();
  }
}
