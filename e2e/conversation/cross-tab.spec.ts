import type { BrowserContext, Page } from "@playwright/test";
import { EventType } from "../../src/protocol/index.ts";
import { deliveries, giveOptions, type Delivery } from "../support/delivery-table.ts";
import { ChatWidget, expect, expectLongAnswerInFull, fault, sessionIdOf, test, watchPageProblems } from "../support/fixtures.ts";
import { inspect, newSessions } from "../support/server-records.ts";

/**
 * Counts the platform requests of every tab of `context` from now on: sessions created, tokens, the Chat API,
 * sockets, and any other Messaging request.
 */
function countPlatformRequests(context: BrowserContext) {
  const counts = { sessions: 0, tokens: 0, chat: 0, sockets: 0, other: 0 };
  context.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "POST" && pathname.endsWith("/sessions")) counts.sessions += 1;
    else if (pathname.startsWith("/api/")) counts.other += 1;
    if (pathname.endsWith("/access-token")) counts.tokens += 1;
    if (pathname.startsWith("/cap-chat/chat")) counts.chat += 1;
  });
  const watch = (page: Page) => page.on("websocket", () => (counts.sockets += 1));
  for (const page of context.pages()) watch(page);
  context.on("page", watch);
  return counts;
}

/**
 * Samples the session's open sockets every 100 ms until stopped; `handOver()` marks the moment a holding
 * tab closes, within 1 s of which a second socket may still be open.
 */
function sampleSockets(serverUrl: string, sessionId: string) {
  const samples: { at: number; open: number }[] = [];
  const handOvers: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const { openSocketCount } = await inspect(serverUrl, sessionId);
      samples.push({ at: Date.now(), open: openSocketCount });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    handOver: () => void handOvers.push(Date.now()),
    async stop() {
      running = false;
      await loop;
      const crowded = samples.filter(({ at, open }) => open > 1 && !handOvers.some((time) => at >= time && at - time <= 1000));
      return { samples: samples.length, crowded, most: Math.max(...samples.map(({ open }) => open)) };
    },
  };
}

/** The message ids a tab shows, in order. */
function shownIds(page: Page): Promise<(string | null)[]> {
  return page.locator("[data-message-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-message-id")));
}

/** The widget's keys in the tab's storage. */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith("cap-chat:")));
}

/** Runs `reset` the way the delivery's page would: the command, the element's method, the controller's. */
async function reset(page: Page, delivery: Delivery): Promise<void> {
  await page.evaluate((subscription) => {
    const record = window as unknown as { CapChat?: (command: string) => void; capChatDemo?: { controller: { reset(): void } } };
    if (subscription === "command") record.CapChat?.("reset");
    else if (subscription === "document-event") (document.querySelector("cap-chat") as HTMLElement & { reset(): void }).reset();
    else record.capChatDemo?.controller.reset();
  }, delivery.subscription);
}

