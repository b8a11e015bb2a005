import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { en } from "../../src/widget/locales/en.ts";
import { deliveries, type Delivery } from "../support/delivery-table.ts";
import { expect, fault, test, type ChatWidget } from "../support/fixtures.ts";

/** The site's answer the demo pages give, and the one a test gives the single-page app. */
const answer = { text: "Our team is waiting for your call at +1 555 0100", label: "Call +1 555 0100" };

/**
 * A page of the server's origin that embeds the widget the way `delivery` does, over the Chat API only, with
 * no listener for `cap-chat:handoff-required`: a site that routes nothing. The single-page app's demo page is
 * one already.
 */
async function openUnansweringPage(page: Page, delivery: Delivery): Promise<void> {
  const options = `transport="chat" chat-url="/cap-chat/chat" messaging-url="/" header-title="Cap demo" avatar-url="/avatars/agent.svg"`;
  if (delivery.subscription === "controller") return void (await page.goto(delivery.path));
  await page.goto("/index.html");
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Unanswered</title></head><body><main><h1>Unanswered</h1></main>` +
      (delivery.subscription === "command"
        ? `<script src="/dist/cap-chat.js" ${options.replace(/(\S+)="/g, 'data-$1="')}></script>`
        : `<cap-chat ${options}></cap-chat><script src="/dist/cap-chat.js"></script>`) +
      `</body></html>`,
  );
}

/** Keeps a picture of the panel in e2e/screenshots/ for the docs, from the script tag's page alone. */
async function screenshot(page: Page, delivery: Delivery, name: string): Promise<void> {
  if (delivery !== deliveries[0]) return;
  await page.mouse.move(0, 0);
  await page.screenshot({ path: resolve(import.meta.dirname, "../screenshots", `chat-api-handoff-${name}.png`) });
}

/** Asks the demo agent for a person over the Chat API, which answers with a handoff and ends the conversation. */
async function askForAPerson(widget: ChatWidget): Promise<void> {
  await widget.open();
  await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
  await widget.send("I want a human");
  await expect(widget.input).toBeDisabled();
}

test.describe("after a Chat API handoff, no dead end", () => {
  test.beforeEach(async ({ serverUrl }) => {
    await fault(serverUrl, "refuseUpgrades", { refuse: true });
  });

  for (const delivery of deliveries) {
    test(`${delivery.name}: the site's answer shows in the panel, with its link, and a new conversation is offered`, async ({
      page,
      widget,
    }) => {
      await page.goto(delivery.path);
      if (!delivery.handoffAnswer) {
        await page.evaluate((answer) => {
          const demo = window as unknown as {
            capChatDemo: { controller: { on(name: string, listener: (detail: { respond(answer: object): void }) => void): void } };
          };
          demo.capChatDemo.controller.on("cap-chat:handoff-required", (detail) =>
            detail.respond({ text: `${answer.text}.`, url: "tel:+15550100", label: answer.label }),
          );
        }, answer);
      }
      await askForAPerson(widget);
      await expect(widget.handoffStory).toContainText(answer.text);
      await expect(widget.handoffStory.getByRole("link", { name: answer.label })).toHaveAttribute("href", "tel:+15550100");
      await expect(page.getByText(en.handoff.over)).toBeVisible();
      await expect(page.getByRole("button", { name: en.newConversation })).toBeVisible();
      await expect(widget.panel).not.toContainText(/connecting you|handed over/i);
      await screenshot(page, delivery, "answered");
    });

    test(`${delivery.name}: with no answer, the panel says plainly that no one can join, why, and offers a new conversation`, async ({
      page,
      widget,
    }) => {
      await openUnansweringPage(page, delivery);
      await askForAPerson(widget);
      await expect(widget.handoffStory).toHaveText(`${en.handoff.reasons.USER_REQUESTED} ${en.handoff.clientRequired}`);
      await expect(page.getByText(en.handoff.over)).toBeVisible();
      await expect(widget.panel).not.toContainText(/connecting you|handed over/i);
      await screenshot(page, delivery, "unanswered");
      await page.getByRole("button", { name: en.newConversation }).click();
      await expect(widget.input).toBeEnabled();
      await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
    });

    test(`${delivery.name}: the header names the configured agent and shows its picture, and the basic mode is explained once`, async ({
      page,
      widget,
    }) => {
      await openUnansweringPage(page, delivery);
      await widget.open();
      await expect(widget.agentMessages.first()).toBeVisible({ timeout: 20_000 });
      const header = page.locator('[part~="header"]');
      await expect(header.locator("p")).toHaveText(`Cap demo · ${en.status.fallback}`);
      await expect(header.locator("img.avatar")).toHaveAttribute("src", /\/avatars\/agent\.svg$/);
      const banner = page.getByText(en.fallbackDetail);
      await expect(banner).toBeVisible();
      await expect(banner).toHaveCount(0, { timeout: 12_000 });
      await expect(page.locator('[part~="status"]')).toHaveText(en.status.fallback);
    });
  }
});
