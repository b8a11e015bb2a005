import { describe, expect, it } from "vitest";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import { createAnswerTracker } from "../../../src/transport/messaging/answer-tracker.ts";

const chunk = (id: string, chunkIndex: number, isComplete = false): ConversationEvent => ({
  kind: "agent-message-chunk",
  id,
  chunkIndex,
  text: `part ${chunkIndex} `,
  attachments: [],
  suggestions: [],
  isComplete,
  time: 0,
});
const whole = (id: string): ConversationEvent => ({
  kind: "agent-message",
  id,
  text: "All of it.",
  attachments: [],
  suggestions: [],
  time: 0,
});

/** Whether the agent reads as answering after each event. */
function trace(...events: ConversationEvent[]): boolean[] {
  const tracker = createAnswerTracker();
  return events.map((event) => {
    tracker.see(event);
    return tracker.answering;
  });
}

describe("AnswerTracker", () => {
  it("reads the agent as answering from its thinking until its whole message", () => {
    expect(trace({ kind: "agent-thinking" }, whole("a-1"))).toEqual([true, false]);
  });

  it("reads a streamed message as an answer until its last chunk, when every chunk before it arrived", () => {
    expect(trace({ kind: "agent-thinking" }, chunk("a-1", 1), chunk("a-1", 2), chunk("a-1", 3, true))).toEqual([true, true, true, false]);
  });

  it("waits for the whole message after a chunk went missing, as a platform with assembled history sends it", () => {
    expect(trace(chunk("a-1", 1), chunk("a-1", 3), chunk("a-1", 4, true), whole("a-1"))).toEqual([true, true, true, false]);
  });

  it("ignores a chunk applied twice, and starts over with a chunk of another message", () => {
    expect(trace(chunk("a-1", 1), chunk("a-1", 1), chunk("a-1", 2, true))).toEqual([true, true, false]);
    expect(trace(chunk("a-1", 2), chunk("a-2", 1), chunk("a-2", 2, true))).toEqual([true, true, false]);
  });

  it("follows a live agent's typing and messages, and an agent that leaves", () => {
    expect(
      trace(
        { kind: "live-agent-typing", typing: true },
        { kind: "live-agent-typing", typing: false },
        { kind: "live-agent-typing", typing: true },
        { kind: "live-agent-message", id: "l-1", text: "Hello", attachments: [], suggestions: [], time: 0 },
        { kind: "agent-thinking" },
        { kind: "agent-left" },
      ),
    ).toEqual([true, false, true, false, true, false]);
  });

  it("reads a server warning or error that answers the turn as the end of the answer, and other notices as nothing", () => {
    const notice = (answersTurn?: true): ConversationEvent => ({
      kind: "notice",
      id: "n",
      level: "warning",
      code: "server-busy",
      time: 0,
      answersTurn,
    });
    expect(trace({ kind: "agent-thinking" }, notice(), notice(true))).toEqual([true, true, false]);
  });
});
