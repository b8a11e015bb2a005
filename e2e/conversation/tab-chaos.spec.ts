import type { BrowserContext, Page } from "@playwright/test";
import { fallback, longReply } from "../../demo/server/agent/replies.ts";
import { EventType } from "../../src/protocol/index.ts";
import { seededRandom } from "../../test/support/seeded-random.ts";
import { deliveries, type Delivery } from "../support/delivery-table.ts";
import { ChatWidget, expect, fault, sessionIdOf, test, watchPageProblems } from "../support/fixtures.ts";
import { inspect, newSessions, type SessionRecord } from "../support/server-records.ts";

/** The run's seed: the same seed gives the same senders, disturbances and moments, so a failure repeats. */
const seed = 18;
const turns = 50;

/**
 * What happens to the tabs around one turn. Before the question: nothing, the session's sockets dropped, a
 * tab closed (and another opened, to keep three) or a tab reloaded. During the answer's stream: the sockets
 * dropped after a few live events, or the tab holding the connection closed or reloaded.
 */
type Disturbance =
  | "calm"
  | "drop"
  | "close"
  | "reload"
  | "drop mid-stream"
  | "close the holder mid-stream"
  | "reload the holder mid-stream";

const chances: readonly [Disturbance, number][] = [
  ["calm", 0.4],
  ["drop", 0.1],
  ["close", 0.08],
  ["reload", 0.08],
  ["drop mid-stream", 0.1],
  ["close the holder mid-stream", 0.12],
  ["reload the holder mid-stream", 0.12],
];

/** One turn of the run, drawn from the seed before it starts. */
interface Turn {
  disturbance: Disturbance;
  question: string;
  /** The answer as the demo agent writes it: a long one, streamed for about a second, where the holder goes mid-stream. */
  answer: string;
  /** The tab a between-turns close or reload hits, and the tab the visitor writes in, as indexes into the three. */
  target: number;
  sender: number;
  /** After how many live events a mid-stream drop cuts the socket: the echo, the agent thinking, then chunks. */
  liveEvents: number;
}

function planTurns(): Turn[] {
  const random = seededRandom(seed);
  const index = () => Math.floor(random() * 3);
  return Array.from({ length: turns }, (_, count) => {
    const roll = random();
    let total = 0;
    const disturbance = chances.find(([, chance]) => roll < (total += chance))?.[0] ?? "calm";
    const long = disturbance === "close the holder mid-stream" || disturbance === "reload the holder mid-stream";
    return {
      disturbance,
      question: long ? `Turn ${count + 1}: tell me something long` : `Turn ${count + 1}: what else can you do?`,
      answer: long ? longReply().text : fallback("en").text,
      target: index(),
      sender: index(),
      liveEvents: 3 + Math.floor(random() * 12),
    };
  });
}

/** A tab of the run, and when a frame last reached it from the platform (only the holder has a socket). */
interface Tab {
  readonly page: Page;
  readonly widget: ChatWidget;
  lastFrameAt: number;
}

/** Follows the frames `page` receives on its sockets, to know whether it holds the conversation's connection. */
function watchTab(page: Page): Tab {
  const tab: Tab = { page, widget: new ChatWidget(page), lastFrameAt: 0 };
  page.on("websocket", (socket) => socket.on("framereceived", () => (tab.lastFrameAt = performance.now())));
  return tab;
}

/** The tabs of one browser on the delivery's page: opened, closed and replaced, reloaded. */
class BrowserTabs {
  all: Tab[] = [];

  constructor(
    private readonly context: BrowserContext,
    private readonly delivery: Delivery,
    private readonly problems: string[],
  ) {}

  /** Opens another tab, and waits for its panel, open as in the others. */
  async open(): Promise<void> {
    const page = await this.context.newPage();
    watchPageProblems(page, this.problems);
    const tab = watchTab(page);
    await page.goto(this.delivery.path);
    await expect(tab.widget.input).toBeVisible();
    this.all.push(tab);
  }

