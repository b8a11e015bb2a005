import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../../src/protocol/index.ts";
import type { DiagnosableChatClient } from "../../../src/transport/chat-client.ts";
import { buildSharedChatClient } from "../../../src/transport/tabs/shared-chat-client.ts";
import { FakePlatform, MemoryStorage, messagingUrl, transcript, useFakePlatform } from "../support/fake-platform.ts";
import { seededRandom } from "../../support/seeded-random.ts";
import { FakeChannels, FakeLocks } from "./tab-fakes.ts";

let platform: FakePlatform;
let channels: FakeChannels;
let locks: FakeLocks;

useFakePlatform((started) => {
  platform = started;
  channels = new FakeChannels();
  locks = new FakeLocks();
});

function openTab(): DiagnosableChatClient {
  const environment = {
    ...platform.environment({ storage: new MemoryStorage() }),
    sharedStorage: platform.storage,
    openChannel: channels.openChannel,
    locks,
  };
  const tab = buildSharedChatClient(environment, { messagingUrl, connectorToken: "connector-1" });
  tab.start();
  return tab;
}

const turns = 50;
const parts = ["The answer ", "to turn ", "comes in ", "four parts."];

describe("three tabs under chaos", () => {
  it("delivers each of 50 streamed turns once and shows it once in every surviving tab, through closes, reloads and drops", async () => {
    const random = seededRandom(18);
    const pick = <Item>(items: readonly Item[]) => items[Math.floor(random() * items.length)]!;
    platform.withholdReplies = true;
    let tabs = [openTab(), openTab(), openTab()];
    await vi.advanceTimersByTimeAsync(200);
    const chaos = { closes: 0, reloads: 0, drops: 0 };
    const disturb = async () => {
      const roll = random();
      if (roll < 0.15) {
        // A tab closes for good, and the visitor opens another.
        const closing = pick(tabs);
        closing.destroy();
        tabs = [...tabs.filter((tab) => tab !== closing), openTab()];
        chaos.closes += 1;
      } else if (roll < 0.3) {
        const reloading = pick(tabs);
        reloading.destroy();
        tabs = tabs.map((tab) => (tab === reloading ? openTab() : tab));
        chaos.reloads += 1;
      } else if (roll < 0.4) {
        platform.dropSockets();
        chaos.drops += 1;
      }
      await vi.advanceTimersByTimeAsync(Math.floor(random() * 60));
    };
    for (let turn = 1; turn <= turns; turn++) {
      expect(pick(tabs).send(`turn ${turn}`)).toEqual({ accepted: true });
      await disturb();
      // The agent answers once the message has arrived, as a real one does.
      const arrived = () => platform.session.receivedUserMessages.some((message) => message.text === `turn ${turn}`);
      for (let waited = 0; !arrived() && waited < 30_000; waited += 100) await vi.advanceTimersByTimeAsync(100);
      expect(arrived()).toBe(true);
      const session = platform.session;
      parts.forEach((text, index) => {
        platform.emit(session, EventType.ServiceAgentMessageChunk, {
          message_id: `answer-${turn}`,
          text: index === 1 ? `${text}${turn} ` : text,
          chunk_index: index + 1,
          is_complete: index === parts.length - 1,
        });
      });
      await disturb();
    }
    await vi.advanceTimersByTimeAsync(10_000);

    expect(chaos.closes + chaos.reloads + chaos.drops).toBeGreaterThan(10);
    expect(platform.sessions.size).toBe(1);
    const received = platform.session.receivedUserMessages.map((message) => message.text);
    expect(received).toEqual(Array.from({ length: turns }, (_, index) => `turn ${index + 1}`));
    const expected = [
      "agent:Hello!",
      ...Array.from({ length: turns }, (_, index) => [
        `user:turn ${index + 1}`,
        `agent:The answer to turn ${index + 1} comes in four parts.`,
      ]).flat(),
    ];
    for (const tab of tabs) {
      const shown = transcript(tab);
      // Each message once; the visitor's own stay where they were written, so a message written before an
      // answer reached that tab shows above it there: the order within each author's messages is the platform's.
      expect([...shown].sort()).toEqual([...expected].sort());
      for (const author of ["user:", "agent:"])
        expect(shown.filter((line) => line.startsWith(author))).toEqual(expected.filter((line) => line.startsWith(author)));
      expect(tab.getSnapshot().messages.filter((message) => message.role === "user" && message.status !== "sent")).toEqual([]);
    }
    for (const tab of tabs) tab.destroy();
  }, 60_000);
});
