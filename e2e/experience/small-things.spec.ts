import type { Page } from "@playwright/test";
import fr from "../../src/widget/locales/translations/fr.ts";
import { en } from "../../src/widget/locales/en.ts";
import { deliveries } from "../support/delivery-table.ts";
import { expect, test } from "../support/fixtures.ts";

/** The page of the server's origin with the script tag, or `<cap-chat>` from it, configured by `attributes`. */
async function scriptTagPage(page: Page, attributes: string, element: boolean): Promise<void> {
  await page.goto("/index.html");
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Set up</title></head><body><main><h1>Set up</h1></main>` +
      (element
        ? `<cap-chat ${attributes}></cap-chat><script src="/dist/cap-chat.js"></script>`
        : `<script src="/dist/cap-chat.js" ${attributes.replace(/(\S+)="/g, 'data-$1="')}></script>`) +
      `</body></html>`,
  );
}

/** Whether the "new messages" button and the newest entry of the transcript under `host` overlap. */
function buttonCoversNewest(page: Page, host: string) {
  return page.evaluate((host) => {
    const root = document.querySelector(host)!.shadowRoot!;
    const button = root.querySelector(".new-messages")?.getBoundingClientRect();
    // The newest entry: the last row of the transcript's last block, or what follows the blocks.
    const last = root.querySelector(".entries")!.lastElementChild!;
    const newest = (last.matches(".block") ? last.lastElementChild! : last).getBoundingClientRect();
    const log = root.querySelector('[part~="log"]')!.getBoundingClientRect();
    if (!button) return null;
    const newestShown = { top: Math.max(newest.top, log.top), bottom: Math.min(newest.bottom, log.bottom) };
    return newestShown.top < newestShown.bottom && button.top < newestShown.bottom && button.bottom > newestShown.top;
  }, host);
}

test.describe("the small things", () => {
  for (const delivery of deliveries) {
    test(`${delivery.name}: one time per run of messages, and a welcome that does not repeat the title`, async ({ page, widget }) => {
      await widget.startOn(delivery.path);
      await widget.send("What can you do?");
      await expect(widget.agentMessages).toHaveCount(2);
      await expect(widget.log.locator("time")).toHaveCount(1);
      await expect(widget.agentMessages.last().locator("time")).toHaveCount(1);
      const title = await page.locator('[part~="header"] h2').textContent();
      await expect(page.locator('[part~="welcome"]')).not.toContainText(title!);
    });

    test(`${delivery.name}: new messages out of view show an arrow and their count, clear of the newest`, async ({ page, widget }) => {
      // The platform's frames are held back while the reader scrolls up, as on a slow line.
      let holding = false;
      const held: (() => void)[] = [];
      await page.routeWebSocket(/\/ws/, (socket) => {
        const server = socket.connectToServer();
        server.onMessage((message) => (holding ? held.push(() => socket.send(message)) : socket.send(message)));
      });
      await widget.startOn(delivery.path);
      for (const ask of ["markdown", "markdown"]) await widget.send(ask);
      await expect(widget.agentMessages).toHaveCount(3);
      holding = true;
      await widget.input.fill("What can you do?");
      await widget.sendButton.click();
      await widget.log.evaluate((log) => log.scrollTo({ top: 0 }));
      holding = false;
      for (const send of held.splice(0)) send();
      await expect(widget.agentMessages).toHaveCount(4);
      const button = page.locator(".new-messages");
      await expect(button).toBeVisible();
      await expect(button.locator("svg")).toHaveCount(1);
      await expect(button).toHaveText("1 unread message");
      // Scroll down a little at a time: the button never covers the newest entry, and goes once it shows.
      for (let step = 0; step < 60 && (await button.count()) > 0; step += 1) {
        expect(await buttonCoversNewest(page, delivery.host), `at step ${step}`).not.toBe(true);
        await widget.log.evaluate((log) => log.scrollBy({ top: 40 }));
      }
      await expect(button).toHaveCount(0);
    });

    test(`${delivery.name}: the preview's close button is named "Dismiss preview"`, async ({ page, widget }) => {
      await widget.startOn(delivery.path);
      await page.getByRole("button", { name: "Minimise chat" }).click();
      await page.evaluate(
        ({ subscription, host }) => {
          const target =
            subscription === "command"
              ? { send: (text: string) => (window as unknown as { CapChat(command: string, text: string): void }).CapChat("send", text) }
              : subscription === "controller"
                ? (window as unknown as { capChatDemo: { controller: { send(text: string): void } } }).capChatDemo.controller
                : (document.querySelector(host) as unknown as { send(text: string): void });
          target.send("markdown");
        },
        { subscription: delivery.subscription, host: delivery.host },
      );
      await expect(page.locator('[part~="preview"]')).toBeVisible();
      await page.getByRole("button", { name: en.dismiss }).click();
      await expect(page.locator('[part~="preview"]')).toHaveCount(0);
    });
  }

  for (const element of [false, true]) {
    test(`${element ? "custom element" : "script tag"}: a wrong connector token says what the site's owner must fix, and offers no useless action`, async ({
      page,
      widget,
    }) => {
      await scriptTagPage(page, `messaging-url="/" connector-token="not-a-connector" header-title="Set up"`, element);
      await widget.launcher.click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("The chat is not set up correctly. For the site's owner to fix: connector-unknown.");
      await expect(alert.getByRole("button")).toHaveCount(0);
      await expect(page.getByRole("button", { name: en.newConversation })).toHaveCount(0);
      await expect(widget.input).toBeDisabled();
    });
  }
});

test.describe("in French", () => {
  // The platform with every variant fails to forward to a live agent a message written while the handoff waits.
  test.use({ locale: "fr-FR", platform: "all-variants" });

  // The platform drops only what is written in the second or so while the handoff waits; a send that lands
  // after the live agent joined is delivered, so this check is not yet reliable.
  test.fixme("a message the platform dropped says Non envoyé", async ({ page, widget }) => {
    await page.goto("/script-tag.html");
    await widget.launcher.click();
    await expect(widget.agentMessages.first()).toBeVisible();
    const input = page.getByRole("textbox", { name: fr.message });
    await input.fill("I want a human");
    await input.press("Enter");
    // Written while the handoff waits for its live agent, the message is refused: Failed to forward.
    await expect(page.locator('[part~="handoff"]')).toBeVisible();
    await input.fill("Are you there?");
    await input.press("Enter");
    await expect(widget.userMessages.last()).toHaveAttribute("data-status", "failed");
    await expect(widget.userMessages.last()).toContainText("Non envoyé");
  });
});
