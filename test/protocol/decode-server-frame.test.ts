import { describe, expect, it } from "vitest";
import { decodeServerEvent, decodeServerFrame, type DecodedServerFrame } from "../../src/protocol/decode-server-frame.ts";
import { EventType } from "../../src/protocol/event-types.ts";
import type { InboundEvent } from "../../src/protocol/payloads.ts";

const envelope = { id: "e-1", sequence: 3, timestamp: "2026-01-01T00:00:00.000Z" };

function frame(type: string, payload: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...envelope, type, payload, ...extra });
}

function decodedEvent(text: string): InboundEvent {
  const decoded = decodeServerFrame(text);
  if (decoded.kind === "invalid") throw new Error(`expected an event, got invalid: ${decoded.reason}`);
  return decoded.event;
}

const attachment = {
  title: "Docs",
  preview_image_url: "https://example.com/p.png",
  content_url: "https://example.com",
  content_type: "ATTACHMENT_CONTENT_TYPE_URL",
  call_to_action_text: "Open",
};

/** Every known type with one valid payload and what decoding makes of it. */
const validCases: [string, Record<string, unknown>, Record<string, unknown>][] = [
  [EventType.RequestServiceAgentJoin, {}, {}],
  [EventType.UserMessage, { text: "hi", message_id: "m-1" }, { text: "hi", message_id: "m-1" }],
  [EventType.UserTyping, { state: "TYPING_STATE_STARTED" }, { state: "TYPING_STATE_STARTED" }],
  [EventType.UserEndSession, {}, {}],
  [EventType.Heartbeat, {}, {}],
  [EventType.ServiceAgentJoined, { agent_name: "Ada", agent_avatar_url: "a.png" }, { agent_name: "Ada", agent_avatar_url: "a.png" }],
  [EventType.ServiceAgentThinking, {}, {}],
  [
    EventType.ServiceAgentMessage,
    { message_id: "m-2", text: "Hello", attachments: [attachment], response_suggestions: [{ message_text: "Yes" }] },
    { message_id: "m-2", text: "Hello", attachments: [attachment], response_suggestions: [{ message_text: "Yes" }] },
  ],
  [
    EventType.ServiceAgentMessageChunk,
    { message_id: "m-3", text: "He", chunk_index: 1, is_complete: false },
    { message_id: "m-3", text: "He", chunk_index: 1, is_complete: false, attachments: [], response_suggestions: [] },
  ],
  [EventType.ServiceAgentTriggeredHandoff, {}, {}],
  [EventType.ServiceAgentLeft, {}, {}],
  [EventType.HandoffAccepted, { queue_name: "billing" }, { queue_name: "billing" }],
  [
    EventType.HandoffQueueStatus,
    { queue_name: "billing", position_in_queue: 2, estimated_wait_seconds: 30 },
    { queue_name: "billing", position_in_queue: 2, estimated_wait_seconds: 30 },
  ],
  [
    EventType.LiveAgentJoined,
    { agent: { id: "a-1", name: "Sam", avatar_url: "s.png" } },
    { agent: { id: "a-1", name: "Sam", avatar_url: "s.png" } },
  ],
  [EventType.LiveAgentTyping, { state: "TYPING_STATE_STOPPED", agent_id: "a-1" }, { state: "TYPING_STATE_STOPPED", agent_id: "a-1" }],
  [
    EventType.LiveAgentMessage,
    { message_id: "m-4", agent_id: "a-1", text: "Hi there" },
    { message_id: "m-4", agent_id: "a-1", text: "Hi there", attachments: [], response_suggestions: [] },
  ],
  [EventType.LiveAgentLeft, {}, {}],
  [EventType.ClientHandoffRequired, { reason: "POLICY", queue_name: "phone" }, { reason: "POLICY", queue_name: "phone" }],
  [EventType.HandoffFailed, { reason: "no agents" }, { reason: "no agents" }],
  [EventType.HandoffTimeout, {}, {}],
  [
    EventType.SessionStart,
    { capabilities: { streaming: true, max_message_size_bytes: 131072, max_reconnect_attempts: 5, heartbeat_interval_seconds: 30 } },
    { capabilities: { streaming: true, max_message_size_bytes: 131072, max_reconnect_attempts: 5, heartbeat_interval_seconds: 30 } },
  ],
  [EventType.EventBatch, { events: [] }, { events: [] }],
  [
    EventType.SystemMessage,
    { level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Error: Session not found" },
    { level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Error: Session not found" },
  ],
  [EventType.LanguageChanged, { language_code: "fr-FR" }, { language_code: "fr-FR" }],
  [EventType.SessionIdleWarning, {}, {}],
  [EventType.SessionEnd, { reason: "REASON_USER_END" }, { reason: "REASON_USER_END" }],
];

/** Every type whose payload has a required field, with a payload that breaks it. */
const invalidPayloadCases: [string, Record<string, unknown>][] = [
  [EventType.UserMessage, { text: "" }],
  [EventType.UserMessage, { text: 7 }],
  [EventType.ServiceAgentMessage, { text: "no id" }],
  [EventType.ServiceAgentMessage, { message_id: 12, text: "numeric id" }],
  [EventType.ServiceAgentMessageChunk, { message_id: "m", text: "x", chunk_index: 0, is_complete: false }],
  [EventType.ServiceAgentMessageChunk, { message_id: "m", text: "x", chunk_index: 1.5, is_complete: false }],
  [EventType.ServiceAgentMessageChunk, { message_id: "m", text: "x", chunk_index: "1", is_complete: false }],
  [EventType.ServiceAgentMessageChunk, { text: "x", chunk_index: 1, is_complete: true }],
  [EventType.LiveAgentMessage, { agent_id: "a", text: "no id" }],
  [EventType.LanguageChanged, {}],
  [EventType.LanguageChanged, { language_code: ["fr"] }],
  [EventType.EventBatch, {}],
  [EventType.EventBatch, { events: "all" }],
];

describe("decodeServerFrame never throws on untrusted input", () => {
  it.each([
    ["bad JSON", "{", "frame is not valid JSON"],
    ["an empty frame", "", "frame is not valid JSON"],
    ["a JSON string", '"text"', "frame is not a JSON object"],
    ["a JSON number", "42", "frame is not a JSON object"],
    ["JSON null", "null", "frame is not a JSON object"],
    ["a JSON array", "[{}]", "frame is not a JSON object"],
    ["an object without type", JSON.stringify({ ...envelope, payload: {} }), "frame has no type"],
    ["an empty type", frame("", {}), "frame has no type"],
    ["a numeric type", JSON.stringify({ ...envelope, type: 3, payload: {} }), "frame has no type"],
  ])("refuses %s as invalid with a reason", (_label, text, reason) => {
    expect(decodeServerFrame(text)).toEqual({ kind: "invalid", reason });
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["a string", "x"],
    ["an array", []],
  ])("refuses a payload that is %s", (_label, payload) => {
    const decoded = decodeServerFrame(frame(EventType.Heartbeat, payload));
    expect(decoded.kind).toBe("invalid");
  });

  it.each([
    ["missing", { sequence: 1, timestamp: "t" }],
    ["empty", { id: "", sequence: 1 }],
    ["numeric", { id: 5, sequence: 1 }],
  ])("refuses an event whose id is %s", (_label, fields) => {
    const decoded = decodeServerFrame(JSON.stringify({ type: EventType.Heartbeat, payload: {}, ...fields }));
    expect(decoded).toEqual({ kind: "invalid", reason: `${EventType.Heartbeat}: event has no id` });
  });

  it.each([
    ["zero", 0],
    ["negative", -1],
    ["fractional", 1.5],
    ["a string", "3"],
    ["unsafe", 2 ** 60],
  ])("refuses a sequence that is %s", (_label, sequence) => {
    expect(decodeServerFrame(frame(EventType.Heartbeat, {}, { sequence })).kind).toBe("invalid");
  });

  it("reads a null or absent sequence as a transient event", () => {
    expect(decodedEvent(frame(EventType.ServiceAgentThinking, {}, { sequence: null })).sequence).toBeNull();
    const absent = JSON.stringify({ id: "t-1", type: EventType.ServiceAgentThinking, payload: {} });
    expect(decodedEvent(absent).sequence).toBeNull();
  });

  it("fills a missing or non-string timestamp with an empty string", () => {
    expect(decodedEvent(frame(EventType.Heartbeat, {}, { timestamp: 5 })).timestamp).toBe("");
  });

  it("keeps metadata.custom and ignores malformed metadata", () => {
    const custom = { client_event_id: "c-9" };
    expect(decodedEvent(frame(EventType.Heartbeat, {}, { metadata: { custom } })).metadata).toEqual({ custom });
    expect(decodedEvent(frame(EventType.Heartbeat, {}, { metadata: { custom: "x" } })).metadata).toEqual({});
    expect(decodedEvent(frame(EventType.Heartbeat, {}, { metadata: "x" })).metadata).toBeUndefined();
  });

  it("survives huge input", () => {
    const text = "x".repeat(2_000_000);
    const event = decodedEvent(frame(EventType.ServiceAgentMessage, { message_id: "m", text }));
    expect(event.payload).toMatchObject({ text });
  });

  it("survives deeply nested JSON", () => {
    const deepArray = "[".repeat(200000) + "]".repeat(200000);
    expect(() => decodeServerFrame(deepArray)).not.toThrow();
    const deepPayload = `{"id":"d","type":"EVENT_TYPE_SYSTEM_MESSAGE","payload":{"level":${"{\"a\":".repeat(50000)}1${"}".repeat(50000)}}}`;
    expect(() => decodeServerFrame(deepPayload)).not.toThrow();
  });

  it("survives deeply nested event batches and drops the nested batches", () => {
    let nested: Record<string, unknown> = { id: "leaf", sequence: 1, type: EventType.Heartbeat, payload: {} };
    for (let depth = 0; depth < 20000; depth += 1) {
      nested = { id: `b-${depth}`, sequence: null, type: EventType.EventBatch, payload: { events: [nested] } };
    }
    let decoded: DecodedServerFrame | undefined;
    expect(() => {
      decoded = decodeServerEvent(nested);
    }).not.toThrow();
    expect(decoded).toMatchObject({ kind: "event", event: { type: EventType.EventBatch, payload: { events: [] } } });
  });

  it("never throws on a sample of random garbage", () => {
    const pieces = ['{"type":', '"EVENT_TYPE_EVENT_BATCH"', '"payload":', "{", "}", "[", "]", ",", "null", '"events"', ":", "1"];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 2000; round += 1) {
      let text = "";
      for (let piece = 0; piece < 12; piece += 1) text += pieces[Math.floor(random() * pieces.length)];
      expect(() => decodeServerFrame(text)).not.toThrow();
    }
  });
});

describe("decodeServerFrame decodes every event type", () => {
  it("covers every known type", () => {
    expect(validCases.map(([type]) => type).sort()).toEqual(Object.values(EventType).sort());
  });

  it.each(validCases)("decodes a valid %s", (type, payload, expected) => {
    const decoded = decodeServerFrame(frame(type, payload));
    expect(decoded).toEqual({ kind: "event", event: { ...envelope, type, payload: expected } });
  });

  it.each(validCases.map(([type]) => [type]))("refuses %s when its payload is not an object", (type) => {
    expect(decodeServerFrame(frame(type, "nope"))).toEqual({ kind: "invalid", reason: `${type}: payload is not an object` });
  });

  it.each(invalidPayloadCases)("refuses %s with an invalid payload %j", (type, payload) => {
    const decoded = decodeServerFrame(frame(type, payload));
    expect(decoded.kind).toBe("invalid");
    if (decoded.kind === "invalid") expect(decoded.reason.startsWith(`${type}: `)).toBe(true);
  });

  it("never fails on extra fields", () => {
    const event = decodedEvent(frame(EventType.SessionEnd, { reason: "REASON_NATURAL_END", extra: { a: 1 } }, { extra: 1 }));
    expect(event.payload).toEqual({ reason: "REASON_NATURAL_END" });
  });

  it("fills optional lists with [] when absent or not arrays", () => {
    for (const lists of [{}, { attachments: "x", response_suggestions: {} }]) {
      const event = decodedEvent(frame(EventType.ServiceAgentMessage, { message_id: "m", text: "t", ...lists }));
      expect(event.payload).toMatchObject({ attachments: [], response_suggestions: [] });
    }
  });

  it("drops list items that are not objects and suggestions without text", () => {
    const event = decodedEvent(
      frame(EventType.LiveAgentMessage, {
        message_id: "m",
        attachments: [null, 3, { title: 5, content_url: "u" }],
        response_suggestions: ["Yes", { message_text: "" }, { message_text: 1 }, { message_text: "No" }],
      }),
    );
    expect(event.payload).toMatchObject({
      attachments: [{ title: "", preview_image_url: "", content_url: "u", content_type: "", call_to_action_text: "" }],
      response_suggestions: [{ message_text: "No" }],
    });
  });

  it("reads a missing chunk is_complete as false and only true as complete", () => {
    const chunk = (is_complete: unknown) =>
      decodedEvent(frame(EventType.ServiceAgentMessageChunk, { message_id: "m", chunk_index: 2, is_complete })).payload;
    expect(chunk(undefined)).toMatchObject({ is_complete: false, text: "" });
    expect(chunk("true")).toMatchObject({ is_complete: false });
    expect(chunk(true)).toMatchObject({ is_complete: true });
  });

  it("fills a live agent with empty fields when the agent object is missing", () => {
    expect(decodedEvent(frame(EventType.LiveAgentJoined, {})).payload).toEqual({ agent: { id: "", name: "", avatar_url: "" } });
  });

  it("keeps only well-typed capabilities", () => {
    const event = decodedEvent(
      frame(EventType.SessionStart, { capabilities: { streaming: "yes", max_message_size_bytes: 10, heartbeat_interval_seconds: "30" } }),
    );
    expect(event.payload).toEqual({ capabilities: { max_message_size_bytes: 10 } });
    expect(decodedEvent(frame(EventType.SessionStart, {})).payload).toEqual({ capabilities: {} });
  });

  it("drops queue numbers that are not finite numbers", () => {
    const event = decodedEvent(frame(EventType.HandoffQueueStatus, { position_in_queue: "1", estimated_wait_seconds: null }));
    expect(event.payload).toEqual({});
  });

  it("keeps an unknown system message level as given", () => {
    expect(decodedEvent(frame(EventType.SystemMessage, { level: "LEVEL_NEW", message: "m" })).payload).toEqual({
      level: "LEVEL_NEW",
      message: "m",
    });
  });
});

describe("decodeServerFrame keeps unknown types", () => {
  it("preserves an unknown type whole with kind unknown", () => {
    const payload = { anything: [1, { deep: true }], text: "x" };
    const decoded = decodeServerFrame(frame("EVENT_TYPE_FROM_THE_FUTURE", payload, { metadata: { custom: { a: 1 } } }));
    expect(decoded).toEqual({
      kind: "unknown",
      event: { ...envelope, type: "EVENT_TYPE_FROM_THE_FUTURE", payload, metadata: { custom: { a: 1 } }, unknown: true },
    });
  });

  it("still refuses an unknown type without an id or object payload", () => {
    expect(decodeServerFrame(JSON.stringify({ type: "EVENT_TYPE_NEW", payload: {} })).kind).toBe("invalid");
    expect(decodeServerFrame(frame("EVENT_TYPE_NEW", 1)).kind).toBe("invalid");
  });
});

describe("decodeServerFrame decodes the events inside EVENT_BATCH", () => {
  const start = { id: "s", sequence: 1, timestamp: "t", type: EventType.SessionStart, payload: { capabilities: { streaming: false } } };
  const message = { id: "m", sequence: 2, timestamp: "t", type: EventType.ServiceAgentMessage, payload: { message_id: "x", text: "Hi" } };
  const future = { id: "f", sequence: 3, timestamp: "t", type: "EVENT_TYPE_FUTURE", payload: { a: 1 } };

  it("decodes valid inner events, fills their lists and keeps unknown ones", () => {
    const event = decodedEvent(frame(EventType.EventBatch, { events: [start, message, future] }, { sequence: null }));
    expect(event.payload).toEqual({
      events: [
        start,
        { ...message, payload: { message_id: "x", text: "Hi", attachments: [], response_suggestions: [] } },
        { ...future, unknown: true },
      ],
    });
  });

  it("drops invalid inner events and keeps the rest in order", () => {
    const invalid = [
      "text",
      null,
      [start],
      { ...message, id: undefined },
      { ...message, payload: { text: "no id" } },
      { ...message, sequence: -2 },
      { type: EventType.Heartbeat },
    ];
    const event = decodedEvent(frame(EventType.EventBatch, { events: [start, ...invalid, message] }));
    expect((event.payload as { events: InboundEvent[] }).events.map((inner) => inner.id)).toEqual(["s", "m"]);
  });

  it("drops a batch nested inside a batch", () => {
    const inner = { id: "b2", sequence: null, type: EventType.EventBatch, payload: { events: [message] } };
    const event = decodedEvent(frame(EventType.EventBatch, { events: [start, inner] }));
    expect((event.payload as { events: InboundEvent[] }).events.map((item) => item.id)).toEqual(["s"]);
  });
});
