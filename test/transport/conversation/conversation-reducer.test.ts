import { describe, expect, it } from "vitest";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import {
  initialConversationSnapshot,
  initialConversationState,
  reduceConversation,
  type ConversationState,
} from "../../../src/transport/conversation/conversation-reducer.ts";

const context = { now: () => 9000, random: () => 0.5 };

function run(events: ConversationEvent[], state: ConversationState = initialConversationState): ConversationState {
  return events.reduce((current, event) => reduceConversation(current, event, context), state);
}

function chunk(id: string, chunkIndex: number, text: string, isComplete = false, time = 100): ConversationEvent {
  return { kind: "agent-message-chunk", id, chunkIndex, text, attachments: [], suggestions: [], isComplete, time };
}

function agentMessage(id: string, text: string, time = 100): ConversationEvent {
  return { kind: "agent-message", id, text, attachments: [], suggestions: [], time };
}

const ada = { name: "Ada", avatarUrl: "https://example.com/ada.png" };
const grace = { id: "agent-7", name: "Grace", avatarUrl: "" };

describe("user messages", () => {
  it("shows a queued message as sending, once per id", () => {
    const state = run([
      { kind: "user-message-queued", id: "u1", text: "hi", time: 1 },
      { kind: "user-message-queued", id: "u1", text: "hi", time: 2 },
    ]);
    expect(state.snapshot.messages).toEqual([
      { id: "u1", role: "user", text: "hi", attachments: [], suggestions: [], status: "sending", streaming: false, time: 1 },
    ]);
  });

  it("moves a message to sent, failed, and sending again on retry at the end of the transcript", () => {
    const queued = run([
      { kind: "user-message-queued", id: "u1", text: "first", time: 1 },
      { kind: "user-message-failed", id: "u1" },
      agentMessage("a1", "meanwhile"),
    ]);
    expect(queued.snapshot.messages[0]?.status).toBe("failed");
    const retried = run([{ kind: "user-message-retrying", id: "u1" }], queued);
    expect(retried.snapshot.messages.map((message) => [message.id, message.status])).toEqual([
      ["a1", undefined],
      ["u1", "sending"],
    ]);
    expect(retried.snapshot.messages[1]?.time).toBe(9000);
    const sent = run([{ kind: "user-message-sent", id: "u1", time: 9500 }], retried);
    expect(sent.snapshot.messages[1]).toMatchObject({ status: "sent", time: 9500 });
  });

  it("ignores a retry of a message that has not failed", () => {
    const state = run([{ kind: "user-message-queued", id: "u1", text: "x", time: 1 }]);
    expect(run([{ kind: "user-message-retrying", id: "u1" }], state)).toBe(state);
  });

  it("adds a replayed message as sent, or marks the known one sent without a second copy", () => {
    const state = run([
      { kind: "user-message-queued", id: "u1", text: "local", time: 1 },
      { kind: "user-message-replayed", id: "u1", text: "local", time: 5 },
      { kind: "user-message-replayed", id: "u2", text: "from history", time: 6 },
    ]);
    expect(state.snapshot.messages.map((message) => [message.id, message.status])).toEqual([
      ["u1", "sent"],
      ["u2", "sent"],
    ]);
  });

  it("returns the same state for a repeated sent status", () => {
    const state = run([
      { kind: "user-message-queued", id: "u1", text: "x", time: 1 },
      { kind: "user-message-sent", id: "u1" },
    ]);
    expect(run([{ kind: "user-message-sent", id: "u1" }], state)).toBe(state);
  });
});

