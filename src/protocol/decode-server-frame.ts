import { EventType, TypingState } from "./event-types.ts";
import type {
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
  const fields = payloadFields[value.type as keyof ServerPayloads] as FieldReaders | undefined;
  if (!fields) {
    return { kind: "unknown", event: { ...envelope, type: value.type, payload: value.payload, unknown: true } };
  }
  try {
    const payload = readFields(value.payload, fields);
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

/** Reads one payload field: the value to keep, `undefined` to leave the field out, or a `PayloadError`. */
type FieldReader = (value: unknown, key: string) => unknown;
type FieldReaders = Record<string, FieldReader>;

const text: FieldReader = (value) => (typeof value === "string" ? value : "");
const optionalText: FieldReader = (value) => (typeof value === "string" ? value : undefined);
const requiredText: FieldReader = (value, key) => {
  if (typeof value !== "string" || value === "") throw new PayloadError(`${key} is missing or not a string`);
  return value;
};
const optionalNumber: FieldReader = (value) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const typingState: FieldReader = (value) => (value === TypingState.Started ? value : TypingState.Stopped);

/** A nested object read with `fields`; anything else reads as an empty object of them. */
const object =
  (fields: FieldReaders): FieldReader =>
  (value) =>
    readFields(isObject(value) ? value : {}, fields);

/** A list of objects read with `fields`, non-objects dropped; anything else reads as `[]`. */
const list =
  (fields: FieldReaders): FieldReader =>
  (value) =>
    Array.isArray(value) ? value.filter(isObject).map((item) => readFields(item, fields)) : [];

const messageFields: FieldReaders = {
  message_id: requiredText,
  text,
  attachments: list({ title: text, preview_image_url: text, content_url: text, content_type: text, call_to_action_text: text }),
  response_suggestions: (value) =>
    (list({ message_text: text })(value, "") as ResponseSuggestion[]).filter((suggestion) => suggestion.message_text !== ""),
};

/**
 * The fields of every known payload type and how each is read. Optional lists and texts a client relies on
 * are filled with `[]` and `""`; fields that are optional on the wire stay absent when absent.
 */
const payloadFields: { [Type in keyof ServerPayloads]: FieldReaders } = {
  [EventType.RequestServiceAgentJoin]: {},
  [EventType.UserMessage]: { text: requiredText, message_id: optionalText },
  [EventType.UserTyping]: { state: typingState },
  [EventType.UserEndSession]: {},
  [EventType.Heartbeat]: {},
  [EventType.ServiceAgentJoined]: { agent_name: text, agent_avatar_url: text },
  [EventType.ServiceAgentThinking]: {},
  [EventType.ServiceAgentMessage]: messageFields,
  [EventType.ServiceAgentMessageChunk]: {
    ...messageFields,
    chunk_index: (value) => {
      if (!Number.isSafeInteger(value) || (value as number) < 1) throw new PayloadError("chunk_index is not a positive integer");
      return value;
    },
    is_complete: (value) => value === true,
  },
  [EventType.ServiceAgentTriggeredHandoff]: {},
  [EventType.ServiceAgentLeft]: {},
  [EventType.HandoffAccepted]: { queue_name: optionalText },
  [EventType.HandoffQueueStatus]: { queue_name: optionalText, position_in_queue: optionalNumber, estimated_wait_seconds: optionalNumber },
  [EventType.LiveAgentJoined]: { agent: object({ id: text, name: text, avatar_url: text }) },
  [EventType.LiveAgentTyping]: { state: typingState, agent_id: text },
  [EventType.LiveAgentMessage]: { ...messageFields, agent_id: text },
  [EventType.LiveAgentLeft]: {},
  [EventType.ClientHandoffRequired]: { reason: text, queue_name: text },
  [EventType.HandoffFailed]: { reason: optionalText },
  [EventType.HandoffTimeout]: { reason: optionalText },
  [EventType.SessionStart]: {
    capabilities: object({
      streaming: (value) => (typeof value === "boolean" ? value : undefined),
      max_message_size_bytes: optionalNumber,
      max_reconnect_attempts: optionalNumber,
      heartbeat_interval_seconds: optionalNumber,
    }),
  },
  [EventType.EventBatch]: {
    events: (value) => {
      if (!Array.isArray(value)) throw new PayloadError("events is not an array");
      const events: InboundEvent[] = [];
      for (const item of value) {
        const decoded = decodeServerEvent(item);
        if (decoded.kind !== "invalid" && decoded.event.type !== EventType.EventBatch) events.push(decoded.event);
      }
      return events;
    },
  },
  [EventType.SystemMessage]: { level: text, message: text },
  [EventType.LanguageChanged]: { language_code: requiredText },
  [EventType.SessionIdleWarning]: {},
  [EventType.SessionEnd]: { reason: text },
};

function readFields(source: JsonObject, fields: FieldReaders): JsonObject {
  const result: JsonObject = {};
  for (const [key, read] of Object.entries(fields)) {
    const value = read(source[key], key);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
