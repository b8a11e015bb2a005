import type { Page } from "@playwright/test";
import { en } from "../../src/widget/locales/en.ts";
import { expect, test, type ChatWidget } from "../support/fixtures.ts";

/** Pixels between the end of the log's content and the bottom of its box. */
function distanceFromEnd(widget: ChatWidget) {
  return widget.log.evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight);
}

/** A short panel whose log scrolls, read to its end. */
async function scrolledConversation(page: Page, widget: ChatWidget): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 560 });
  await widget.startOn("/script-tag.html");
  await widget.send("markdown");
  // The polite live region announces the answer once it has finished streaming, so the log stops growing.
  await expect(widget.panel.locator('[aria-live="polite"]')).toContainText("inline code");
  await expect.poll(() => widget.log.evaluate((log) => log.scrollHeight > log.clientHeight + 100)).toBe(true);
  await expect.poll(() => distanceFromEnd(widget)).toBeLessThanOrEqual(1);
}

test.describe("the transcript keeps the latest message in view", () => {
  test("a connection banner appearing above the log leaves the reader at the end", async ({ page, widget }) => {
    await scrolledConversation(page, widget);
    await page.context().setOffline(true);
    await expect(page.getByText(en.offlineDetail)).toBeVisible();
    await expect.poll(() => distanceFromEnd(widget)).toBeLessThanOrEqual(1);
    await expect(widget.panel.locator(".new-messages")).toHaveCount(0);
    await page.context().setOffline(false);
  });

  test("a shorter panel leaves the reader at the end", async ({ page, widget }) => {
    await scrolledConversation(page, widget);
    await page.setViewportSize({ width: 1280, height: 420 });
    await expect.poll(() => distanceFromEnd(widget)).toBeLessThanOrEqual(1);
  });

  test("a reader who scrolled up stays where they are when the panel gets shorter", async ({ page, widget }) => {
    await scrolledConversation(page, widget);
    await page.setViewportSize({ width: 1280, height: 720 });
    await widget.log.evaluate((log) => log.scrollTo({ top: 0 }));
    await expect.poll(() => widget.log.evaluate((log) => log.scrollTop)).toBe(0);
    const before = await widget.log.evaluate((log) => log.clientHeight);
    // Shorter, and still tall enough for the floating panel (a shorter viewport gets the full-screen sheet).
    await page.setViewportSize({ width: 1280, height: 560 });
    await expect.poll(() => widget.log.evaluate((log) => log.clientHeight)).toBeLessThan(before - 100);
    // Resize observations are delivered with the next frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await widget.log.evaluate((log) => log.scrollTop)).toBe(0);
  });
});