describe("agent messages and typing", () => {
  it("de-duplicates agent messages by id and credits the joined agent", () => {
    const state = run([{ kind: "agent-joined", agent: ada }, agentMessage("a1", "Hello"), agentMessage("a1", "Hello")]);
    expect(state.snapshot.messages).toHaveLength(1);
    expect(state.snapshot.messages[0]).toMatchObject({ role: "agent", author: ada, streaming: false });
  });

  it("shows the agent thinking until its next message", () => {
    const thinking = run([{ kind: "agent-thinking" }]);
    expect(thinking.snapshot.typing).toEqual({ kind: "agent" });
    expect(run([agentMessage("a1", "x")], thinking).snapshot.typing).toEqual({ kind: "none" });
    expect(run([chunk("a2", 1, "x")], thinking).snapshot.typing).toEqual({ kind: "none" });
    expect(run([{ kind: "agent-left" }], thinking).snapshot.typing).toEqual({ kind: "none" });
    expect(run([{ kind: "session-ended", reason: "REASON_USER_END" }], thinking).snapshot.typing).toEqual({ kind: "none" });
  });

  it("ends the agent's thinking at a notice that answers the turn, not at any other notice", () => {
    const thinking = run([{ kind: "agent-thinking" }]);
    const notice = (level: "info" | "warning" | "error", answersTurn: boolean): ConversationEvent => ({
      kind: "notice",
      id: `n-${level}-${answersTurn}`,
      level,
      code: "server-busy",
      time: 5,
      ...(answersTurn ? { answersTurn: true } : {}),
    });
    expect(run([notice("warning", true)], thinking).snapshot.typing).toEqual({ kind: "none" });
    expect(run([notice("error", true)], thinking).snapshot.typing).toEqual({ kind: "none" });
    expect(run([notice("info", false)], thinking).snapshot.typing).toEqual({ kind: "agent" });
    expect(run([notice("error", false)], thinking).snapshot.typing).toEqual({ kind: "agent" });
    expect(run([notice("warning", true)], thinking).snapshot.notices[0]).not.toHaveProperty("answersTurn");
    const liveTyping = run([{ kind: "live-agent-typing", typing: true }]);
    expect(run([notice("warning", true)], liveTyping).snapshot.typing.kind).toBe("live-agent");
  });

  it("completes a stream with the whole message of its id, as a history holding assembled messages gives it", () => {
    const partial = run([chunk("a1", 1, "Your parcel ")]);
    const whole = run([agentMessage("a1", "Your parcel arrives Friday.")], partial);
    expect(whole.snapshot.messages).toEqual([expect.objectContaining({ id: "a1", text: "Your parcel arrives Friday.", streaming: false })]);
    expect(whole.openStream).toBeNull();
    expect(run([agentMessage("a1", "Your parcel arrives Friday.")], whole)).toBe(whole);
    const finished = run([chunk("a2", 1, "Done", true), agentMessage("a2", "Done")]);
    expect(run([agentMessage("a2", "Done")], finished)).toBe(finished);
  });

  it("shows a pending Chat API turn and clears it", () => {
    const pending = run([{ kind: "turn-pending", pending: true }]);
    expect(pending.snapshot.typing).toEqual({ kind: "pending" });
    expect(run([{ kind: "turn-pending", pending: false }], pending).snapshot.typing).toEqual({ kind: "none" });
  });

  it("replaces only the growing message and the list when a chunk arrives", () => {
    const state = run([agentMessage("a0", "before"), chunk("a1", 1, "Hel")]);
    const next = run([chunk("a1", 2, "lo")], state);
    expect(next.snapshot.messages[0]).toBe(state.snapshot.messages[0]);
    expect(next.snapshot.messages[1]).toMatchObject({ text: "Hello", streaming: true });
    expect(next.snapshot.messages).not.toBe(state.snapshot.messages);
    expect(next.snapshot.notices).toBe(state.snapshot.notices);
    expect(next.snapshot.handoff).toBe(state.snapshot.handoff);
  });

  it("keeps the snapshot when a chunk is held for a gap, and shows the text when the gap fills", () => {
    const state = run([chunk("a1", 1, "a")]);
    const held = run([chunk("a1", 3, "c", true)], state);
    expect(held.snapshot).toBe(state.snapshot);
    const filled = run([chunk("a1", 2, "b")], held);
    expect(filled.snapshot.messages[0]).toMatchObject({ text: "abc", streaming: false });
    expect(filled.openStream).toBeNull();
  });

  it("abandons an open stream when a chunk of a newer message arrives, keeping what arrived", () => {
    const state = run([chunk("old", 1, "partial "), chunk("new", 1, "fresh")]);
    expect(state.snapshot.messages.map((message) => [message.id, message.text, message.streaming])).toEqual([
      ["old", "partial ", false],
      ["new", "fresh", true],
    ]);
    const late = run([chunk("old", 2, "late")], state);
    expect(late.snapshot).toBe(state.snapshot);
  });

  it("abandons an open stream when a whole agent message arrives, and closes it at the session end", () => {
    expect(run([chunk("s", 1, "x"), agentMessage("w", "whole")]).snapshot.messages.map((message) => message.streaming)).toEqual([
      false,
      false,
    ]);
    const ended = run([chunk("s", 1, "x"), { kind: "session-ended", reason: "REASON_NATURAL_END" }]);
    expect(ended.snapshot.messages[0]?.streaming).toBe(false);
    expect(ended.openStream).toBeNull();
  });

  it("ignores chunks of a message that already arrived whole", () => {
    const state = run([agentMessage("a1", "whole")]);
    expect(run([chunk("a1", 1, "again", true)], state)).toBe(state);
  });
});

