import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

/** A slow mobile network: 1.5 s of latency each way and 50 KB/s, as the review measured it. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 1500,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
}

interface FirstClick {
  /** Milliseconds from the click to the first frame that shows the panel. */
  shownAfter: number;
  /** Whether the panel shown then was the loader's frame, with the app still loading. */
  frameShown: boolean;
  /** Each time the panel was hidden, or left the page, from then on. */
  flashes: string[];
}

/**
 * Watches, from the next click on, how soon the widget under `host` shows its panel (checked on every
 * animation frame) and whether the panel, once shown, is ever hidden or replaced; read it with `firstClick`.
 */
async function watchFirstClick(page: Page, host: string): Promise<void> {
  await page.evaluate((host) => {
    const record = window as unknown as { firstClick: FirstClick };
    const root = document.querySelector(host)!.shadowRoot!;
    document.addEventListener(
      "click",
      () => {
        const clickedAt = performance.now();
        const check = () => {
          const panel = root.querySelector<HTMLElement>('[part~="panel"]');
          if (!panel || panel.hidden || panel.getBoundingClientRect().height === 0) return requestAnimationFrame(check);
          record.firstClick = {
            shownAfter: performance.now() - clickedAt,
            frameShown: panel.getAttribute("aria-hidden") === "true",
            flashes: [],
          };
          new MutationObserver(() => {
            const now = root.querySelector<HTMLElement>('[part~="panel"]');
            if (now !== panel) record.firstClick.flashes.push("the panel was replaced");
            else if (panel.hidden) record.firstClick.flashes.push("the panel was hidden");
          }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"] });
        };
        requestAnimationFrame(check);
      },
      { capture: true, once: true },
    );
  }, host);
}

function firstClick(page: Page): Promise<FirstClick | undefined> {
  return page.evaluate(() => (window as unknown as { firstClick?: FirstClick }).firstClick);
}

test.describe("a fast first click on any network", () => {
  for (const { name, path, host } of [
    { name: "script tag", path: "/script-tag.html", host: "cap-chat-host" },
    { name: "custom element from the script tag", path: "/no-build.html", host: "cap-chat" },
  ]) {
    test(`${name}: on a throttled network the panel's frame shows within 100 ms of the click, and the app takes it over without a flash`, async ({
      page,
      widget,
    }) => {
      test.setTimeout(90_000);
      await throttle(page);
      await page.goto(path, { timeout: 60_000 });
      await expect(widget.launcher).toBeVisible({ timeout: 30_000 });
      await watchFirstClick(page, host);
      await widget.launcher.click();
      await expect.poll(() => firstClick(page)).toBeDefined();
      const shown = (await firstClick(page))!;
      expect(shown.shownAfter, "click → panel frame").toBeLessThan(100);
      expect(shown.frameShown, "the loader's frame, with the app still loading").toBe(true);
      await expect(widget.panel).toHaveAttribute("role", "dialog", { timeout: 60_000 });
      await expect(widget.input).toBeFocused({ timeout: 60_000 });
      await expect(widget.agentMessages.first()).toBeVisible({ timeout: 60_000 });
      expect((await firstClick(page))!.flashes).toEqual([]);
    });
  }
});

test.describe("inline widgets wait for the visitor", () => {
  test("two inline widgets create no session at load; the first focus starts only that widget's", async ({ page }) => {
    const sessions: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/sessions") sessions.push(request.url());
    });
    await page.goto("/two-widgets.html");
    const sales = page.locator("cap-chat#sales");
    const support = page.locator("cap-chat#support");
    await expect(sales.getByRole("textbox", { name: "Message" })).toBeEnabled();
    await expect(support.getByRole("textbox", { name: "Message" })).toBeEnabled();
    await page.waitForTimeout(2_000);
    expect(sessions).toEqual([]);
    await sales.getByRole("textbox", { name: "Message" }).focus();
    await expect(sales.locator('[part~="message-agent"]').first()).toBeVisible();
    expect(sessions).toHaveLength(1);
    await support.getByRole("textbox", { name: "Message" }).fill("Hello from the keyboard");
    await support.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(support.locator('[part~="message-user"]')).toHaveAttribute("data-status", "sent");
    expect(sessions).toHaveLength(2);
  });
});
