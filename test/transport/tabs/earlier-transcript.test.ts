import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/transport/conversation.ts";
import { initialConversationSnapshot } from "../../../src/transport/conversation/conversation-reducer.ts";
import { earlierMessageLimit, keepTranscript } from "../../../src/transport/tabs/earlier-transcript.ts";
import { MemoryStorage } from "../../support/node-effects.ts";

/** A transcript of `count` turns: a sent user message and an agent's answer each, the answers marked history. */
function transcript(count: number): ChatMessage[] {
  const base = { attachments: [], suggestions: [], streaming: false, time: 0 };
  return Array.from({ length: count }, (_, turn): ChatMessage[] => [
    { ...base, id: `u${turn}`, role: "user", text: `Question ${turn}`, status: "sent" },
    { ...base, id: `a${turn}`, role: "agent", text: `Answer ${turn}`, history: true },
  ]).flat();
}

describe("the kept transcript", () => {
  it("keeps the last 200 finished messages of a long transcript, in order, without an answer still streaming or a message not yet sent", () => {
    const keeper = keepTranscript(new MemoryStorage(), "transcript", () => 1000);
    const messages: ChatMessage[] = [
      ...transcript(1000),
      { id: "waiting", role: "user", text: "Not yet sent", attachments: [], suggestions: [], streaming: false, time: 0, status: "sending" },
      { id: "streaming", role: "agent", text: "Half an", attachments: [], suggestions: [], streaming: true, time: 0 },
    ];
    keeper.save({ ...initialConversationSnapshot, messages });

    const loaded = keeper.load();
    expect(loaded?.ended).toBe(false);
    expect(loaded?.messages).toHaveLength(earlierMessageLimit);
    expect(loaded?.messages.map((message) => message.id)).toEqual(
      transcript(1000)
        .slice(-earlierMessageLimit)
        .map((message) => message.id),
    );
    expect(loaded?.messages.some((message) => "history" in message)).toBe(false);
  });

  it("keeps a short transcript whole, and says when the conversation ended", () => {
    const keeper = keepTranscript(new MemoryStorage(), "transcript", () => 1000);
    keeper.save({ ...initialConversationSnapshot, messages: transcript(3), ended: { reason: "closed" } });
    expect(keeper.load()).toEqual({ ended: true, messages: transcript(3).map(({ history: _history, ...message }) => message) });
  });
});
