import type { BrowserContext, Page } from "@playwright/test";
import { fallback, longReply } from "../../demo/server/agent/replies.ts";
import { EventType } from "../../src/protocol/index.ts";
import { seededRandom } from "../../test/support/seeded-random.ts";
import { deliveries, type Delivery } from "../support/delivery-table.ts";
import { ChatWidget, expect, fault, sessionIdOf, test, watchPageProblems } from "../support/fixtures.ts";
import { inspect, newSessions } from "../support/server-records.ts";

/** The run's seed: the same seed gives the same senders, disturbances and moments, so a failure repeats. */
const seed = 18;
const turns = 50;

/**
 * What happens to the tabs around one turn. Between turns: nothing, the session's sockets dropped, a tab
 * closed (and another opened, to keep three) or a tab reloaded. In the middle of the answer's stream: the
 * sockets dropped after a few live events, or the tab holding the connection closed or reloaded.
 */
type Disturbance = "calm" | "drop" | "close" | "reload" | "drop mid-stream" | "close the holder mid-stream" | "reload the holder mid-stream";

const chances: readonly [Disturbance, number][] = [
  ["calm", 0.4],
  ["drop", 0.1],
  ["close", 0.08],
  ["reload", 0.08],
  ["drop mid-stream", 0.1],
  ["close the holder mid-stream", 0.12],
  ["reload the holder mid-stream", 0.12],
];

/** The demo agent's answers: a short one to most turns, and a long one, streamed for about a second, to those closed or reloaded mid-stream. */
const shortAnswer = fallback("en").text;
const longAnswer = longReply().text;

/** A tab of the run, and the sockets it has open now (the holder of the conversation has one). */
interface Tab {
  readonly page: Page;
  readonly widget: ChatWidget;
  openSockets: number;
}

/** One message of a tab's transcript as the visitor sees it. */
interface ShownMessage {
  id: string;
  role: "user" | "agent";
  status: string | null;
  text: string;
}

/** Text as a bubble shows it: without the spacing between paragraphs and without Markdown's emphasis marks. */
const bare = (text: string) => text.replace(/\*\*/g, "").replace(/\s+/g, "");

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
 * Waits until the tab's transcript ends with `question`, sent, and `answer` in full, checked in the page as
 * it changes; on a timeout, says what the tab shows instead.
 */
