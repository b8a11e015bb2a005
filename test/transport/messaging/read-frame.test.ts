import { describe, expect, it } from "vitest";
import { EventType, SystemMessageLevel, SystemMessageText } from "../../../src/protocol/index.ts";
import { readFrame, type ReceivedEvent } from "../../../src/transport/messaging/read-frame.ts";

const timestamp = "2026-01-02T03:04:05.000Z";
const time = Date.parse(timestamp);
const now = 7;

/** Reads one live event of `type` with a full envelope (or the `envelope` given instead). */
function read(type: string, payload: unknown, envelope: Record<string, unknown> = { id: "e-1", sequence: 3, timestamp }): ReceivedEvent {
  const frame = readFrame(JSON.stringify({ ...envelope, type, payload }), now);
  if (!frame || frame.events.length !== 1) throw new Error("expected one event");
  return frame.events[0] as ReceivedEvent;
}

const change = (type: string, payload: unknown, envelope?: Record<string, unknown>) => read(type, payload, envelope).change;

const attachment = {
  title: "Docs",
  preview_image_url: "https://example.com/p.png",
  content_url: "https://example.com",
  content_type: "ATTACHMENT_CONTENT_TYPE_URL",
  call_to_action_text: "Open",
};

describe("readFrame: straight into domain events", () => {
  it("reads messages, with their suggestions as texts, their attachments and the server time", () => {
    const payload = { message_id: "m", text: "Hello", attachments: [attachment], response_suggestions: [{ message_text: "Yes" }] };
    expect(change(EventType.ServiceAgentMessage, payload)).toEqual({
      kind: "agent-message",
      id: "m",
      text: "Hello",
      attachments: [attachment],
      suggestions: ["Yes"],
      time,
    });
    expect(change(EventType.LiveAgentMessage, { ...payload, agent_id: "a" })).toMatchObject({
      kind: "live-agent-message",
      id: "m",
      text: "Hello",
    });
    const chunk = read(EventType.ServiceAgentMessageChunk, { message_id: "m", text: "Hi", chunk_index: 2, is_complete: true });
    expect(chunk.change).toEqual({
      kind: "agent-message-chunk",
      id: "m",
      chunkIndex: 2,
      text: "Hi",
      attachments: [],
      suggestions: [],
      isComplete: true,
      time,
    });
    expect(chunk.whole).toBe(true);
    expect(read(EventType.ServiceAgentMessageChunk, { message_id: "m", text: "H", chunk_index: 1 }).whole).toBe(false);
  });

  it("reads the agents and what they tell the lifecycle", () => {
    const service = read(EventType.ServiceAgentJoined, { agent_name: "Cap", agent_avatar_url: "https://example.com/cap.png" });
    expect(service.change).toEqual({ kind: "agent-joined", agent: { name: "Cap", avatarUrl: "https://example.com/cap.png" } });
    expect(service.signal).toEqual({ kind: "agent-joined" });
    const live = read(EventType.LiveAgentJoined, { agent: { id: "a", name: "Ann", avatar_url: "" } });
    expect(live.change).toEqual({ kind: "live-agent-joined", agent: { id: "a", name: "Ann" } });
    expect(live.signal).toEqual({ kind: "agent-joined" });
    expect(read(EventType.ServiceAgentLeft, {})).toMatchObject({ change: { kind: "agent-left" }, signal: { kind: "agent-left" } });
    expect(read(EventType.ClientHandoffRequired, { reason: "POLICY", queue_name: "billing" })).toMatchObject({
      change: { kind: "client-handoff-required", reason: "POLICY", queueName: "billing" },
      signal: { kind: "client-handoff" },
    });
    expect(read(EventType.RequestServiceAgentJoin, {})).toMatchObject({ change: null, signal: { kind: "join-echoed" } });
  });

  it("reads handoff, typing, language, idle and session events", () => {
    expect(change(EventType.ServiceAgentThinking, {})).toEqual({ kind: "agent-thinking" });
    expect(change(EventType.ServiceAgentTriggeredHandoff, {})).toEqual({ kind: "handoff-triggered" });
    expect(change(EventType.HandoffAccepted, { queue_name: "q" })).toEqual({ kind: "handoff-accepted", queueName: "q" });
    expect(change(EventType.HandoffQueueStatus, { position_in_queue: 2, estimated_wait_seconds: "soon" })).toEqual({
      kind: "handoff-queue-status",
      position: 2,
    });
    expect(change(EventType.HandoffFailed, { reason: "none free" })).toEqual({ kind: "handoff-failed", reason: "none free" });
    expect(change(EventType.HandoffTimeout, {})).toEqual({ kind: "handoff-timeout" });
    expect(change(EventType.LiveAgentTyping, { state: "TYPING_STATE_STARTED" })).toEqual({ kind: "live-agent-typing", typing: true });
    expect(change(EventType.LiveAgentLeft, {})).toEqual({ kind: "live-agent-left" });
    expect(change(EventType.LanguageChanged, { language_code: "fr" })).toEqual({ kind: "language-changed", languageCode: "fr" });
    expect(change(EventType.SessionIdleWarning, {})).toEqual({
      kind: "notice",
      id: "e-1",
      level: "warning",
      code: "session-idle-warning",
      time,
    });
    expect(change(EventType.SessionIdleWarning, {}, { timestamp })).toEqual({
      kind: "notice",
      id: `idle-${time}`,
      level: "warning",
      code: "session-idle-warning",
      time,
    });
    expect(read(EventType.SessionEnd, { reason: "REASON_NATURAL_END" })).toMatchObject({
      change: null,
      signal: { kind: "session-ended", reason: "REASON_NATURAL_END" },
    });
    expect(read(EventType.SessionStart, { capabilities: { max_reconnect_attempts: 0 } }).signal).toEqual({
      kind: "session-started",
      capabilities: { max_reconnect_attempts: 0 },
    });
  });

  it("reads a user message echo by client_event_id, then, saying the client's id is missing, the server message id or the event id", () => {
    const metadata = { custom: { client_event_id: "c-1" } };
    expect(change(EventType.UserMessage, { text: "hi", message_id: "srv" }, { id: "e-1", sequence: 3, timestamp, metadata })).toEqual({
      kind: "user-message-replayed",
      id: "c-1",
      text: "hi",
      time,
    });
    expect(change(EventType.UserMessage, { text: "hi", message_id: "srv" })).toMatchObject({ id: "srv", withoutClientId: true });
    expect(change(EventType.UserMessage, { text: "hi" }, { id: "e-1", timestamp: "" })).toEqual({
      kind: "user-message-replayed",
      id: "e-1",
      text: "hi",
      time: now,
      withoutClientId: true,
    });
  });

  it("gives heartbeats, unknown types and nested batches no meaning, but keeps their place in the order", () => {
    expect(read(EventType.Heartbeat, {})).toEqual({ id: "e-1", sequence: 3, change: null, signal: null, whole: true });
    expect(read("EVENT_TYPE_FROM_THE_FUTURE", { x: 1 })).toEqual({ id: "e-1", sequence: 3, change: null, signal: null, whole: true });
    const nested = readFrame(
      JSON.stringify({
        type: EventType.EventBatch,
        payload: { events: [{ type: EventType.EventBatch, sequence: 4, payload: { events: [] } }] },
      }),
      now,
    );
    expect(nested?.events).toEqual([{ id: null, sequence: 4, change: null, signal: null, whole: true }]);
  });
});

