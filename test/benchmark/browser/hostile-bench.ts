import { chromium, type LaunchOptions, type Page } from "@playwright/test";
import { resolve } from "node:path";
import playwrightConfig from "../../../playwright.config.ts";
import { median } from "../report/statistics.ts";
import type { HostileCost } from "../sections/hostile-costs.ts";
import { loadScriptPage, mainThreadClock } from "./script-page.ts";

/** The page's functions, defined by hostile-entry.ts. */
interface HostilePage {
  hostileCaseNames(): { name: string; plainText: boolean }[];
  prepareHostile(index: number, plainText: boolean): void;
  runHostile(): string | null;
}

/** Builds the page's side of the measurement into `folder` and returns its script. */
/**
 * The hostile cases (see `hostileCases`) on a Chromium `page`: the Markdown bubble built from the sources,
 * minified as the app is, and mounted in a blank document. Each figure is the main thread's CPU time (the
 * DevTools `ThreadTime` metric) around one run, less that of an empty run, the median of `runs` after
 * one to warm up: script and DOM work, robust to other processes sharing the machine. The bubble is
 * removed before its task ends, so no style or layout follows.
 */
export async function measureHostileOnPage(page: Page, runs: number): Promise<HostileCost[]> {
  await loadScriptPage(page, resolve(import.meta.dirname, "hostile-entry.ts"));
  const { session, threadTime } = await mainThreadClock(page);
  const cpu = async (index: number, plainText: boolean): Promise<{ milliseconds: number; error: string | null }> => {
    await page.evaluate(([caseIndex, plain]) => (globalThis as unknown as HostilePage).prepareHostile(caseIndex, plain), [
      index,
      plainText,
    ] as const);
    const before = await threadTime();
    const error = await page.evaluate(() => (globalThis as unknown as HostilePage).runHostile());
    return { milliseconds: (await threadTime()) - before, error };
  };
  const medianOf = async (index: number, plainText: boolean) => {
    const results = [];
    // The first run warms the engine up, and is not counted.
    for (let run = 0; run <= runs; run++) results.push(await cpu(index, plainText));
    results.shift();
    return { milliseconds: median(results.map((result) => result.milliseconds)), error: results.find((result) => result.error)?.error };
  };
  const empty = (await medianOf(-1, false)).milliseconds;
  const names = await page.evaluate(() => (globalThis as unknown as HostilePage).hostileCaseNames());
  const costs: HostileCost[] = [];
  for (const [index, { name, plainText }] of names.entries()) {
    const shown = await medianOf(index, false);
    const read = plainText ? await medianOf(index, true) : null;
    const error = shown.error ?? read?.error;
    costs.push({
      name,
      show: Math.max(0, shown.milliseconds - empty),
      plainText: read && Math.max(0, read.milliseconds - empty),
      ...(error ? { error } : {}),
    });
  }
  await session.detach();
  return costs;
}

/** `measureHostileOnPage` in a Chromium of its own, launched as the e2e suite launches it. */
export async function measureHostileInChromium(runs: number): Promise<HostileCost[]> {
  const browser = await chromium.launch({ ...(playwrightConfig.use?.launchOptions as LaunchOptions), headless: true });
  try {
    return await measureHostileOnPage(await browser.newPage(), runs);
  } finally {
    await browser.close();
  }
}
