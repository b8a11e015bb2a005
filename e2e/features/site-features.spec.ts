import { deliveries, giveOptions, recordedWidgetEvents, recordWidgetEvents, setContext } from "../support/delivery-table.ts";
import { expect, sessionIdOf, test } from "../support/fixtures.ts";

/** What the demo site's companion vouches for on every Chat API create, whatever the page sends. */
const vouched = { site: "harbour-supplies", customer: "guest" };

/** The `context` of each user message the reference server stored for the session, in order. */
async function contextsStored(serverUrl: string, sessionId: string): Promise<unknown[]> {
  const response = await fetch(`${serverUrl}/__faults/inspect/${encodeURIComponent(sessionId)}`);
  const { storedEvents } = (await response.json()) as { storedEvents: { type: string; metadata?: { custom?: { context?: unknown } } }[] };
  return storedEvents.filter((event) => event.type === "EVENT_TYPE_USER_MESSAGE").map((event) => event.metadata?.custom?.context);
}

/** The `integration_attributes` of the Chat API conversation whose context carries `nonce`, once created. */
async function attributesCreatedWith(serverUrl: string, nonce: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`${serverUrl}/__faults/chat-conversations`);
  const { conversations } = (await response.json()) as { conversations: { integrationAttributes?: { context?: { nonce?: string } } }[] };
  return conversations.find((conversation) => conversation.integrationAttributes?.context?.nonce === nonce)?.integrationAttributes;
}

/** What the demo site's `onFeedback` hook received for the session, through its companion, in order. */
async function feedbackReceived(serverUrl: string, sessionId: string): Promise<unknown[]> {
  const response = await fetch(`${serverUrl}/demo-site/feedback`);
  const { feedback } = (await response.json()) as { feedback: { attributes: { session_id?: string } }[] };
  return feedback.filter((choice) => choice.attributes.session_id === sessionId);
}

for (const delivery of deliveries) {
  test.describe(`the site's context, feedback and copy (${delivery.name})`, () => {
    test("setContext reaches the platform on the next user message", async ({ page, widget, serverUrl, pageProblems }) => {
      const sessionId = sessionIdOf(page);
      await widget.startOn(delivery.path);
      await widget.send("hello");
      await setContext(page, delivery, { page: "/checkout", cart: { items: 2 } });
      await widget.send("markdown please");
      const id = await sessionId;
      await expect.poll(() => contextsStored(serverUrl, id)).toHaveLength(2);
      const [first, second] = await contextsStored(serverUrl, id);
      expect(second).toEqual({ page: "/checkout", cart: { items: 2 } });
      // The single-page app attaches its route from the start; the other pages had none.
      expect(first).toEqual(delivery.subscription === "controller" ? { page: "home" } : undefined);
      expect(pageProblems).toEqual([]);
    });

    test("on the Chat API, the companion passes the context on at create, with the vouched field it forges overwritten", async ({
      page,
      widget,
      serverUrl,
      pageProblems,
    }) => {
      await page.goto(delivery.path);
      await giveOptions(page, delivery, { transport: "chat" });
      const nonce = crypto.randomUUID();
      await setContext(page, delivery, { page: "/pricing", nonce, customer: "vip-0001" });
      await widget.open();
      await widget.expectGreeting();
      expect(await attributesCreatedWith(serverUrl, nonce)).toEqual({
        site: vouched.site,
        context: { page: "/pricing", nonce, customer: vouched.customer },
      });
      expect(pageProblems).toEqual([]);
    });

    test("feedback: toggle buttons under the agent's answers only, events with the message id, each handed once to the site's onFeedback through the companion, kept across a reload", async ({
      page,
      widget,
      serverUrl,
      pageProblems,
    }) => {
      const sessionId = sessionIdOf(page);
      await page.goto(delivery.path);
      await giveOptions(page, delivery, { feedback: true });
      await recordWidgetEvents(page, delivery, "cap-chat:feedback");
      await widget.open();
      await widget.expectGreeting();
      await widget.send("markdown please");
      await expect(widget.lastAgentMessage()).toContainText("inline code");
      const greeting = widget.agentMessages.first();
      const greetingId = await greeting.getAttribute("data-message-id");
      const helpful = greeting.getByRole("button", { name: "Helpful", exact: true });
      const notHelpful = greeting.getByRole("button", { name: "Not helpful" });
      await expect(helpful).toHaveAttribute("aria-pressed", "false");
      await expect(widget.userMessages.locator('[part~="feedback-up"], [part~="feedback-down"], [part~="copy"]')).toHaveCount(0);

      await helpful.click();
      await expect(helpful).toHaveAttribute("aria-pressed", "true");
      await expect(notHelpful).toHaveAttribute("aria-pressed", "false");
      await notHelpful.click();
      await expect(notHelpful).toHaveAttribute("aria-pressed", "true");
      await expect(helpful).toHaveAttribute("aria-pressed", "false");
      await greeting.getByRole("textbox", { name: "What could be better? (optional)" }).fill("It did not say the opening hours");
      await greeting.getByRole("button", { name: "Send feedback" }).click();
      await expect(notHelpful).toBeFocused();
      const answer = widget.lastAgentMessage();
      const answerId = await answer.getAttribute("data-message-id");
      await answer.getByRole("button", { name: "Helpful", exact: true }).click();
      await expect
        .poll(() => recordedWidgetEvents(page, "cap-chat:feedback"))
        .toEqual([
          { messageId: greetingId, value: "up" },
          { messageId: greetingId, value: "down" },
          { messageId: greetingId, value: "down", comment: "It did not say the opening hours" },
          { messageId: answerId, value: "up" },
        ]);
      // The page names its companion (companionUrl), which hands each choice to the site once, with the session.
      const context = { ...(delivery.subscription === "controller" && { page: "home" }), customer: vouched.customer };
      const attributes = { session_id: await sessionId, site: vouched.site, context };
      await expect
        .poll(() => feedbackReceived(serverUrl, attributes.session_id))
        .toEqual([
          { messageId: greetingId, value: "up", attributes },
          { messageId: greetingId, value: "down", attributes },
          { messageId: greetingId, value: "down", comment: "It did not say the opening hours", attributes },
          { messageId: answerId, value: "up", attributes },
        ]);

      await page.reload();
      await giveOptions(page, delivery, { feedback: true });
      // The panel was open, so it opens again by itself.
      await expect(widget.input).toBeVisible();
      await expect(widget.agentMessages.first()).toHaveAttribute("data-message-id", greetingId!);
      await expect(widget.agentMessages.first().getByRole("button", { name: "Not helpful" })).toHaveAttribute("aria-pressed", "true");
      await expect(widget.agentMessages.last().getByRole("button", { name: "Helpful", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(widget.agentMessages.last().getByRole("button", { name: "Not helpful" })).toHaveAttribute("aria-pressed", "false");
      expect(pageProblems).toEqual([]);
    });

    test("copy puts an answer's text, as shown, on the clipboard, and says so", async ({ page, context, widget, pageProblems }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await widget.startOn(delivery.path);
      await widget.send("markdown please");
      const answer = widget.lastAgentMessage();
      await expect(answer).toContainText("inline code");
      await answer.getByRole("button", { name: "Copy" }).click();
      await expect(answer).toContainText("Copied");
      await expect(page.locator('[part~="panel"] [aria-live="polite"]')).toContainText("Copied");
      const shown = await answer.locator(".bubble").innerText();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(shown);
      expect(copied).toContain("inline code");
      expect(copied).not.toContain("**");
      expect(pageProblems).toEqual([]);
    });
  });
}
