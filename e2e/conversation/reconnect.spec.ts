import type { Page } from "@playwright/test";
import { deliveries } from "../support/delivery-table.ts";
import { expect, fault, sessionIdOf, test } from "../support/fixtures.ts";

/** The page signals that the platform may be reachable again, each as the browser fires it. */
const wakeSignals: readonly { name: string; fire: (page: Page) => Promise<void> }[] = [
  { name: "the browser is online again", fire: (page) => page.evaluate(() => void window.dispatchEvent(new Event("online"))) },
  {
    name: "the page becomes visible again",
    fire: (page) => page.evaluate(() => void document.dispatchEvent(new Event("visibilitychange"))),
  },
  { name: "the page regains focus", fire: (page) => page.evaluate(() => void window.dispatchEvent(new Event("focus"))) },
];

/** The seconds the connection banner says remain before the next attempt, or null when it shows no countdown. */
async function secondsToNextAttempt(page: Page): Promise<number | null> {
  const text = (await page.locator('[part~="panel"] .banner').allInnerTexts()).join(" ");
  const match = /(\d+)\s*s\./.exec(text.replace(/\u00a0/g, " "));
  return match ? Number(match[1]) : null;
}

test.describe("a drop, then the platform back", () => {
  deliveries.forEach((delivery, index) => {
    const signal = wakeSignals[index % wakeSignals.length]!;
    test(`reconnects at once when ${signal.name}, not when its backoff runs out, and says Reconnected (${delivery.name})`, async ({
      page,
      widget,
      serverUrl,
    }) => {
      test.setTimeout(60_000);
      const sessionId = sessionIdOf(page);
      let sockets = 0;
      page.on("websocket", () => (sockets += 1));
      await widget.startOn(delivery.path);
      // The platform is out of reach: the socket drops, and each attempt to open another is refused.
      await fault(serverUrl, "refuseUpgrades", { refuse: true });
      await fault(serverUrl, "dropSockets", { sessionId: await sessionId });
      await expect(page.locator('[part~="panel"] .banner')).toContainText("Connection lost");
      // Until the backoff leaves several seconds before the next attempt.
      await expect.poll(() => secondsToNextAttempt(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
      const socketsBefore = sockets;
      await fault(serverUrl, "refuseUpgrades", { refuse: false });
      await signal.fire(page);
      // Back well before the countdown ends: the signal made it try at once.
      await expect(page.locator('[part~="panel"] .banner')).toHaveText("Reconnected", { timeout: 3_000 });
      expect(sockets).toBeGreaterThan(socketsBefore);
      await expect(page.locator('[part~="panel"] [aria-live="polite"]')).toHaveText("Reconnected");
      // It says so once, briefly, and the conversation goes on in the same session.
      await expect(page.locator('[part~="panel"] .banner')).toHaveCount(0, { timeout: 6_000 });
      await expect(widget.notices).toHaveCount(0);
      await widget.send("still there?");
      await expect(widget.agentMessages).toHaveCount(2);
    });
  });
});
