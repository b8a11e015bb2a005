import { deliveries } from "../support/delivery-table.ts";
import { expect, expectLongAnswerInFull, fault, sessionIdOf, test } from "../support/fixtures.ts";

/** What the reference server received on `sessionId`: the user messages, by their client event id. */
async function receivedUserMessages(serverUrl: string, sessionId: string): Promise<{ clientEventId?: string; text: string }[]> {
  const response = await fetch(`${serverUrl}/__faults/inspect/${encodeURIComponent(sessionId)}`);
  return ((await response.json()) as { receivedUserMessages: { clientEventId?: string; text: string }[] }).receivedUserMessages;
}

test.describe("messages in doubt and cut answers, on each delivery", () => {
  for (const delivery of deliveries) {
    test(`a reload with a message in flight on a session-bound platform shows it unconfirmed, sent once (${delivery.name})`, async ({
      page,
      widget,
      platform,
      serverUrl,
    }) => {
      test.skip(platform !== "all-variants", "needs tokens bound to their session");
      const sessionId = sessionIdOf(page);
      await widget.startOn(delivery.path);
      const first = await sessionId;
      // The server takes the message but its echo never comes: the client cannot tell it arrived.
      await fault(serverUrl, "muteLiveEvents", { sessionId: first, muted: true });
      await widget.input.fill("is my order on its way?");
      await widget.sendButton.click();
      await expect.poll(async () => (await receivedUserMessages(serverUrl, first)).length).toBe(1);
      await page.getByRole("button", { name: "Close chat" }).click();
      await page.reload();
      await widget.open();
      const message = widget.userMessages.filter({ hasText: "is my order on its way?" });
      await expect(message).toHaveCount(1);
      await expect(message).toHaveAttribute("data-status", "unconfirmed", { timeout: 15_000 });
      await expect(message).toContainText("Delivery not confirmed");
      await expect(message.getByRole("button", { name: "Retry" })).toBeVisible();
      // Nothing was sent again behind the visitor's back.
      expect((await receivedUserMessages(serverUrl, first)).map((received) => received.text)).toEqual(["is my order on its way?"]);
    });

    test(`a cut stream ends visibly incomplete and offers Try again, which asks once more (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      const sessionId = sessionIdOf(page);
      await widget.startOn(delivery.path);
      await fault(serverUrl, "cutNextStream", { sessionId: await sessionId });
      await widget.send("tell me something long");
      const cut = widget.agentMessages.nth(1);
      await expect(cut).toContainText("This answer was cut off.", { timeout: 15_000 });
      await cut.getByRole("button", { name: "Try again" }).click();
      await expect(widget.userMessages).toHaveCount(2);
      await expectLongAnswerInFull(widget.agentMessages.nth(2), { timeout: 15_000 });
      await expect(widget.page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    });
  }
});
