import type { Page } from "@playwright/test";
import { deliveries } from "../support/delivery-table.ts";
import { expect, test, type ChatWidget } from "../support/fixtures.ts";

/** The demo agent's answer to anything it does not know, the same every time. */
const unknownAnswer = "I'm a demo agent, so I only know a few tricks.";

/** Starts counting, from now on, how often the polite live region of the widget under `host` is given text holding `text`. */
async function countAnnouncements(page: Page, host: string, text: string): Promise<void> {
  await page.evaluate(
    ({ host, text }) => {
      const record = window as unknown as { announced: number };
      record.announced = 0;
      const region = document.querySelector(host)!.shadowRoot!.querySelector('[aria-live="polite"]')!;
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          const written = mutation.type === "characterData" ? [mutation.target] : [...mutation.addedNodes];
          record.announced += written.filter((node) => node.textContent?.includes(text)).length;
        }
      }).observe(region, { subtree: true, childList: true, characterData: true });
    },
    { host, text },
  );
}

/** Which part of the widget under `host` holds focus: its `part`, or its accessible name, or "page" outside it. */
function focusedPart(page: Page, host: string) {
  return page.evaluate((host) => {
    const root = document.querySelector(host)!.shadowRoot!;
    const focused = root.activeElement as HTMLElement | null;
    if (!focused) return "page";
    return focused.getAttribute("part") ?? focused.getAttribute("aria-label") ?? focused.localName;
  }, host);
}

/** The transcript's visible height, and what overflows sideways: the page, the panel or the log. */
function layout(page: Page, host: string) {
  return page.evaluate((host) => {
    const root = document.querySelector(host)!.shadowRoot!;
    const log = root.querySelector('[part~="log"]')!.getBoundingClientRect();
    const panel = root.querySelector('[part~="panel"]')!.getBoundingClientRect();
    const input = root.querySelector('[part~="input"]')!.getBoundingClientRect();
    const viewport = { width: innerWidth, height: innerHeight };
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > viewport.width) problems.push("the page scrolls sideways");
    if (panel.left < 0 || panel.right > viewport.width + 0.5 || panel.top < 0 || panel.bottom > viewport.height + 0.5)
      problems.push("the panel leaves the viewport");
    if (input.bottom > viewport.height + 0.5) problems.push("the input is below the fold");
    for (const part of ["panel", "log", "header", "composer"]) {
      const element = root.querySelector(`[part~="${part}"]`)!;
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`${part} scrolls sideways`);
    }
    return { transcript: log.height, panel: { width: panel.width, height: panel.height }, viewport, problems };
  }, host);
}

async function sendTwiceMore(widget: ChatWidget, text: string): Promise<void> {
  for (let time = 0; time < 2; time += 1) await widget.send(text);
}

test.describe("screen readers hear every reply", () => {
  for (const delivery of deliveries) {
    test(`${delivery.name}: three identical replies are announced three times`, async ({ page, widget }) => {
      await widget.startOn(delivery.path);
      await countAnnouncements(page, delivery.host, unknownAnswer);
      await widget.send("What can you do?");
      await expect(widget.agentMessages).toHaveCount(2);
      await sendTwiceMore(widget, "What can you do?");
      await expect(widget.agentMessages).toHaveCount(4);
      await expect.poll(() => page.evaluate(() => (window as unknown as { announced: number }).announced)).toBe(3);
    });
  }
});

test.describe("the keyboard stays in the widget while its panel is open", () => {
  for (const delivery of deliveries) {
    test(`${delivery.name}: Tab runs launcher → header → transcript → composer and round again, never through the page`, async ({
      page,
      widget,
    }) => {
      await widget.startOn(delivery.path);
      await widget.input.fill("A draft");
      await widget.launcher.focus();
      const order: string[] = [];
      for (let press = 0; press < 14; press += 1) {
        await page.keyboard.press("Tab");
        order.push(await focusedPart(page, delivery.host));
      }
      expect(order, order.join(", ")).not.toContain("page");
      expect(order, order.join(", ")).toContain("launcher");
      const round = order.slice(0, order.indexOf("launcher") + 1);
      expect(round[0], "the header comes first").toBe("menu");
      expect(round.indexOf("log"), "then the transcript").toBeGreaterThan(0);
      expect(round.indexOf("input"), "then the composer").toBeGreaterThan(round.indexOf("log"));
      expect(round.at(-2)).toBe("send");
      // And back, Shift+Tab from the launcher to the composer's last control.
      await widget.launcher.focus();
      await page.keyboard.press("Shift+Tab");
      expect(await focusedPart(page, delivery.host)).toBe("send");
    });
  }

  test("the transcript's focus ring is drawn whole, inside its box", async ({ page, widget }) => {
    await widget.startOn("/script-tag.html");
    await widget.log.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(widget.log).toBeFocused();
    await expect(widget.log).toHaveCSS("outline-style", "solid");
    await expect(widget.log).toHaveCSS("outline-offset", "-2px");
  });
});

test.describe("short and narrow viewports", () => {
  for (const delivery of deliveries) {
    test(`${delivery.name}: a landscape phone (844×390) gives the transcript at least 250 px`, async ({ page, widget }) => {
      await page.setViewportSize({ width: 844, height: 390 });
      await widget.startOn(delivery.path);
      const { transcript, panel, viewport, problems } = await layout(page, delivery.host);
      expect(problems).toEqual([]);
      expect(panel).toEqual(viewport);
      expect(transcript).toBeGreaterThanOrEqual(250);
    });
  }

  for (const { name, viewport, deviceScaleFactor } of [
    { name: "320 px wide", viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
    // 1280×800 at 400 % zoom lays out as 320×200 CSS pixels.
    { name: "400 % zoom", viewport: { width: 320, height: 200 }, deviceScaleFactor: 4 },
  ]) {
    test(`everything reflows at ${name}: the panel fills the viewport, nothing scrolls sideways, the input stays in view`, async ({
      browser,
      serverUrl,
    }) => {
      const context = await browser.newContext({ baseURL: serverUrl, viewport, deviceScaleFactor });
      const page = await context.newPage();
      await page.goto("/script-tag.html");
      await page.locator('[part~="launcher"]').click();
      await expect(page.locator('[part~="message-agent"]').first()).toBeVisible();
      await page.locator('[part~="input"]').fill("markdown");
      await page.keyboard.press("Enter");
      await expect(page.locator('[part~="message-agent"]').last().locator("pre")).toBeVisible();
      const { transcript, panel, problems } = await layout(page, "cap-chat-host");
      expect(problems).toEqual([]);
      expect(panel).toEqual(viewport);
      expect(transcript).toBeGreaterThan(0);
      await expect(page.getByRole("button", { name: "Minimise chat" })).toBeInViewport();
      await context.close();
    });
  }
});
