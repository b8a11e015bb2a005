import { EventType, TypingState } from "./event-types.ts";
import type {
  Attachment,
  EventMetadata,
  InboundEvent,
  ResponseSuggestion,
  ServerEnvelope,
  ServerEvent,
  ServerPayloads,
  UnknownServerEvent,
} from "./payloads.ts";

/** What became of one untrusted frame: a known event, an unknown one (kept), or a reason it was refused. */
export type DecodedServerFrame =
  | { kind: "event"; event: ServerEvent }
  | { kind: "unknown"; event: UnknownServerEvent }
  | { kind: "invalid"; reason: string };

type JsonObject = Record<string, unknown>;

/** Thrown only inside this module, to unwind a payload check; never escapes `decodeServerFrame`. */
class PayloadError extends Error {}

/**
 * Decodes one frame received from the server. Never throws: bad JSON, a missing field or a wrong type
 * comes back as `invalid` with a reason, and a type this version does not know comes back as `unknown`
 * with the frame preserved. Optional lists (`attachments`, `response_suggestions`) are filled with `[]`,
 * and the events of an `EVENT_BATCH` are decoded too (invalid ones are dropped from the batch).
 */
export function decodeServerFrame(text: string): DecodedServerFrame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: "invalid", reason: "frame is not valid JSON" };
  }
  return decodeServerEvent(parsed);
}

/** Decodes one already-parsed event object, with the same guarantees as `decodeServerFrame`. */
export function decodeServerEvent(value: unknown): DecodedServerFrame {
  if (!isObject(value)) return { kind: "invalid", reason: "frame is not a JSON object" };
  if (typeof value.type !== "string" || value.type === "") return { kind: "invalid", reason: "frame has no type" };
  if (!isObject(value.payload)) return { kind: "invalid", reason: `${value.type}: payload is not an object` };
  const envelope = decodeEnvelope(value);
  if (typeof envelope === "string") return { kind: "invalid", reason: `${value.type}: ${envelope}` };
  const decodePayload = payloadDecoders[value.type as keyof ServerPayloads];
  if (!decodePayload) {
    return { kind: "unknown", event: { ...envelope, type: value.type, payload: value.payload, unknown: true } };
  }
  try {
    const payload = decodePayload(value.payload);
    return { kind: "event", event: { ...envelope, type: value.type, payload } as ServerEvent };
  } catch (error) {
    const reason = error instanceof PayloadError ? error.message : "payload could not be read";
    return { kind: "invalid", reason: `${value.type}: ${reason}` };
  }
}

function decodeEnvelope(value: JsonObject): ServerEnvelope | string {
  if (typeof value.id !== "string" || value.id === "") return "event has no id";
  const sequence = value.sequence ?? null;
  if (sequence !== null && !(Number.isSafeInteger(sequence) && (sequence as number) >= 1)) {
    return "sequence is not a positive integer or null";
  }
  const envelope: ServerEnvelope = {
    id: value.id,
    sequence: sequence as number | null,
    timestamp: typeof value.timestamp === "string" ? value.timestamp : "",
  };
  const metadata = decodeMetadata(value.metadata);
  if (metadata) envelope.metadata = metadata;
  return envelope;
}

function decodeMetadata(value: unknown): EventMetadata | undefined {
  if (!isObject(value)) return undefined;
  return isObject(value.custom) ? { custom: value.custom } : {};
}

type PayloadDecoders = { [Type in keyof ServerPayloads]: (payload: JsonObject) => ServerPayloads[Type] };

const empty = () => ({}) as Record<string, never>;