async function expectTurnShown(tab: Tab, host: string, question: string, answer: string): Promise<void> {
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
 * so the holder reconnects at once rather than after its backoff, which doubles with each drop of the minute
 * (the reconnect spec covers the backoff itself). A tab whose connection is up ignores it.
 */
function networkBack(tabs: () => readonly Tab[]) {
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(tabs().map((tab) => tab.page.evaluate(() => void window.dispatchEvent(new Event("online"))).catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

test.use({ trace: "off" });

test.describe("three tabs under chaos", () => {
  for (const delivery of deliveries.slice(0, 1)) {
    test(`50 streamed turns through random closes, reloads and drops: each message delivered once, answered once, and shown once in every tab (${delivery.name})`, async ({
      page,
      context,
      widget,
      serverUrl,
      pageProblems,
    }) => {
      test.setTimeout(150_000);
      const random = seededRandom(seed);
      const pick = <Item>(items: readonly Item[]) => items[Math.floor(random() * items.length)]!;
      const disturbanceOf = (roll: number) => {
        let total = 0;
        return chances.find(([, chance]) => roll < (total += chance))?.[0] ?? "calm";
      };

      const created = await newSessions(serverUrl);
      const connected = sessionIdOf(page);
      const first = watchTab(page);
      await widget.startOn(delivery.path);
      const sessionId = await connected;
      let tabs = [first, await openTab(context, delivery, pageProblems), await openTab(context, delivery, pageProblems)];
      const holder = () => tabs.find((tab) => tab.openSockets > 0) ?? pick(tabs);
      const replace = async (gone: Tab) => {
        await gone.page.close();
        tabs = [...tabs.filter((tab) => tab !== gone), await openTab(context, delivery, pageProblems)];
      };
      const reload = async (tab: Tab) => {
        await tab.page.reload();
        await expect(tab.widget.input).toBeVisible();
      };
      const happened = new Map<Disturbance, number>();

      for (let turn = 1; turn <= turns; turn++) {
        const disturbance = disturbanceOf(random());
        happened.set(disturbance, (happened.get(disturbance) ?? 0) + 1);
        const long = disturbance === "close the holder mid-stream" || disturbance === "reload the holder mid-stream";
        const question = long ? `Turn ${turn}: tell me something long` : `Turn ${turn}: what else can you do?`;
        const began = Date.now();
        await test.step(`turn ${turn} (seed ${seed}): ${disturbance}`, async () => {
          if (disturbance === "drop") await fault(serverUrl, "dropSockets", { sessionId });
          if (disturbance === "close") await replace(pick(tabs));
          if (disturbance === "reload") await reload(pick(tabs));
          if (disturbance === "drop mid-stream") {
            // A few live events in: the echo, the agent thinking, and the first chunks of the answer.
            await fault(serverUrl, "dropSocketsAfter", { sessionId, liveEvents: 3 + Math.floor(random() * 12) });
          }
          const stopNetwork = disturbance.startsWith("drop") ? networkBack(() => tabs) : async () => {};
          const sender = pick(tabs);
          await sender.widget.input.fill(question);
          await sender.widget.sendButton.click();
          if (long) {
            const holding = holder();
            // The answer has begun in the holding tab: what it streams next reaches the others through it.
            await expect(holding.widget.agentMessages.nth(turn)).not.toBeEmpty({ timeout: 15_000 });
            if (disturbance.startsWith("close")) await replace(holding);
            else await reload(holding);
          }
          await Promise.all(tabs.map((tab) => expectTurnShown(tab, delivery.host, question, long ? longAnswer : shortAnswer)));
          await stopNetwork();
          console.log(`TIMING turn ${turn} ${disturbance}: ${Date.now() - began} ms`);
        });
      }

      // The platform received each question once, in order, and answered each once, after it.
      const record = await inspect(serverUrl, sessionId);
      const questions = record.receivedUserMessages.map((message) => message.text);
      expect(questions).toEqual(Array.from({ length: turns }, (_, index) => expect.stringMatching(new RegExp(`^Turn ${index + 1}: `))));
      expect(new Set(record.receivedUserMessages.map((message) => message.clientEventId)).size).toBe(turns);
      expect(await created()).toEqual([sessionId]);
      expect(record.storedEvents.filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
      const conversation: { role: string; id: string }[] = [];
      for (const { type, payload } of record.storedEvents) {
        if (type === EventType.UserMessage) conversation.push({ role: "user", id: payload.text as string });
        if (type === EventType.ServiceAgentMessageChunk && payload.chunk_index === 1) conversation.push({ role: "agent", id: payload.message_id as string });
      }
      expect(conversation.map(({ role }) => role)).toEqual(["agent", ...questions.flatMap(() => ["user", "agent"])]);
      const answerIds = conversation.filter(({ role }) => role === "agent").map(({ id }) => id);

      // Every tab shows that conversation: each message once, in order, with its whole text, nothing unsent.
      const expected = [
        { role: "agent", id: answerIds[0], status: null },
        ...questions.flatMap((question, index) => [
          { role: "user", status: "sent", text: question },
          { role: "agent", id: answerIds[index + 1], status: null, text: bare(question.endsWith("long") ? longAnswer : shortAnswer) },
        ]),
      ];
      for (const tab of tabs) {
        const shown = await shownMessages(tab.page);
        const seen = shown.map(({ role, id, status, text }, index) =>
          role === "user" ? { role, status, text } : index === 0 ? { role, id, status } : { role, id, status, text: bare(text) },
        );
        expect(seen).toEqual(expected);
        expect(new Set(shown.map((message) => message.id)).size).toBe(shown.length);
      }
      await expect.poll(async () => (await inspect(serverUrl, sessionId)).openSocketCount, { timeout: 10_000 }).toBeLessThanOrEqual(1);
      for (const [disturbance] of chances) expect(happened.get(disturbance), disturbance).toBeGreaterThan(0);
      expect(pageProblems).toEqual([]);
    });
  }
});

/** Counts the sockets `page` opens and closes, to know whether it holds the conversation's connection. */
function watchTab(page: Page): Tab {
  const tab: Tab = { page, widget: new ChatWidget(page), openSockets: 0 };
  page.on("websocket", (socket) => {
    tab.openSockets += 1;
    socket.on("close", () => (tab.openSockets -= 1));
  });
  return tab;
}

/** Opens another tab of the browser on the delivery's page, and waits for its panel, open as in the others. */
async function openTab(context: BrowserContext, delivery: Delivery, problems: string[]): Promise<Tab> {
  const page = await context.newPage();
  watchPageProblems(page, problems);
  const tab = watchTab(page);
  await page.goto(delivery.path);
  await expect(tab.widget.input).toBeVisible();
  return tab;
}
