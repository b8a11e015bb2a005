import { describe, expect, it } from "vitest";
import { decodeClientFrame } from "../../src/protocol/decode-client-frame.ts";
import { SystemMessageText } from "../../src/protocol/error-texts.ts";
import { clientEventTypes, EventType, serverOnlyEventTypes, TypingState } from "../../src/protocol/event-types.ts";

const invalidFormat = "Unknown event type or invalid message format";
const custom = { client_event_id: "c-1", nested: { kept: true } };

function errorOf(text: string): string | undefined {
  const decoded = decodeClientFrame(text);
  return decoded.kind === "error" ? decoded.message : undefined;
}

describe("decodeClientFrame errors carry the platform's exact texts", () => {
  it("keeps the shared constants equal to the documented texts", () => {
    expect(SystemMessageText.InvalidFormat).toBe(invalidFormat);
    expect(SystemMessageText.notAllowed("X")).toBe("Event type not allowed: X");
    expect(SystemMessageText.MessageTooLarge).toBe("Message too large");
  });

  it.each([
    ["bad JSON", "{not json"],
    ["an empty frame", ""],
    ["a JSON string", '"hello"'],
    ["a JSON number", "3"],
    ["JSON null", "null"],
    ["a JSON array", "[]"],
    ["an object without type", '{"payload":{}}'],
    ["a non-string type", '{"type":5,"payload":{}}'],
    ["an unknown type", '{"type":"EVENT_TYPE_NOPE","payload":{}}'],
    ["a payload that is not an object", '{"type":"EVENT_TYPE_HEARTBEAT","payload":"x"}'],
    ["a payload that is an array", '{"type":"EVENT_TYPE_HEARTBEAT","payload":[]}'],
    ["a null payload", '{"type":"EVENT_TYPE_HEARTBEAT","payload":null}'],
    ["a missing payload", '{"type":"EVENT_TYPE_HEARTBEAT"}'],
    ["a user message without text", '{"type":"EVENT_TYPE_USER_MESSAGE","payload":{}}'],
    ["a user message with empty text", '{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":""}}'],
    ["a user message with blank text", '{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"   "}}'],
    ["a user message with non-string text", '{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":42}}'],
    ["a typing frame with an unknown state", '{"type":"EVENT_TYPE_USER_TYPING","payload":{"state":"ON"}}'],
  ])("answers %s with 'Unknown event type or invalid message format'", (_label, text) => {
    expect(errorOf(text)).toBe(invalidFormat);
  });

  it.each(serverOnlyEventTypes.map((type) => [type]))("answers the server-only type %s with 'Event type not allowed: <type>'", (type) => {
    expect(errorOf(JSON.stringify({ type, payload: {} }))).toBe(`Event type not allowed: ${type}`);
  });

  it("keeps metadata.custom on an error so the answer can echo it", () => {
    const decoded = decodeClientFrame(JSON.stringify({ type: "EVENT_TYPE_NOPE", payload: {}, metadata: { custom } }));
    expect(decoded).toEqual({ kind: "error", message: invalidFormat, metadata: { custom } });
  });

  it("keeps metadata.custom on a not-allowed error", () => {
    const decoded = decodeClientFrame(JSON.stringify({ type: EventType.SessionEnd, payload: {}, metadata: { custom } }));
    expect(decoded).toEqual({ kind: "error", message: `Event type not allowed: ${EventType.SessionEnd}`, metadata: { custom } });
  });

  it("leaves metadata out of an error when the frame carried none or a malformed one", () => {
    expect(decodeClientFrame('{"type":"X","payload":{}}')).toEqual({ kind: "error", message: invalidFormat });
    expect(decodeClientFrame('{"type":"X","payload":{},"metadata":{"custom":[1]}}')).toEqual({
      kind: "error",
      message: invalidFormat,
    });
  });
});

describe("decodeClientFrame accepts exactly the five client types", () => {
  it("lists exactly five client types", () => {
    expect([...clientEventTypes].sort()).toEqual(
      [
        EventType.RequestServiceAgentJoin,
        EventType.UserMessage,
        EventType.UserTyping,
        EventType.UserEndSession,
        EventType.Heartbeat,
      ].sort(),
    );
  });

  it.each([[EventType.RequestServiceAgentJoin], [EventType.UserEndSession], [EventType.Heartbeat]])(
    "accepts %s with an empty payload and drops unexpected payload fields",
    (type) => {
      expect(decodeClientFrame(JSON.stringify({ type, payload: { extra: 1 } }))).toEqual({
        kind: "frame",
        frame: { type, payload: {} },
      });
    },
  );

  it("accepts a user message and keeps only its text", () => {
    expect(decodeClientFrame(JSON.stringify({ type: EventType.UserMessage, payload: { text: "hi", x: 1 } }))).toEqual({
      kind: "frame",
      frame: { type: EventType.UserMessage, payload: { text: "hi" } },
    });
  });

  it("accepts both typing states", () => {
    for (const state of [TypingState.Started, TypingState.Stopped]) {
      expect(decodeClientFrame(JSON.stringify({ type: EventType.UserTyping, payload: { state } }))).toEqual({
        kind: "frame",
        frame: { type: EventType.UserTyping, payload: { state } },
      });
    }
  });

  it("keeps metadata.custom on a valid frame", () => {
    const decoded = decodeClientFrame(JSON.stringify({ type: EventType.UserMessage, payload: { text: "hi" }, metadata: { custom } }));
    expect(decoded).toEqual({
      kind: "frame",
      frame: { type: EventType.UserMessage, payload: { text: "hi" }, metadata: { custom } },
    });
  });

  it("ignores fields a client may not set, such as id and sequence", () => {
    const decoded = decodeClientFrame(JSON.stringify({ type: EventType.Heartbeat, payload: {}, id: "forged", sequence: 99 }));
    expect(decoded).toEqual({ kind: "frame", frame: { type: EventType.Heartbeat, payload: {} } });
  });

  it("never throws on deeply nested input", () => {
    const deep = "[".repeat(100000) + "]".repeat(100000);
    expect(errorOf(deep)).toBe(invalidFormat);
    const deepMetadata = `{"type":"EVENT_TYPE_HEARTBEAT","payload":{},"metadata":{"custom":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}}`;
    expect(decodeClientFrame(deepMetadata).kind).toBe("frame");
  });
});