describe("readFrame: server texts as codes and conditions", () => {
  const system = (message: string, level: string = SystemMessageLevel.Error, metadata?: unknown) =>
    read(EventType.SystemMessage, { level, message }, { id: "e-1", sequence: 3, timestamp, ...(metadata ? { metadata } : {}) });

  it.each([
    [SystemMessageText.HighLoad, "server-busy", null, "pause"],
    [SystemMessageText.UnableToStart, "agent-unable-to-start", "unable-to-start", undefined],
    [SystemMessageText.TroubleResponding, "agent-trouble-responding", null, "now"],
    [SystemMessageText.StreamingError, "agent-error", null, "now"],
    [SystemMessageText.UnableToRetrieveSession, "session-unavailable", "retrieve-failed", "pause"],
    [SystemMessageText.ForwardFailed, "message-not-forwarded", "forward-refused", undefined],
    [SystemMessageText.MessageTooLarge, "message-too-large", null, undefined],
    [SystemMessageText.InvalidFormat, "invalid-frame", null, undefined],
    [SystemMessageText.notAllowed("EVENT_TYPE_SESSION_END"), "invalid-frame", null, undefined],
    ["Something new went wrong.", "server-message", null, undefined],
  ])("reads %j as the notice %s, with what it tells the lifecycle and whether to try again", (message, code, condition, retry) => {
    const event = system(message);
    expect(event.change).toMatchObject({ kind: "notice", id: "e-1", level: "error", code, text: message, time, answersTurn: true });
    expect(event.change && "retry" in event.change ? event.change.retry : undefined).toBe(retry);
    expect(event.signal).toEqual(condition === null ? null : { kind: "server-condition", condition, answers: null });
  });

  it("keeps the message a notice that offers a retry answers, by its client_event_id", () => {
    const event = system(SystemMessageText.HighLoad, SystemMessageLevel.Warning, { custom: { client_event_id: "c-9" } });
    expect(event.change).toMatchObject({ retry: "pause", answers: "c-9" });
    expect(
      system(SystemMessageText.InvalidFormat, SystemMessageLevel.Error, { custom: { client_event_id: "c-9" } }).change,
    ).not.toHaveProperty("answers");
  });

  it.each([
    [SystemMessageText.HandoffConnectFailed, "handoff-connect-failed"],
    [SystemMessageText.HandoffNotInitiated, "handoff-not-initiated"],
  ])("reads %j as the notice %s and a failed handoff", (message, code) => {
    expect(system(message)).toMatchObject({ change: { code }, signal: { kind: "handoff-failed" } });
  });

  it("reads a failed or timed-out handoff as a failed handoff for the lifecycle", () => {
    expect(read(EventType.HandoffFailed, {}).signal).toEqual({ kind: "handoff-failed" });
    expect(read(EventType.HandoffTimeout, { reason: "QUEUE_WAIT_EXCEEDED" }).signal).toEqual({ kind: "handoff-failed" });
  });

  it.each([
    [SystemMessageText.ConversationNotFound, "conversation-lost"],
    [SystemMessageText.ConversationIdNotFound, "conversation-lost"],
    [SystemMessageText.SessionNotFound, "session-lost"],
    [SystemMessageText.ConnectorNotFound, "connector-lost"],
  ])("shows no notice for %j, whose remedy the client carries out itself", (message, condition) => {
    const event = system(message, SystemMessageLevel.Error, { custom: { client_event_id: "c-4" } });
    expect(event.change).toBeNull();
    expect(event.signal).toEqual({ kind: "server-condition", condition, answers: "c-4" });
  });

  it("takes a refused second join, echoing the join's metadata, as the agent being there, and shows nothing", () => {
    const event = system("Error: Service agent already joined", SystemMessageLevel.Error, { custom: { client_event_id: "join-2" } });
    expect(event).toMatchObject({ change: null, signal: { kind: "agent-joined" } });
  });

  it("reads the level, unknown levels as info, which does not answer the turn", () => {
    expect(system("Busy", SystemMessageLevel.Warning).change).toMatchObject({ level: "warning", answersTurn: true });
    const info = system("FYI", "LEVEL_NEW").change;
    expect(info).toMatchObject({ level: "info" });
    expect(info).not.toHaveProperty("answersTurn");
  });

  it("recognises a known text reworded by a platform by its telling fragment", () => {
    expect(system("HIGH LOAD right now, sorry").change).toMatchObject({ code: "server-busy" });
  });
});

