import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatClientEvents } from "../../../src/transport/chat-client-types.ts";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import { createConversationStore, type ConversationStore } from "../../../src/transport/conversation/conversation-store.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";

const eventNames: (keyof ChatClientEvents)[] = ["message", "state", "handoff", "handoff-required", "end", "error", "notice", "language"];

/** Records every derived event of the store as `[name, detail]`, in emission order. */
function recordEvents(store: ConversationStore): [string, unknown][] {
  const seen: [string, unknown][] = [];
  for (const name of eventNames) store.on(name, (detail) => seen.push([name, detail]));
  return seen;
}

function chunk(
  id: string,
  chunkIndex: number,
  text: string,
  isComplete = false,
): Extract<ConversationEvent, { kind: "agent-message-chunk" }> {
  return { kind: "agent-message-chunk", id, chunkIndex, text, attachments: [], suggestions: [], isComplete, time: 10 };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("conversation store", () => {
  it("starts from the idle, empty snapshot", () => {
    const snapshot = createConversationStore().getSnapshot();
    expect(snapshot).toMatchObject({
      messages: [],
      connection: { status: "idle" },
      transport: null,
      ended: null,
      typing: { kind: "none" },
    });
  });

  it("notifies subscribers after each change and not when nothing changed", () => {
    const store = createConversationStore();
    const snapshots: ConversationSnapshot[] = [];
    store.subscribe((snapshot) => snapshots.push(snapshot));
    store.apply({ kind: "user-message-queued", id: "u1", text: "hi", time: 1 });
    store.apply({ kind: "user-message-queued", id: "u1", text: "hi", time: 1 });
    store.apply({ kind: "user-message-sent", id: "u1" });
    store.apply({ kind: "user-message-sent", id: "u1" });
    expect(snapshots.map((snapshot) => snapshot.messages[0]?.status)).toEqual(["sending", "sent"]);
    expect(snapshots[1]).toBe(store.getSnapshot());
  });

  it("stops notifying after unsubscribe", () => {
    const store = createConversationStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.apply({ kind: "agent-thinking" });
    expect(listener).not.toHaveBeenCalled();
  });

  it("emits message when a user message is sent and when agent messages finish, whole or streamed", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply({ kind: "user-message-queued", id: "u1", text: "hi", time: 1 });
    store.apply({ kind: "user-message-sent", id: "u1" });
    store.apply({ kind: "agent-message", id: "a1", text: "whole", attachments: [], suggestions: [], time: 2 });
    store.apply(chunk("a2", 1, "str"));
    store.apply(chunk("a2", 2, "eam", true));
    expect(seen.map(([name, detail]) => [name, (detail as { id: string }).id, (detail as { text: string }).text])).toEqual([
      ["message", "u1", "hi"],
      ["message", "a1", "whole"],
      ["message", "a2", "stream"],
    ]);
  });

  it("fills the transcript with history messages and emits no message event for them", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply({ kind: "user-message-replayed", id: "u1", text: "hi", time: 1, history: true });
    store.apply({ kind: "agent-message", id: "a1", text: "whole", attachments: [], suggestions: [], time: 2, history: true });
    store.apply({ ...chunk("a2", 1, "str"), history: true });
    store.apply({ ...chunk("a2", 2, "eam", true), history: true });
    store.apply({ kind: "live-agent-message", id: "l1", text: "human", attachments: [], suggestions: [], time: 3, history: true });
    expect(store.getSnapshot().messages.map((message) => [message.id, message.history])).toEqual([
      ["u1", true],
      ["a1", true],
      ["a2", true],
      ["l1", true],
    ]);
    expect(seen.filter(([name]) => name === "message")).toEqual([]);
  });

  it("emits a stream begun in history once when a new chunk finishes it", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply({ ...chunk("a1", 1, "begun before, "), history: true });
    store.apply(chunk("a1", 2, "finished after", true));
    expect(seen).toEqual([["message", expect.objectContaining({ id: "a1", text: "begun before, finished after", streaming: false })]]);
    expect(store.getSnapshot().messages[0]?.history).toBeUndefined();
  });

  it("emits the abandoned stream as a finished message before the newer one", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply(chunk("old", 1, "cut short"));
    store.apply(chunk("new", 1, "whole", true));
    expect(seen).toEqual([
      ["message", expect.objectContaining({ id: "old", text: "cut short", streaming: false })],
      ["message", expect.objectContaining({ id: "new", text: "whole", streaming: false })],
    ]);
  });

  it("shows a stream continued after a reconnect once, with no text twice and one message event", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply(chunk("a1", 1, "The "));
    store.apply(chunk("a1", 2, "answer "));
    for (const [index, text] of ["The ", "answer ", "is ", "42."].entries()) store.apply(chunk("a1", index + 1, text, index === 3));
    expect(store.getSnapshot().messages).toEqual([expect.objectContaining({ id: "a1", text: "The answer is 42.", streaming: false })]);
    expect(seen.filter(([name]) => name === "message")).toHaveLength(1);
  });

  it("puts the suggestions of an empty final chunk on the finished message", () => {
    const store = createConversationStore();
    store.apply(chunk("a1", 1, "Pick one"));
    store.apply({
      kind: "agent-message-chunk",
      id: "a1",
      chunkIndex: 2,
      text: "",
      attachments: [],
      suggestions: ["Yes", "No"],
      isComplete: true,
      time: 11,
    });
    expect(store.getSnapshot().messages[0]).toMatchObject({ text: "Pick one", suggestions: ["Yes", "No"], streaming: false, time: 10 });
  });

  it("emits state on each connection change and error when it fails", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    const error = { kind: "configuration", code: "connector-unknown" } as const;
    store.apply({ kind: "connection-changed", connection: { status: "connecting" }, transport: "messaging" });
    store.apply({ kind: "connection-changed", connection: { status: "connecting" } });
    store.apply({ kind: "connection-changed", connection: { status: "failed", error } });
    expect(seen).toEqual([
      ["state", { status: "connecting" }],
      ["state", { status: "failed", error }],
      ["error", error],
    ]);
  });

  it("fires no end for an end this tab had reported before a reload, and no notice for a notice it had shown", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply({ kind: "notice", id: "n1", level: "warning", code: "server-busy", time: 1, history: true });
    store.apply({ kind: "session-ended", reason: "REASON_NATURAL_END", history: true });
    expect(seen).toEqual([["state", { status: "ended" }]]);
    expect(store.getSnapshot().ended).toEqual({ reason: "REASON_NATURAL_END", history: true });
  });

  it("emits handoff-required with the destination of a Chat API handoff", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply({ kind: "client-handoff-required", reason: "asked", queueName: "phone-callback", destination: "phone-callback" });
    expect(seen).toEqual([
      ["handoff", { phase: "client-handoff-required", reason: "asked", queueName: "phone-callback", destination: "phone-callback" }],
      ["handoff-required", { reason: "asked", queueName: "phone-callback", destination: "phone-callback" }],
    ]);
  });

  it("emits handoff on each phase change and handoff-required for a client-managed handoff", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply({ kind: "handoff-triggered" });
    store.apply({ kind: "handoff-triggered" });
    store.apply({ kind: "client-handoff-required", reason: "COMPLEX_QUERY", queueName: "claims" });
    expect(seen).toEqual([
      ["handoff", { phase: "triggered" }],
      ["handoff", { phase: "client-handoff-required", reason: "COMPLEX_QUERY", queueName: "claims" }],
      ["handoff-required", { reason: "COMPLEX_QUERY", queueName: "claims" }],
    ]);
  });

  it("emits notice, language and end, with end after the state change it causes", () => {
    const store = createConversationStore();
    const seen = recordEvents(store);
    store.apply({ kind: "notice", id: "n1", level: "info", code: "server-message", text: "Hello", time: 1 });
    store.apply({ kind: "notice", id: "n1", level: "info", code: "server-message", text: "Hello", time: 1 });
    store.apply({ kind: "language-changed", languageCode: "de" });
    store.apply({ kind: "session-ended", reason: "REASON_NATURAL_END" });
    expect(seen).toEqual([
      ["notice", { id: "n1", level: "info", code: "server-message", text: "Hello", time: 1 }],
      ["language", "de"],
      ["state", { status: "ended" }],
      ["end", { reason: "REASON_NATURAL_END" }],
    ]);
  });

  it("emits nothing for a reset and stops emitting to a removed handler", () => {
    const store = createConversationStore();
    const handler = vi.fn();
    const remove = store.on("message", handler);
    store.apply({ kind: "agent-message", id: "a1", text: "x", attachments: [], suggestions: [], time: 2 });
    store.apply({ kind: "reset" });
    remove();
    store.apply({ kind: "agent-message", id: "a2", text: "y", attachments: [], suggestions: [], time: 3 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("stops emitting to a handler removed with off", () => {
    const store = createConversationStore();
    const handler = vi.fn();
    store.on("message", handler);
    store.off("message", handler);
    store.apply({ kind: "agent-message", id: "a1", text: "x", attachments: [], suggestions: [], time: 2 });
    expect(handler).not.toHaveBeenCalled();
  });

  it("applies an event raised from inside a listener only after the current notifications, in order", () => {
    const store = createConversationStore();
    const statuses: (string | undefined)[][] = [];
    store.subscribe((snapshot) => {
      if (snapshot.messages.length === 1 && snapshot.messages[0]?.status === "sending") {
        store.apply({ kind: "user-message-sent", id: "u1" });
      }
    });
    store.subscribe((snapshot) => statuses.push(snapshot.messages.map((message) => message.status)));
    store.apply({ kind: "user-message-queued", id: "u1", text: "x", time: 1 });
    expect(statuses).toEqual([["sending"], ["sent"]]);
  });

  it("keeps notifying the others when a listener throws, and surfaces the error asynchronously", async () => {
    const store = createConversationStore();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      store.subscribe(() => {
        throw new Error("listener failed");
      });
      const second = vi.fn();
      store.subscribe(second);
      store.apply({ kind: "agent-thinking" });
      expect(second).toHaveBeenCalledTimes(1);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(rejections).toEqual([new Error("listener failed")]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("stamps a retried message with the injected clock", () => {
    const store = createConversationStore({ now: () => 4242 });
    store.apply({ kind: "user-message-queued", id: "u1", text: "x", time: 1 });
    store.apply({ kind: "user-message-failed", id: "u1" });
    store.apply({ kind: "user-message-retrying", id: "u1" });
    expect(store.getSnapshot().messages[0]).toMatchObject({ status: "sending", time: 4242 });
  });
});

describe("ConversationStore: whether an agent is engaged", () => {
  const chunk = (chunkIndex: number, isComplete = false): ConversationEvent => ({
    kind: "agent-message-chunk",
    id: "a-1",
    chunkIndex,
    text: `part ${chunkIndex} `,
    attachments: [],
    suggestions: [],
    isComplete,
    time: 0,
  });

  /** Whether the store reads an agent as engaged after each event. */
  function trace(...events: ConversationEvent[]): boolean[] {
    const store = createConversationStore();
    return events.map((event) => {
      store.apply(event);
      return store.agentEngaged();
    });
  }

  it("is engaged from the agent's thinking until its message is whole", () => {
    expect(trace({ kind: "agent-thinking" }, chunk(1), chunk(2), chunk(3, true))).toEqual([true, true, true, false]);
    expect(
      trace({ kind: "agent-thinking" }, { kind: "agent-message", id: "a-1", text: "Hi", attachments: [], suggestions: [], time: 0 }),
    ).toEqual([true, false]);
  });

  it("stays engaged after a last chunk that follows a missing one, until the whole message arrives", () => {
    const whole: ConversationEvent = { kind: "agent-message", id: "a-1", text: "All of it.", attachments: [], suggestions: [], time: 0 };
    expect(trace(chunk(1), chunk(3, true), whole)).toEqual([true, true, false]);
  });

  it("stays engaged while a handoff to a live agent is under way, and until the live agent leaves", () => {
    const agent = { name: "Sam" };
    expect(
      trace(
        { kind: "handoff-triggered" },
        { kind: "handoff-queue-status", position: 2 },
        { kind: "live-agent-joined", agent },
        { kind: "live-agent-left" },
      ),
    ).toEqual([true, true, true, false]);
    expect(trace({ kind: "handoff-accepted" }, { kind: "handoff-failed" })).toEqual([true, false]);
  });

  it("follows a live agent's typing, and ends with a notice that answers the turn", () => {
    expect(
      trace(
        { kind: "live-agent-typing", typing: true },
        { kind: "live-agent-typing", typing: false },
        { kind: "agent-thinking" },
        { kind: "notice", id: "n-1", level: "warning", code: "server-busy", time: 0, answersTurn: true },
      ),
    ).toEqual([true, false, true, false]);
  });
});