describe("handoff", () => {
  it("walks triggered, accepted, queued, live agent and left, keeping the queue name", () => {
    const phases = [
      { kind: "handoff-triggered" },
      { kind: "agent-left" },
      { kind: "handoff-accepted", queueName: "billing" },
      { kind: "handoff-queue-status", position: 2, estimatedWaitSeconds: 60 },
      { kind: "live-agent-joined", agent: grace },
      { kind: "live-agent-left" },
    ] satisfies ConversationEvent[];
    const seen: unknown[] = [];
    phases.reduce((state, event) => {
      const next = reduceConversation(state, event, context);
      seen.push(next.snapshot.handoff);
      return next;
    }, initialConversationState);
    expect(seen).toEqual([
      { phase: "triggered" },
      { phase: "triggered" },
      { phase: "accepted", queueName: "billing" },
      { phase: "queued", queueName: "billing", position: 2, estimatedWaitSeconds: 60 },
      { phase: "live-agent", agent: grace },
      { phase: "live-agent-left" },
    ]);
  });

  it("credits live-agent messages to the joined live agent and shows its typing", () => {
    const state = run([
      { kind: "live-agent-joined", agent: grace },
      { kind: "live-agent-typing", typing: true },
    ]);
    expect(state.snapshot.typing).toEqual({ kind: "live-agent", agent: grace });
    const answered = run(
      [{ kind: "live-agent-message", id: "l1", text: "Hi, Grace here", attachments: [], suggestions: [], time: 5 }],
      state,
    );
    expect(answered.snapshot.messages[0]).toMatchObject({ role: "live-agent", author: grace });
    expect(answered.snapshot.typing).toEqual({ kind: "none" });
    expect(run([{ kind: "live-agent-typing", typing: false }], state).snapshot.typing).toEqual({ kind: "none" });
  });

  it("keeps a failed handoff visible after the agent rejoins, until the next message", () => {
    const failed = run([
      { kind: "handoff-triggered" },
      { kind: "handoff-failed", reason: "no agents" },
      { kind: "agent-joined", agent: ada },
    ]);
    expect(failed.snapshot.handoff).toEqual({ phase: "failed", reason: "no agents" });
    expect(failed.snapshot.agent).toEqual(ada);
    expect(run([agentMessage("a1", "back")], failed).snapshot.handoff).toEqual({ phase: "none" });
    const timedOut = run([{ kind: "handoff-timeout" }]);
    expect(timedOut.snapshot.handoff).toEqual({ phase: "timed-out" });
    expect(run([{ kind: "user-message-queued", id: "u", text: "?", time: 1 }], timedOut).snapshot.handoff).toEqual({ phase: "none" });
  });

  it("keeps a client-managed handoff until the service agent joins again", () => {
    const routed = run([{ kind: "client-handoff-required", reason: "POLICY", queueName: "support" }, { kind: "agent-left" }]);
    expect(routed.snapshot.handoff.phase).toBe("client-handoff-required");
    expect(run([{ kind: "agent-joined", agent: ada }], routed).snapshot.handoff).toEqual({ phase: "none" });
  });

  it("records a client-managed handoff, with the Chat API's destination when there is one", () => {
    expect(run([{ kind: "client-handoff-required", reason: "POLICY", queueName: "support" }]).snapshot.handoff).toEqual({
      phase: "client-handoff-required",
      reason: "POLICY",
      queueName: "support",
    });
    const chatApi = { kind: "client-handoff-required", reason: "asked", queueName: "phone", destination: "phone" } as const;
    expect(run([chatApi]).snapshot.handoff).toEqual({
      phase: "client-handoff-required",
      reason: "asked",
      queueName: "phone",
      destination: "phone",
    });
  });

  it("returns the same state for a repeated queue status", () => {
    const state = run([{ kind: "handoff-queue-status", queueName: "q", position: 1 }]);
    expect(run([{ kind: "handoff-queue-status", queueName: "q", position: 1 }], state)).toBe(state);
  });
});

