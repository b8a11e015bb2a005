import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CDPSession, Page } from "@playwright/test";
import { buildScript } from "./bench-pages.ts";

/** Builds `entry` minified, as the app is, and runs it in `page` made a blank document. */
export async function loadScriptPage(page: Page, entry: string): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), "cap-chat-bench-"));
  try {
    await buildScript(entry, folder, "entry.js", true);
    await page.setContent("<!doctype html><html><body></body></html>");
    await page.addScriptTag({ content: await readFile(join(folder, "entry.js"), "utf8") });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A DevTools session on `page` with its performance metrics on, and a clock of the page's main-thread CPU
 * time in milliseconds (the `ThreadTime` metric).
 */
export async function mainThreadClock(page: Page): Promise<{ session: CDPSession; threadTime: () => Promise<number> }> {
  const session = await page.context().newCDPSession(page);
  await session.send("Performance.enable");
  const threadTime = async () => {
    const { metrics } = await session.send("Performance.getMetrics");
    return metrics.find((metric) => metric.name === "ThreadTime")!.value * 1000;
  };
  return { session, threadTime };
}