test.describe("one conversation across the tabs of a browser", () => {
  for (const delivery of deliveries) {
    test(`a second tab shows the same conversation, either tab's message is answered once in both, one socket at a time, and the holder closed mid-stream hands the answer over (${delivery.name})`, async ({
      page,
      context,
      widget,
      serverUrl,
      pageProblems,
    }) => {
      test.setTimeout(60_000);
      const created = await newSessions(serverUrl);
      const requests = countPlatformRequests(context);
      const connected = sessionIdOf(page);
      await widget.startOn(delivery.path);
      await widget.send("Show me an image");
      await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
      const sessionId = await connected;
      const sockets = sampleSockets(serverUrl, sessionId);

      const second = await context.newPage();
      watchPageProblems(second, pageProblems);
      const other = new ChatWidget(second);
      await second.goto(delivery.path);
      // The panel is open in the first tab, so it is open here too, on the same conversation.
      await expect(other.input).toBeVisible();
      await expect(other.agentMessages.last()).toContainText("harbour at dusk");
      expect(await shownIds(second)).toEqual(await shownIds(page));

      await other.send("Show me Markdown");
      await expect(widget.agentMessages.last().locator("strong")).toHaveText("bold");
      await expect(other.agentMessages.last().locator("strong")).toHaveText("bold");
      await widget.send("Send a link");
      await expect(other.userMessages.last()).toContainText("Send a link");
      await expect(other.agentMessages).toHaveCount(4);
      await expect(widget.agentMessages).toHaveCount(4);
      expect(await shownIds(second)).toEqual(await shownIds(page));

      // The first tab holds the connection: closed while the long answer streams, the second finishes it.
      await other.input.fill("Tell me something long");
      await other.sendButton.click();
      await expect(widget.agentMessages.nth(4)).not.toBeEmpty();
      sockets.handOver();
      await page.close();
      await expectLongAnswerInFull(other.agentMessages.nth(4), { timeout: 15_000 });
      await expect(other.agentMessages).toHaveCount(5);
      await expect(other.userMessages).toHaveCount(4);
      await other.send("Show me an image");
      await expect(other.agentMessages).toHaveCount(6);

      const { samples, crowded, most } = await sockets.stop();
      expect(samples).toBeGreaterThan(10);
      expect(crowded).toEqual([]);
      expect(most).toBeGreaterThanOrEqual(1);
      expect(await created()).toEqual([sessionId]);
      expect(requests.sessions).toBe(1);
      const record = await inspect(serverUrl, sessionId);
      expect(record.storedEvents.filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
      expect(record.receivedUserMessages.map((message) => message.text)).toEqual([
        "Show me an image",
        "Show me Markdown",
        "Send a link",
        "Tell me something long",
        "Show me an image",
      ]);
      const clientIds = record.receivedUserMessages.map((message) => message.clientEventId);
      expect(new Set(clientIds).size).toBe(clientIds.length);
      expect(pageProblems).toEqual([]);
    });

    test.describe("reset", () => {
      test(`reset in one tab clears both, and the next open starts one new conversation (${delivery.name})`, async ({
        page,
        context,
        widget,
        serverUrl,
      }) => {
        await widget.startOn(delivery.path);
        await widget.send("Show me an image");
        const second = await context.newPage();
        const other = new ChatWidget(second);
        await second.goto(delivery.path);
        await expect(other.userMessages).toHaveCount(1);
        await reset(page, delivery);
        for (const tab of [widget, other]) {
          await expect(tab.launcher).toHaveAttribute("aria-expanded", "false");
          await expect(tab.userMessages).toHaveCount(0);
          await expect(tab.agentMessages).toHaveCount(0);
        }
        expect(await storedKeys(page)).toEqual([]);
        expect(await storedKeys(second)).toEqual([]);
        const created = await newSessions(serverUrl);
        await other.open();
        await other.expectGreeting();
        expect(await created()).toHaveLength(1);
        await expect(widget.agentMessages.first()).toContainText("Ask me anything");
      });
    });

    test(`the panel opened or closed in one tab is opened or closed in the other, and the draft follows the visitor between them (${delivery.name})`, async ({
      page,
      context,
      widget,
      serverUrl,
      pageProblems,
    }) => {
      const connected = sessionIdOf(page);
      await widget.startOn(delivery.path);
      const second = await context.newPage();
      watchPageProblems(second, pageProblems);
      const other = new ChatWidget(second);
      await second.goto(delivery.path);
      await expect(other.input).toBeVisible();
      await other.expectGreeting();

      // Closed in the first tab, the panel closes in the second; opened in the second, it opens in the first.
      await page.getByRole("button", { name: "Close chat" }).click();
      await expect(other.launcher).toHaveAttribute("aria-expanded", "false");
      await expect(other.panel).toBeHidden();
      await other.open();
      await expect(widget.launcher).toHaveAttribute("aria-expanded", "true");
      await expect(widget.input).toBeVisible();

      // What the visitor writes in one tab waits in the other, and sent from there, it is gone from both.
      await widget.input.fill("Where is my parcel?");
      await expect(other.input).toHaveValue("Where is my parcel?");
      await other.input.press("End");
      await other.input.pressSequentially(" It left on Monday.");
      await expect(widget.input).toHaveValue("Where is my parcel? It left on Monday.");
      await other.sendButton.click();
      await expect(other.input).toHaveValue("");
      await expect(widget.input).toHaveValue("");
      for (const tab of [widget, other]) await expect(tab.userMessages.filter({ hasText: "It left on Monday." })).toHaveCount(1);
      const received = (await inspect(serverUrl, await connected)).receivedUserMessages.map((message) => message.text);
      expect(received).toEqual(["Where is my parcel? It left on Monday."]);
      expect(pageProblems).toEqual([]);
    });

    test(`with persist="session" each tab keeps a conversation of its own (${delivery.name})`, async ({
      page,
      context,
      widget,
      serverUrl,
    }) => {
      const created = await newSessions(serverUrl);
      await page.goto(delivery.path);
      await giveOptions(page, delivery, { persist: "session" });
      await widget.open();
      await widget.expectGreeting();
      await widget.send("Show me an image");
      const second = await context.newPage();
      const other = new ChatWidget(second);
      await second.goto(delivery.path);
      await giveOptions(second, delivery, { persist: "session" });
      await expect(other.launcher).toHaveAttribute("aria-expanded", "false");
      await other.open();
      await other.expectGreeting();
      await expect(other.userMessages).toHaveCount(0);
      await other.send("Show me Markdown");
      await expect(widget.userMessages).toHaveCount(1);
      expect(await created()).toHaveLength(2);
    });
  }

  test("a conversation whose session expired while no tab was open shows under earlier, contacts nothing at load, and engaging starts one session", async ({
    page,
    context,
    widget,
    serverUrl,
  }) => {
    const delivery = deliveries[0]!;
    const connected = sessionIdOf(page);
    await widget.startOn(delivery.path);
    await widget.send("Show me an image");
    await expect(widget.agentMessages.last()).toContainText("harbour at dusk");
    const expired = await connected;
    // Every tab closes; the session expires on the platform, and 11 minutes pass for the browser.
    const blank = await context.newPage();
    await page.close();
    await fault(serverUrl, "expireSession", { sessionId: expired });
    await blank.goto("/__faults/sessions");
    await blank.evaluate(() => {
      const record = JSON.parse(localStorage.getItem("cap-chat:session") ?? "{}") as { lastActivityAt: number };
      localStorage.setItem("cap-chat:session", JSON.stringify({ ...record, lastActivityAt: record.lastActivityAt - 11 * 60_000 }));
    });
    await blank.close();

    const created = await newSessions(serverUrl);
    const requests = countPlatformRequests(context);
    const next = await context.newPage();
    const visit = new ChatWidget(next);
    await next.goto(delivery.path);
    // The closed panel already holds the earlier messages under their divider; nothing reached the platform.
    await expect(next.locator('[part~="earlier"]')).toBeAttached();
    await expect(visit.userMessages).toHaveCount(1);
    await expect(visit.userMessages).toContainText("Show me an image");
    await expect(visit.agentMessages.last()).toContainText("harbour at dusk");
    await expect(visit.launcher).toHaveAttribute("aria-expanded", "false");
    await next.waitForTimeout(1000);
    expect(requests).toEqual({ sessions: 0, tokens: 0, chat: 0, sockets: 0, other: 0 });
    await visit.open();
    await expect(next.locator('[part~="earlier"]')).toBeVisible();
    await visit.send("Show me Markdown");
    await expect(visit.agentMessages.last().locator("strong")).toHaveText("bold");
    // The earlier messages stay above the divider, the new conversation below it.
    const order = await next
      .locator('[part~="earlier"], [part~="message-user"]')
      .evaluateAll((rows) => rows.map((row) => (row.getAttribute("part")?.includes("earlier") ? "earlier" : "user")));
    expect(order).toEqual(["user", "earlier", "user"]);
    expect(requests.sessions).toBe(1);
    expect(await created()).toHaveLength(1);
  });
});