const payloadDecoders: PayloadDecoders = {
  [EventType.RequestServiceAgentJoin]: empty,
  [EventType.UserMessage]: (payload) => {
    const decoded: { text: string; message_id?: string } = { text: requiredString(payload, "text") };
    const messageId = optionalString(payload, "message_id");
    if (messageId !== undefined) decoded.message_id = messageId;
    return decoded;
  },
  [EventType.UserTyping]: (payload) => ({ state: typingState(payload) }),
  [EventType.UserEndSession]: empty,
  [EventType.Heartbeat]: empty,

  [EventType.ServiceAgentJoined]: (payload) => ({
    agent_name: optionalString(payload, "agent_name") ?? "",
    agent_avatar_url: optionalString(payload, "agent_avatar_url") ?? "",
  }),
  [EventType.ServiceAgentThinking]: empty,
  [EventType.ServiceAgentMessage]: (payload) => ({
    message_id: requiredString(payload, "message_id"),
    text: optionalString(payload, "text") ?? "",
    attachments: attachments(payload),
    response_suggestions: suggestions(payload),
  }),
  [EventType.ServiceAgentMessageChunk]: (payload) => {
    const chunkIndex = payload.chunk_index;
    if (!Number.isSafeInteger(chunkIndex) || (chunkIndex as number) < 1) {
      throw new PayloadError("chunk_index is not a positive integer");
    }
    return {
      message_id: requiredString(payload, "message_id"),
      text: optionalString(payload, "text") ?? "",
      attachments: attachments(payload),
      response_suggestions: suggestions(payload),
      chunk_index: chunkIndex as number,
      is_complete: payload.is_complete === true,
    };
  },
  [EventType.ServiceAgentTriggeredHandoff]: empty,
  [EventType.ServiceAgentLeft]: empty,

  [EventType.HandoffAccepted]: (payload) => withOptionalString({}, payload, "queue_name"),
  [EventType.HandoffQueueStatus]: (payload) => {
    const decoded: ServerPayloads[typeof EventType.HandoffQueueStatus] = withOptionalString({}, payload, "queue_name");
    const position = optionalNumber(payload, "position_in_queue");
    if (position !== undefined) decoded.position_in_queue = position;
    const wait = optionalNumber(payload, "estimated_wait_seconds");
    if (wait !== undefined) decoded.estimated_wait_seconds = wait;
    return decoded;
  },
  [EventType.LiveAgentJoined]: (payload) => {
    const agent = isObject(payload.agent) ? payload.agent : {};
    return {
      agent: {
        id: optionalString(agent, "id") ?? "",
        name: optionalString(agent, "name") ?? "",
        avatar_url: optionalString(agent, "avatar_url") ?? "",
      },
    };
  },
  [EventType.LiveAgentTyping]: (payload) => ({
    state: typingState(payload),
    agent_id: optionalString(payload, "agent_id") ?? "",
  }),
  [EventType.LiveAgentMessage]: (payload) => ({
    message_id: requiredString(payload, "message_id"),
    agent_id: optionalString(payload, "agent_id") ?? "",
    text: optionalString(payload, "text") ?? "",
    attachments: attachments(payload),
    response_suggestions: suggestions(payload),
  }),
  [EventType.LiveAgentLeft]: empty,
  [EventType.ClientHandoffRequired]: (payload) => ({
    reason: optionalString(payload, "reason") ?? "",
    queue_name: optionalString(payload, "queue_name") ?? "",
  }),
  [EventType.HandoffFailed]: (payload) => withOptionalString({}, payload, "reason"),
  [EventType.HandoffTimeout]: (payload) => withOptionalString({}, payload, "reason"),

  [EventType.SessionStart]: (payload) => {
    const capabilities = isObject(payload.capabilities) ? payload.capabilities : {};
    const decoded: ServerPayloads[typeof EventType.SessionStart]["capabilities"] = {};
    if (typeof capabilities.streaming === "boolean") decoded.streaming = capabilities.streaming;
    for (const key of ["max_message_size_bytes", "max_reconnect_attempts", "heartbeat_interval_seconds"] as const) {
      const value = optionalNumber(capabilities, key);
      if (value !== undefined) decoded[key] = value;
    }
    return { capabilities: decoded };
  },
  [EventType.EventBatch]: (payload) => {
    if (!Array.isArray(payload.events)) throw new PayloadError("events is not an array");
    const events: InboundEvent[] = [];
    for (const item of payload.events) {
      const decoded = decodeServerEvent(item);
      if (decoded.kind !== "invalid" && decoded.event.type !== EventType.EventBatch) events.push(decoded.event);
    }
    return { events };
  },
  [EventType.SystemMessage]: (payload) => ({
    level: optionalString(payload, "level") ?? "",
    message: optionalString(payload, "message") ?? "",
  }),
  [EventType.LanguageChanged]: (payload) => ({ language_code: requiredString(payload, "language_code") }),
  [EventType.SessionIdleWarning]: empty,
  [EventType.SessionEnd]: (payload) => ({ reason: optionalString(payload, "reason") ?? "" }),
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function requiredString(payload: JsonObject, key: string): string {
  const value = payload[key];
  if (typeof value !== "string" || value === "") throw new PayloadError(`${key} is missing or not a string`);
  return value;
}

function optionalString(payload: JsonObject, key: string): string | undefined {
  const value = payload[key];
  return typeof value === "string" ? value : undefined;
}

function optionalNumber(payload: JsonObject, key: string): number | undefined {
  const value = payload[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function withOptionalString<Key extends string>(
  target: { [K in Key]?: string },
  payload: JsonObject,
  key: Key,
): { [K in Key]?: string } {
  const value = optionalString(payload, key);
  if (value !== undefined) target[key] = value;
  return target;
}

function typingState(payload: JsonObject) {
  return payload.state === TypingState.Started ? TypingState.Started : TypingState.Stopped;
}

function attachments(payload: JsonObject): Attachment[] {
  if (!Array.isArray(payload.attachments)) return [];
  return payload.attachments.filter(isObject).map((item) => ({
    title: optionalString(item, "title") ?? "",
    preview_image_url: optionalString(item, "preview_image_url") ?? "",
    content_url: optionalString(item, "content_url") ?? "",
    content_type: optionalString(item, "content_type") ?? "",
    call_to_action_text: optionalString(item, "call_to_action_text") ?? "",
  }));
}

function suggestions(payload: JsonObject): ResponseSuggestion[] {
  if (!Array.isArray(payload.response_suggestions)) return [];
  return payload.response_suggestions
    .filter(isObject)
    .map((item) => optionalString(item, "message_text"))
    .filter((text): text is string => text !== undefined && text !== "")
    .map((message_text) => ({ message_text }));
}