  /** Closes `tab` for good, and opens another, as a visitor keeps browsing the site. */
  async replace(tab: Tab): Promise<void> {
    await tab.page.close();
    this.all = this.all.filter((other) => other !== tab);
    await this.open();
  }

  async reload(tab: Tab): Promise<void> {
    await tab.page.reload();
    await expect(tab.widget.input).toBeVisible();
  }

  /** The tab a frame reached last: while an answer streams, the one holding the connection. */
  holder(): Tab {
    return this.all.reduce((latest, tab) => (tab.lastFrameAt > latest.lastFrameAt ? tab : latest));
  }
}

/** Text as a bubble shows it: without the spacing between paragraphs and without Markdown's emphasis marks. */
const bare = (text: string) => text.replace(/\*\*/g, "").replace(/\s+/g, "");

/** One message of a tab's transcript as the visitor sees it. */
interface ShownMessage {
  id: string;
  role: "user" | "agent";
  status: string | null;
  text: string;
}

/** Every message the tab shows, in order. */
function shownMessages(page: Page): Promise<ShownMessage[]> {
  return page.locator('[part~="message"]').evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.getAttribute("data-message-id") ?? "",
      role: row.getAttribute("part")?.includes("message-user") ? ("user" as const) : ("agent" as const),
      status: row.getAttribute("data-status"),
      text: row.querySelector(".bubble")?.textContent ?? "",
    })),
  );
}

/**
 * Waits until the tab's transcript ends with the turn's question, sent, and its answer in full, checked in
 * the page as it changes; on a timeout, says what the tab shows instead.
 */
async function expectTurnShown(tab: Tab, host: string, { question, answer }: Turn): Promise<void> {
  try {
    await tab.page.waitForFunction(
      ({ host, question, answer }) => {
        const rows = [...(document.querySelector(host)?.shadowRoot?.querySelectorAll('[part~="message"]') ?? [])].slice(-2);
        const text = (row: Element | undefined) => row?.querySelector(".bubble")?.textContent ?? "";
        const [asked, answered] = rows;
        return (
          asked?.getAttribute("part")?.includes("message-user") &&
          asked.getAttribute("data-status") === "sent" &&
          text(asked) === question &&
          text(answered).replace(/\s+/g, "") === answer
        );
      },
      { host, question, answer: bare(answer) },
      { polling: 100, timeout: 20_000 },
    );
  } catch (error) {
    const shown = (await shownMessages(tab.page)).slice(-3);
    throw new Error(`The tab at ${tab.page.url()} shows ${JSON.stringify(shown, null, 1)}`, { cause: error });
  }
}

/**
 * Tells every tab, every 100 ms until stopped, that the browser is online: the network is back after a drop,
 * so the holder reconnects at once rather than after its backoff's first wait of a second, which fifty turns
 * of drops would add up (the reconnect spec covers the backoff itself). A tab whose connection is up ignores it.
 */
function networkBack(tabs: BrowserTabs): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      const online = (tab: Tab) => tab.page.evaluate(() => void window.dispatchEvent(new Event("online"))).catch(() => undefined);
      await Promise.all(tabs.all.map(online));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/**
 * What the platform holds: the greeting, then each question once, in order, with exactly one answer after
 * it. Returns the answers' ids, the greeting's first.
 */