describe("system events", () => {
  it("appends notices once per id", () => {
    const notice = {
      kind: "notice",
      id: "n1",
      level: "warning",
      code: "server-message",
      text: "Slow",
      time: 3,
    } satisfies ConversationEvent;
    const state = run([notice, notice]);
    expect(state.snapshot.notices).toEqual([{ id: "n1", level: "warning", code: "server-message", text: "Slow", time: 3 }]);
  });

  it("records the language and ignores a repeat", () => {
    const state = run([{ kind: "language-changed", languageCode: "fr-CA" }]);
    expect(state.snapshot.language).toBe("fr-CA");
    expect(run([{ kind: "language-changed", languageCode: "fr-CA" }], state)).toBe(state);
  });

  it("ends the session once, fails what was still sending, and closes the connection", () => {
    const state = run([
      { kind: "connection-changed", connection: { status: "connected" }, transport: "messaging" },
      { kind: "user-message-queued", id: "u1", text: "late", time: 1 },
      { kind: "session-ended", reason: "REASON_USER_END" },
      { kind: "session-ended", reason: "REASON_NATURAL_END" },
    ]);
    expect(state.snapshot.ended).toEqual({ reason: "REASON_USER_END" });
    expect(state.snapshot.connection).toEqual({ status: "ended" });
    expect(state.snapshot.messages[0]?.status).toBe("failed");
  });

  it("changes the connection only when it differs, and keeps the transport unless given", () => {
    const state = run([{ kind: "connection-changed", connection: { status: "fallback" }, transport: "chat" }]);
    expect(state.snapshot).toMatchObject({ connection: { status: "fallback" }, transport: "chat" });
    expect(run([{ kind: "connection-changed", connection: { status: "fallback" } }], state)).toBe(state);
  });

  it("returns to the initial snapshot on reset", () => {
    const state = run([agentMessage("a1", "x"), { kind: "reset" }]);
    expect(state.snapshot).toBe(initialConversationSnapshot);
  });

  it("keeps the last-known agent through a reset, so a new conversation never shows a placeholder", () => {
    const state = run([{ kind: "agent-joined", agent: ada }, agentMessage("a1", "x"), { kind: "reset" }, agentMessage("a2", "y")]);
    expect(state.snapshot.agent).toEqual(ada);
    expect(state.snapshot.messages).toEqual([expect.objectContaining({ id: "a2", author: ada })]);
  });

  it("marks an end this tab had already reported as history", () => {
    expect(run([{ kind: "session-ended", reason: "REASON_NATURAL_END", history: true }]).snapshot.ended).toEqual({
      reason: "REASON_NATURAL_END",
      history: true,
    });
  });
});

describe("an answer cut before it was complete", () => {
  const streamingError: ConversationEvent = {
    kind: "notice",
    id: "n-1",
    level: "error",
    code: "agent-error",
    text: "Sorry, I encountered an error. Please try again.",
    time: 200,
    answersTurn: true,
  };
  const shown = (state: ConversationState) =>
    state.snapshot.messages.map((message) => [message.id, message.text, message.streaming, message.incomplete ?? false]);

  it("keeps what arrived, marked incomplete, when the platform's streaming error cuts it, and nobody is thinking", () => {
    const state = run([{ kind: "agent-thinking" }, chunk("a1", 1, "Half of "), chunk("a1", 2, "it"), streamingError]);
    expect(shown(state)).toEqual([["a1", "Half of it", false, true]]);
    expect(state.openStream).toBeNull();
    expect(state.snapshot.typing).toEqual({ kind: "none" });
    expect(run([chunk("a1", 3, " more", true)], state)).toBe(state);
  });

  it("marks a stream abandoned by a newer one, or by the end, or by the session left, incomplete", () => {
    expect(shown(run([chunk("a1", 1, "old "), chunk("a2", 1, "new", true)]))).toEqual([
      ["a1", "old ", false, true],
      ["a2", "new", false, false],
    ]);
    expect(shown(run([chunk("a1", 1, "until "), { kind: "session-ended", reason: "REASON_NATURAL_END" }]))).toEqual([
      ["a1", "until ", false, true],
    ]);
    const left = run([{ kind: "agent-thinking" }, chunk("a1", 1, "so far"), { kind: "answer-cut" }]);
    expect(shown(left)).toEqual([["a1", "so far", false, true]]);
    expect(left.snapshot.typing).toEqual({ kind: "none" });
  });

  it("completes a stream with its own whole message, never incomplete, and marks nothing when nothing streams", () => {
    expect(shown(run([chunk("a1", 1, "par"), agentMessage("a1", "partly whole")]))).toEqual([["a1", "partly whole", false, false]]);
    const thinking = run([{ kind: "user-message-queued", id: "u1", text: "q", time: 1 }, { kind: "answer-cut" }]);
    expect(thinking.snapshot.messages.map((message) => message.incomplete)).toEqual([undefined]);
  });

  it("marks the last message incomplete for a history that kept the cut answer whole, only when it is the agent's", () => {
    const replayed = run([agentMessage("a1", "What streamed"), streamingError]);
    expect(shown(replayed)).toEqual([["a1", "What streamed", false, true]]);
    const afterUser = run([agentMessage("a1", "Hi"), { kind: "user-message-queued", id: "u1", text: "q", time: 1 }, streamingError]);
    expect(afterUser.snapshot.messages.map((message) => message.incomplete)).toEqual([undefined, undefined]);
  });
});

