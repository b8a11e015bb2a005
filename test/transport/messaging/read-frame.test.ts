import { describe, expect, it } from "vitest";
import { decodeServerEvent, EventType, SystemMessageLevel, SystemMessageText, type InboundEvent } from "../../../src/protocol/index.ts";
import { agentPresenceOf, toConversationEvent } from "../../../src/transport/messaging/read-frame.ts";

function decoded(type: string, payload: Record<string, unknown>, extra: Record<string, unknown> = {}): InboundEvent {
  const result = decodeServerEvent({ id: "e-1", sequence: 3, timestamp: "2026-01-02T03:04:05.000Z", type, payload, ...extra });
  if (result.kind === "invalid") throw new Error(result.reason);
  return result.event;
}

describe("toConversationEvent", () => {
  it("marks message events up to the history mark as history, and no other event", () => {
    const message = decoded(EventType.ServiceAgentMessage, { message_id: "m", text: "Hi" });
    expect(toConversationEvent(message, 0, 3)).toMatchObject({ kind: "agent-message", history: true });
    expect(toConversationEvent(message, 0, 2)).not.toHaveProperty("history");
    expect(toConversationEvent(decoded(EventType.UserMessage, { text: "me" }), 0, 3)).toMatchObject({ kind: "user-message-replayed", history: true });
    expect(toConversationEvent(decoded(EventType.LanguageChanged, { language_code: "fr" }), 0, 3)).toEqual({ kind: "language-changed", languageCode: "fr" });
  });

  it("maps chunks with their index, suggestions as texts and the server time", () => {
    const events = toConversationEvent(
      decoded(EventType.ServiceAgentMessageChunk, { message_id: "m", text: "Hi", chunk_index: 2, is_complete: true, response_suggestions: [{ message_text: "More" }] }),
      0,
    );
    expect(events).toEqual({
      kind: "agent-message-chunk",
      id: "m",
      chunkIndex: 2,
      text: "Hi",
      attachments: [],
      suggestions: ["More"],
      isComplete: true,
      time: Date.parse("2026-01-02T03:04:05.000Z"),
    });
  });

  it("maps handoff, live agent, system and session events", () => {
    expect(toConversationEvent(decoded(EventType.HandoffQueueStatus, { position_in_queue: 2 }), 0)).toEqual({ kind: "handoff-queue-status", position: 2 });
    expect(toConversationEvent(decoded(EventType.LiveAgentJoined, { agent: { id: "a", name: "Ann", avatar_url: "" } }), 0)).toEqual({
      kind: "live-agent-joined",
      agent: { id: "a", name: "Ann" },
    });
    expect(toConversationEvent(decoded(EventType.LiveAgentTyping, { state: "TYPING_STATE_STARTED" }), 0)).toEqual({ kind: "live-agent-typing", typing: true });
    expect(toConversationEvent(decoded(EventType.ClientHandoffRequired, { reason: "POLICY", queue_name: "billing" }), 0)).toEqual({
      kind: "client-handoff-required",
      reason: "POLICY",
      queueName: "billing",
    });
    expect(toConversationEvent(decoded(EventType.SystemMessage, { level: "SYSTEM_MESSAGE_LEVEL_WARNING", message: "Busy" }), 0)).toEqual({
      kind: "notice",
      id: "e-1",
      level: "warning",
      text: "Busy",
      time: Date.parse("2026-01-02T03:04:05.000Z"),
    });
    expect(toConversationEvent(decoded(EventType.SessionEnd, { reason: "REASON_NATURAL_END" }), 0)).toEqual({ kind: "session-ended", reason: "REASON_NATURAL_END" });
  });

  it("maps unknown types, heartbeats and the session start to nothing", () => {
    expect(toConversationEvent(decoded("EVENT_TYPE_NEW", { x: 1 }), 0)).toBeNull();
    expect(toConversationEvent(decoded(EventType.Heartbeat, {}), 0)).toBeNull();
    expect(toConversationEvent(decoded(EventType.SessionStart, { capabilities: {} }), 0)).toBeNull();
  });
});

describe("user message echoes", () => {
  it("reads an echo by client_event_id and falls back to the server message id, then the event id", () => {
    const time = Date.parse("2026-01-02T03:04:05.000Z");
    const correlated = decoded(EventType.UserMessage, { text: "hi", message_id: "srv" }, { metadata: { custom: { client_event_id: "c-1" } } });
    expect(toConversationEvent(correlated, 0)).toEqual({ kind: "user-message-replayed", id: "c-1", text: "hi", time });
    expect(toConversationEvent(decoded(EventType.UserMessage, { text: "hi", message_id: "srv" }), 0)).toEqual({
      kind: "user-message-replayed",
      id: "srv",
      text: "hi",
      time,
    });
    expect(toConversationEvent(decoded(EventType.UserMessage, { text: "hi" }, { timestamp: "" }), 7)).toEqual({
      kind: "user-message-replayed",
      id: "e-1",
      text: "hi",
      time: 7,
    });
  });
});

describe("agentPresenceOf", () => {
  it("reads who is in the conversation from joins, a client-managed handoff, a departure and a lost conversation", () => {
    const presence = (type: string, payload: Record<string, unknown>) => {
      const event = toConversationEvent(decoded(type, payload), 0);
      return event && agentPresenceOf(event);
    };
    expect(presence(EventType.ServiceAgentJoined, { agent_name: "Cap", agent_avatar_url: "" })).toBe("agent-joined");
    expect(presence(EventType.LiveAgentJoined, { agent: { id: "a", name: "Ann", avatar_url: "" } })).toBe("agent-joined");
    expect(presence(EventType.ClientHandoffRequired, { reason: "POLICY", queue_name: "phone" })).toBe("client-handoff");
    expect(presence(EventType.ServiceAgentLeft, {})).toBe("agent-left");
    for (const message of [SystemMessageText.ConversationIdNotFound, SystemMessageText.ConversationNotFound]) {
      expect(presence(EventType.SystemMessage, { level: SystemMessageLevel.Error, message })).toBe("conversation-lost");
    }
    expect(presence(EventType.SystemMessage, { level: SystemMessageLevel.Error, message: SystemMessageText.SessionNotFound })).toBeNull();
    expect(presence(EventType.ServiceAgentMessage, { message_id: "m", text: "Hi" })).toBeNull();
  });
});