function expectDeliveredOnce(record: SessionRecord, plan: readonly Turn[]): string[] {
  expect(record.receivedUserMessages.map((message) => message.text)).toEqual(plan.map((turn) => turn.question));
  expect(new Set(record.receivedUserMessages.map((message) => message.clientEventId)).size).toBe(plan.length);
  expect(record.storedEvents.filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
  const conversation: { role: string; id: string }[] = [];
  for (const { type, payload } of record.storedEvents) {
    if (type === EventType.UserMessage) conversation.push({ role: "user", id: payload.text as string });
    if (type === EventType.ServiceAgentMessageChunk && payload.chunk_index === 1)
      conversation.push({ role: "agent", id: payload.message_id as string });
  }
  expect(conversation.map(({ role }) => role)).toEqual(["agent", ...plan.flatMap(() => ["user", "agent"])]);
  return conversation.filter(({ role }) => role === "agent").map(({ id }) => id);
}

// A trace of three tabs through fifty turns doubles the run's time; a failure names its turn and what the tab shows.
test.use({ trace: "off" });

test.describe("three tabs under chaos", () => {
  // The script tag only: one run takes about a minute on a busy machine, and the deliveries share the tab code.
  const delivery = deliveries[0]!;
  test(`${turns} streamed turns through seeded closes, reloads and socket drops: each message is delivered once, answered once, and shown once in every tab (${delivery.name})`, async ({
    page,
    context,
    widget,
    serverUrl,
    pageProblems,
  }) => {
    test.setTimeout(150_000);
    const plan = planTurns();
    for (const [disturbance] of chances)
      expect(plan.filter((turn) => turn.disturbance === disturbance).length, disturbance).toBeGreaterThan(0);
    const created = await newSessions(serverUrl);
    const connected = sessionIdOf(page);
    const tabs = new BrowserTabs(context, delivery, pageProblems);
    tabs.all.push(watchTab(page));
    await widget.startOn(delivery.path);
    const sessionId = await connected;
    await tabs.open();
    await tabs.open();

    for (const [index, turn] of plan.entries()) {
      const { disturbance } = turn;
      await test.step(`turn ${index + 1} (seed ${seed}): ${disturbance}`, async () => {
        if (disturbance === "drop") await fault(serverUrl, "dropSockets", { sessionId });
        if (disturbance === "close") await tabs.replace(tabs.all[turn.target]!);
        if (disturbance === "reload") await tabs.reload(tabs.all[turn.target]!);
        if (disturbance === "drop mid-stream") await fault(serverUrl, "dropSocketsAfter", { sessionId, liveEvents: turn.liveEvents });
        const stopNetwork = disturbance.startsWith("drop") ? networkBack(tabs) : async () => {};
        try {
          // The visitor goes to a tab and writes there: the tab in front is the one the browser paints.
          const sender = tabs.all[turn.sender]!;
          await sender.page.bringToFront();
          await sender.widget.input.fill(turn.question);
          await sender.widget.sendButton.click();
          if (disturbance.endsWith("holder mid-stream")) {
            // The answer is streaming: its chunks reach the tab holding the connection, and the others through it.
            await expect(sender.widget.agentMessages.nth(index + 1)).not.toBeEmpty({ timeout: 15_000 });
            const holder = tabs.holder();
            if (disturbance.startsWith("close")) await tabs.replace(holder);
            else await tabs.reload(holder);
          }
          await Promise.all(tabs.all.map((tab) => expectTurnShown(tab, delivery.host, turn)));
        } finally {
          await stopNetwork();
        }
      });
    }

    expect(await created()).toEqual([sessionId]);
    const answerIds = expectDeliveredOnce(await inspect(serverUrl, sessionId), plan);
    // Every tab shows that conversation: each message once, in order, with its whole text, nothing unsent.
    const expected = [
      { role: "agent", id: answerIds[0], status: null },
      ...plan.flatMap((turn, index) => [
        { role: "user", status: "sent", text: turn.question },
        { role: "agent", id: answerIds[index + 1], status: null, text: bare(turn.answer) },
      ]),
    ];
    const shownIds: string[][] = [];
    for (const tab of tabs.all) {
      const shown = await shownMessages(tab.page);
      const seen = shown.map(({ role, id, status, text }, index) =>
        role === "user" ? { role, status, text } : index === 0 ? { role, id, status } : { role, id, status, text: bare(text) },
      );
      expect(seen).toEqual(expected);
      shownIds.push(shown.map((message) => message.id));
    }
    expect(new Set(shownIds[0]).size).toBe(expected.length);
    expect(shownIds.slice(1)).toEqual(shownIds.slice(1).map(() => shownIds[0]));
    await expect.poll(async () => (await inspect(serverUrl, sessionId)).openSocketCount, { timeout: 10_000 }).toBeLessThanOrEqual(1);
    expect(pageProblems).toEqual([]);
  });
});