describe("offers to try a turn again", () => {
  const asked: ConversationEvent = { kind: "user-message-queued", id: "u1", text: "Question", time: 1 };
  const notice = (
    code: "server-busy" | "agent-trouble-responding" | "agent-error",
    retry: "now" | "pause",
    extra = {},
  ): ConversationEvent => ({
    kind: "notice",
    id: `n-${code}`,
    level: "warning",
    code,
    time: 5,
    answersTurn: true,
    retry,
    ...extra,
  });

  it("says from when, on the client's clock: after the pause the platform asks for, or at once", () => {
    const busy = run([asked, notice("server-busy", "pause")]);
    expect(busy.snapshot.notices[0]).toEqual({ id: "n-server-busy", level: "warning", code: "server-busy", time: 5, retryAt: 9000 + 3500 });
    expect(busy.offers.get("n-server-busy")).toBe("u1");
    expect(run([asked, notice("agent-trouble-responding", "now")]).snapshot.notices[0]?.retryAt).toBe(9000);
  });

  it("tries the message the notice names, else the last one, and offers nothing without one, or for history", () => {
    const named = run([
      asked,
      { kind: "user-message-queued", id: "u2", text: "Later", time: 2 },
      notice("server-busy", "pause", { answers: "u1" }),
    ]);
    expect(named.offers.get("n-server-busy")).toBe("u1");
    expect(run([notice("server-busy", "pause")]).snapshot.notices[0]).not.toHaveProperty("retryAt");
    expect(run([asked, notice("server-busy", "pause", { history: true })]).snapshot.notices[0]).not.toHaveProperty("retryAt");
  });

  it("leaves Try again to the answer a streaming error cut, and offers it on the notice when nothing streamed", () => {
    const cut = run([asked, chunk("a1", 1, "Half"), notice("agent-error", "now")]);
    expect(cut.snapshot.notices[0]).not.toHaveProperty("retryAt");
    expect(run([asked, notice("agent-error", "now")]).snapshot.notices[0]?.retryAt).toBe(9000);
  });

  it("takes an offer once, and forgets every offer with the conversation", () => {
    const offered = run([asked, notice("server-busy", "pause")]);
    const taken = run([{ kind: "retry-taken", id: "n-server-busy" }], offered);
    expect(taken.snapshot.notices[0]).not.toHaveProperty("retryAt");
    expect(taken.offers.size).toBe(0);
    expect(run([{ kind: "retry-taken", id: "n-server-busy" }], taken)).toBe(taken);
    expect(run([{ kind: "reset" }], offered).offers.size).toBe(0);
  });
});

describe("a handoff the platform says failed", () => {
  it("settles a handoff still under way as failed, and changes none that settled otherwise", () => {
    const failedNotice = (code: "handoff-connect-failed" | "handoff-not-initiated"): ConversationEvent => ({
      kind: "notice",
      id: code,
      level: "warning",
      code,
      time: 5,
    });
    expect(run([{ kind: "handoff-queue-status", position: 1 }, failedNotice("handoff-connect-failed")]).snapshot.handoff).toEqual({
      phase: "failed",
    });
    expect(run([{ kind: "handoff-triggered" }, failedNotice("handoff-not-initiated")]).snapshot.handoff).toEqual({ phase: "failed" });
    expect(run([{ kind: "handoff-timeout", reason: "QUEUE" }, failedNotice("handoff-connect-failed")]).snapshot.handoff).toEqual({
      phase: "timed-out",
      reason: "QUEUE",
    });
    expect(run([failedNotice("handoff-connect-failed")]).snapshot.handoff).toEqual({ phase: "none" });
  });
});
