import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { en } from "../../src/widget/locales/en.ts";
import { expect, fault, sessionIdOf, test, type ChatWidget } from "../support/fixtures.ts";

/**
 * The pictures of the README and docs/, written into docs/images/ by `npm run screenshots` only: the rest of
 * the suite, and `npm test`, skip this file, so they never rewrite tracked files. Each picture is the panel
 * alone, on the script tag's demo page, at a device pixel ratio of 1 to keep the files small.
 */
const asked = process.env.npm_lifecycle_event === "screenshots" || process.env.CAP_CHAT_SCREENSHOTS === "1";

const imagesFolder = resolve(import.meta.dirname, "..", "..", "docs", "images");

test.skip(!asked, "writes docs/images/: run `npm run screenshots`");
test.use({ viewport: { width: 1000, height: 760 }, deviceScaleFactor: 1 });

/** Writes the panel of `widget` to docs/images/`name`.png, without the pointer or a blinking caret in it. */
async function keepPanel(widget: ChatWidget, name: string): Promise<void> {
  await widget.page.mouse.move(0, 0);
  await widget.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await widget.panel.screenshot({ path: resolve(imagesFolder, `${name}.png`), animations: "disabled", caret: "hide" });
}

/** Opens the script tag's demo page, in `scheme`, and waits for the greeting. */
async function start(page: Page, widget: ChatWidget, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await widget.startOn("/script-tag.html");
  await expect(widget.suggestions.first()).toBeVisible();
}

/** A page embedding the script tag over the Chat API only, answering no handoff: a site that routes nothing. */
async function chatApiPage(page: Page, answer: boolean): Promise<void> {
  const listener = answer
    ? `<script>CapChat("on", "cap-chat:handoff-required", (detail) => detail.respond({ text: "Our team is waiting for your call at +1 555 0100.", url: "tel:+15550100", label: "Call +1 555 0100" }));</script>`
    : "";
  await page.goto("/index.html");
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Chat API</title></head><body>` +
      `<script>window.CapChat=window.CapChat||function(){(window.CapChat.q=window.CapChat.q||[]).push(arguments)};</script>` +
      `<script src="/dist/cap-chat.js" data-transport="chat" data-chat-url="/cap-chat/chat" data-messaging-url="/" data-header-title="Cap demo" data-avatar-url="/avatars/agent.svg"></script>` +
      `${listener}</body></html>`,
  );
}

test.describe("the pictures of the docs", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`a conversation, in ${scheme}`, async ({ page, widget }) => {
      await start(page, widget, scheme);
      await widget.send("What can you do?");
      await expect(widget.agentMessages).toHaveCount(2);
      await expect(widget.page.locator('[part~="typing"]')).toHaveCount(0);
      await keepPanel(widget, `conversation-${scheme}`);
    });

    test(`a cut answer, marked incomplete with Try again, in ${scheme}`, async ({ page, widget, serverUrl }) => {
      const sessionId = sessionIdOf(page);
      await start(page, widget, scheme);
      await fault(serverUrl, "cutNextStream", { sessionId: await sessionId });
      await widget.send("tell me something long");
      await expect(widget.agentMessages.nth(1).getByRole("button", { name: "Try again" })).toBeVisible({ timeout: 15_000 });
      await keepPanel(widget, `cut-stream-${scheme}`);
    });
  }

  for (const answered of [true, false]) {
    test(`a Chat API handoff ${answered ? "the site answers" : "no one answers"}`, async ({ page, widget, serverUrl }) => {
      await fault(serverUrl, "refuseUpgrades", { refuse: true });
      await chatApiPage(page, answered);
      await widget.open();
      await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
      await widget.send("I want a human");
      await expect(page.getByText(en.handoff.over)).toBeVisible();
      await keepPanel(widget, `chat-api-handoff-${answered ? "answered" : "unanswered"}`);
    });
  }

  test("the end's confirmation", async ({ page, widget }) => {
    await start(page, widget, "light");
    await widget.send("What can you do?");
    await expect(widget.agentMessages).toHaveCount(2);
    await page.getByRole("button", { name: "More options" }).click();
    await page.getByRole("menuitem", { name: "End conversation" }).click();
    await expect(page.getByRole("alertdialog", { name: "End this conversation?" })).toBeVisible();
    await keepPanel(widget, "end-confirmation");
  });
});