describe("readFrame: liberal in what it accepts", () => {
  it("takes a batch that carries only type and payload.events, and reads its events in the given order", () => {
    const events = [
      { id: "a", sequence: 2, type: EventType.ServiceAgentThinking, payload: {} },
      { id: "b", sequence: 1, type: EventType.SessionStart, payload: { capabilities: {} } },
    ];
    const frame = readFrame(JSON.stringify({ type: EventType.EventBatch, payload: { events } }), now);
    expect(frame).toMatchObject({ batch: true, heartbeatEcho: false });
    expect(frame?.events.map((event) => event.id)).toEqual(["a", "b"]);
  });

  it("takes a heartbeat echo without id and timestamp", () => {
    expect(readFrame(JSON.stringify({ type: EventType.Heartbeat, payload: {} }), now)).toEqual({
      batch: false,
      heartbeatEcho: true,
      events: [{ id: null, sequence: null, change: null, signal: null, whole: true }],
    });
  });

  it("reads any event without id, timestamp or payload, and an unusable sequence as transient", () => {
    expect(read(EventType.ServiceAgentThinking, undefined, {})).toEqual({
      id: null,
      sequence: null,
      change: { kind: "agent-thinking" },
      signal: null,
      whole: true,
    });
    for (const sequence of [0, -1, 1.5, "4", 2 ** 60]) expect(read(EventType.ServiceAgentThinking, {}, { sequence }).sequence).toBeNull();
  });

  it("never fails on extra fields, and fills lists and texts a client relies on", () => {
    const payload = {
      message_id: "m",
      extra: { a: 1 },
      attachments: [null, 3, { title: 5, content_url: "u" }],
      response_suggestions: ["Yes", { message_text: "" }, { message_text: "No" }],
    };
    expect(change(EventType.ServiceAgentMessage, payload, { id: "e", extra: 1, timestamp })).toEqual({
      kind: "agent-message",
      id: "m",
      text: "",
      attachments: [{ title: "", preview_image_url: "", content_url: "u", content_type: "", call_to_action_text: "" }],
      suggestions: ["No"],
      time,
    });
  });

  it("gives no meaning to messages that lack what they cannot do without", () => {
    expect(change(EventType.ServiceAgentMessage, { text: "no id" })).toBeNull();
    expect(change(EventType.ServiceAgentMessageChunk, { message_id: "m", text: "x" })).toBeNull();
    expect(change(EventType.ServiceAgentMessageChunk, { message_id: "m", chunk_index: 0 })).toBeNull();
    expect(change(EventType.UserMessage, { message_id: "m" })).toBeNull();
    expect(change(EventType.LanguageChanged, {})).toBeNull();
  });

  it("refuses only what is not a JSON object with a type", () => {
    for (const text of [
      "not json",
      "[]",
      "null",
      "5",
      JSON.stringify({ payload: {} }),
      JSON.stringify({ type: EventType.EventBatch, payload: {} }),
    ]) {
      expect(readFrame(text, now)).toBeNull();
    }
  });

  it("survives huge and deeply nested input, and random garbage", () => {
    expect(change(EventType.ServiceAgentMessage, { message_id: "m", text: "x".repeat(2_000_000) })).toMatchObject({
      text: "x".repeat(2_000_000),
    });
    expect(() => readFrame("[".repeat(200000) + "]".repeat(200000), now)).not.toThrow();
    const depth = 20000;
    const nested = `${'{"type":"EVENT_TYPE_EVENT_BATCH","payload":{"events":['.repeat(depth)}{}${"]}}".repeat(depth)}`;
    expect(() => readFrame(nested, now)).not.toThrow();
    const pieces = ['{"type":', '"EVENT_TYPE_EVENT_BATCH"', '"payload":', "{", "}", "[", "]", ",", "null", '"events"', ":", "1"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 2000; round += 1) {
      let text = "";
      for (let piece = 0; piece < 12; piece += 1) text += pieces[Math.floor(random() * pieces.length)];
      expect(() => readFrame(text, now)).not.toThrow();
    }
  });
});
