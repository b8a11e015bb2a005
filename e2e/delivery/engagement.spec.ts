import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { en } from "../../src/widget/locales/en.ts";
import { pluralText } from "../../src/widget/locales/locale-strings.ts";
import { expect, expectLongAnswerInFull, test } from "../support/fixtures.ts";

/** Whether a request goes to the platform: the Messaging API, its socket, or the Chat API. */
function isPlatformRequest(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname.startsWith("/api/") || pathname.startsWith("/ws") || pathname.startsWith("/v1/");
}

/** Keeps the address of every request and socket the page opens from now on. */
function recordTraffic(page: Page): { requests: string[]; sockets: string[] } {
  const traffic = { requests: [] as string[], sockets: [] as string[] };
  page.on("request", (request) => traffic.requests.push(request.url()));
  page.on("websocket", (socket) => traffic.sockets.push(socket.url()));
  return traffic;
}

/** How long a page is watched after load for requests it should not make. */
const quietMilliseconds = 3_500;

test.describe("nothing contacts the platform until the visitor engages", () => {
  for (const path of ["/script-tag.html", "/element.html", "/no-build.html"]) {
    test(`no request to the platform after load, until the launcher opens the chat (${path})`, async ({ page, widget, pageProblems }) => {
      const traffic = recordTraffic(page);
      await page.goto(path);
      await expect(widget.launcher).toBeVisible();
      // Watched on the network for a while after load: nothing may reach the platform on its own.
      await page.waitForTimeout(quietMilliseconds);
      expect(traffic.requests.filter(isPlatformRequest)).toEqual([]);
      expect(traffic.sockets).toEqual([]);
      await widget.open();
      await widget.expectGreeting();
      expect(traffic.requests.filter(isPlatformRequest).length).toBeGreaterThan(0);
      expect(traffic.sockets).toHaveLength(1);
      expect(pageProblems).toEqual([]);
    });
  }

  test("the script tag loads only its small loader up front, and fetches the app when the browser is idle", async ({ page, widget }) => {
    const traffic = recordTraffic(page);
    await page.goto("/script-tag.html");
    await expect(widget.launcher).toBeVisible();
    await expect.poll(() => traffic.requests.some((url) => /\/dist\/cap-chat-app-[\w-]+\.js$/.test(url))).toBe(true);
    // The app was fetched, not mounted: the launcher is still the loader's, and there is no panel.
    await expect(widget.panel).toHaveCount(0);
    expect(traffic.requests.some((url) => /cap-chat-(fr|ar|fallback)-/.test(url))).toBe(false);
  });

  test("the app's launcher takes the loader's place with the same look, and keeps focus", async ({ page, widget }) => {
    await page.goto("/script-tag.html");
    const look = () =>
      widget.launcher.evaluate((launcher) => {
        const style = getComputedStyle(launcher);
        const box = launcher.getBoundingClientRect();
        return [box.x, box.y, box.width, box.height, style.backgroundColor, style.color, style.borderRadius, style.boxShadow];
      });
    const before = await look();
    await widget.launcher.focus();
    await page.keyboard.press("Enter");
    await expect(widget.input).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(widget.launcher).toBeFocused();
    await expect(widget.launcher).toHaveAttribute("aria-expanded", "false");
    expect(await look()).toEqual(before);
  });

  test("the launcher before engagement has no accessibility violation", async ({ page, widget }) => {
    await page.goto("/script-tag.html");
    await expect(widget.launcher).toBeVisible();
    await expect(widget.launcher).toHaveAccessibleName("Open chat");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe("a conversation in progress survives a reload", () => {
  test("a stored session resumes at load, without a click, and the open panel is restored", async ({ page, widget }) => {
    await widget.startOn("/script-tag.html");
    await widget.send("Show me an image");
    await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
    const resumed = page.waitForEvent("websocket");
    await page.reload();
    await resumed;
    await expect(widget.input).toBeVisible();
    await expect(page.getByRole("button", { name: "Close chat" })).toHaveAttribute("aria-expanded", "true");
    await expect(widget.userMessages).toHaveCount(1);
    await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
    // Closed, it stays closed through the next reload, and the session still resumes.
    await page.getByRole("button", { name: "Close chat" }).click();
    const resumedAgain = page.waitForEvent("websocket");
    await page.reload();
    await resumedAgain;
    await expect(widget.launcher).toHaveAttribute("aria-expanded", "false");
    await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
  });

  test("a reload in the middle of a stream keeps the stream, and counts the answer as unread in the closed panel, whenever it ends", async ({
    page,
    widget,
  }) => {
    await widget.startOn("/script-tag.html");
    // Asked with the panel closed, the answer is unseen however fast it streams, before or after the reload.
    await page.getByRole("button", { name: "Close chat" }).click();
    await page.evaluate(() => window.CapChat?.("send", "Tell me something long"));
    await expect(widget.agentMessages).toHaveCount(2);
    await page.reload();
    await expect(widget.launcher).toHaveAccessibleDescription(pluralText(en.unread, "en", 1));
    // Read where the visitor reads it: the closed panel's content is not rendered.
    await widget.open();
    await expectLongAnswerInFull(widget.agentMessages.nth(1));
  });

  test("an answer that finished in the closed panel is still unread after a reload", async ({ page, widget }) => {
    await widget.startOn("/script-tag.html");
    await widget.send("Tell me something long");
    await expect(widget.agentMessages).toHaveCount(2);
    await page.getByRole("button", { name: "Close chat" }).click();
    // The answer finishes before the reload: the count the tab kept comes back with it.
    await expect(widget.launcher).toHaveAccessibleDescription(pluralText(en.unread, "en", 1), { timeout: 20_000 });
    await page.reload();
    await expect(widget.launcher).toHaveAccessibleDescription(pluralText(en.unread, "en", 1));
    await widget.open();
    await expectLongAnswerInFull(widget.agentMessages.nth(1));
    await page.reload();
    await expect(widget.input).toBeVisible();
    await expect(widget.launcher).not.toHaveAccessibleDescription(pluralText(en.unread, "en", 1));
  });

  test("the open panel follows the visitor to another page of the site in the same tab", async ({ page, widget }) => {
    await widget.startOn("/script-tag.html");
    await widget.send("hello there");
    await page.goto("/strict-csp.html");
    await expect(widget.input).toBeVisible();
    await expect(widget.userMessages.first()).toContainText("hello there");
  });
});

test.describe("pages without a build step", () => {
  test("a page with only dist/cap-chat.js and a <cap-chat> tag converses", async ({ page, widget, pageProblems }) => {
    await widget.startOn("/no-build.html");
    await expect(page.getByRole("heading", { name: "Harbour help" })).toBeVisible();
    await widget.send("markdown please");
    await expect(widget.agentMessages.last().locator("strong")).toHaveText("bold");
    expect(pageProblems).toEqual([]);
  });

  test("two <cap-chat> widgets with their own id keep separate conversations across a reload", async ({ page }) => {
    await page.goto("/two-widgets.html");
    const sales = page.locator("cap-chat#sales");
    const support = page.locator("cap-chat#support");
    for (const [widget, text] of [
      [sales, "A question for sales"],
      [support, "A question for support"],
    ] as const) {
      // An inline widget starts with the visitor's first focus inside it.
      await widget.getByRole("textbox", { name: "Message" }).fill(text);
      await widget.getByRole("button", { name: "Send", exact: true }).click();
      await expect(widget.locator('[part~="message-user"]').last()).toHaveAttribute("data-status", "sent");
      await expect(widget.locator('[part~="message-agent"]').first()).toContainText("Ask me anything");
    }
    await page.reload();
    await expect(sales.locator('[part~="message-user"]')).toHaveCount(1);
    await expect(support.locator('[part~="message-user"]')).toHaveCount(1);
    await expect(sales.locator('[part~="message-user"]')).toContainText(["A question for sales"]);
    await expect(support.locator('[part~="message-user"]')).toContainText(["A question for support"]);
  });
});
