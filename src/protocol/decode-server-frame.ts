import type { ServerEnvelope, ServerEvent, ServerPayloads, UnknownServerEvent } from "./payloads.ts";

/** What became of one untrusted frame: a known event, an unknown one (kept), or a reason it was refused. */
export type DecodedServerFrame =
  | { kind: "event"; event: ServerEvent }
  | { kind: "unknown"; event: UnknownServerEvent }
  | { kind: "invalid"; reason: string };

type JsonObject = Record<string, unknown>;

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
    return invalid("frame is not valid JSON");
  }
  return decodeServerEvent(parsed);
}

/** Decodes one already-parsed event object, with the same guarantees as `decodeServerFrame`. */
export function decodeServerEvent(value: unknown): DecodedServerFrame {
  if (!isObject(value)) return invalid("frame is not a JSON object");
  const { type, payload, id, sequence = null, timestamp, metadata } = value;
  if (typeof type !== "string" || type === "") return invalid("frame has no type");
  const refuse = (reason: string) => invalid(`${type}: ${reason}`);
  if (!isObject(payload)) return refuse("payload is not an object");
  if (typeof id !== "string" || id === "") return refuse("event has no id");
  if (sequence !== null && !(Number.isSafeInteger(sequence) && (sequence as number) >= 1)) return refuse("sequence is not a positive integer");
  const envelope: ServerEnvelope = { id, sequence: sequence as number | null, timestamp: typeof timestamp === "string" ? timestamp : "" };
  if (isObject(metadata)) envelope.metadata = isObject(metadata.custom) ? { custom: metadata.custom } : {};
  const readers = Object.hasOwn(payloadFields, type) ? payloadFields[type as keyof ServerPayloads] : undefined;
  if (!readers) return { kind: "unknown", event: { ...envelope, type, payload, unknown: true } };
  try {
    return { kind: "event", event: { ...envelope, type, payload: readFields(payload, readers) } as ServerEvent };
  } catch (reason) {
    return refuse(typeof reason === "string" ? reason : "payload could not be read");
  }
}

function invalid(reason: string): DecodedServerFrame {
  return { kind: "invalid", reason };
}

/**
 * Reads one payload field: the value to keep, or `undefined` to leave the field out. A broken required
 * field throws its reason (a string), which `decodeServerEvent` turns into `invalid`.
 */
type FieldReader = (value: unknown, key: string) => unknown;
type FieldReaders = Record<string, FieldReader>;

const text: FieldReader = (value) => (typeof value === "string" ? value : "");
const optionalText: FieldReader = (value) => (typeof value === "string" ? value : undefined);
const requiredText: FieldReader = (value, key) => {
  if (typeof value === "string" && value !== "") return value;
  throw `${key} is missing or not a string`;
};
const optionalNumber: FieldReader = (value) => (Number.isFinite(value) ? value : undefined);
const typingState: FieldReader = (value) => (value === "TYPING_STATE_STARTED" ? value : "TYPING_STATE_STOPPED");

/** A nested object read with `readers`; anything else reads as an empty object of them. */
const object =
  (readers: FieldReaders): FieldReader =>
  (value) =>
    readFields(isObject(value) ? value : {}, readers);

/** A list of objects read with `readers`, non-objects dropped; anything else reads as `[]`. */
const list =
  (readers: FieldReaders): FieldReader =>
  (value) =>
    Array.isArray(value) ? value.filter(isObject).map((item) => readFields(item, readers)) : [];

const messageFields: FieldReaders = {
  message_id: requiredText,
  text,
  attachments: list({ title: text, preview_image_url: text, content_url: text, content_type: text, call_to_action_text: text }),
  response_suggestions: (value) => (list({ message_text: text })(value, "") as JsonObject[]).filter((suggestion) => suggestion.message_text !== ""),
};

/**
 * The fields of every known payload type, by wire name, and how each is read. Optional lists and texts a
 * client relies on are filled with `[]` and `""`; fields that are optional on the wire stay absent when absent.
 */
const payloadFields: { [Type in keyof ServerPayloads]: FieldReaders } = {
  EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN: {},
  EVENT_TYPE_USER_MESSAGE: { text: requiredText, message_id: optionalText },
  EVENT_TYPE_USER_TYPING: { state: typingState },
  EVENT_TYPE_USER_END_SESSION: {},
  EVENT_TYPE_HEARTBEAT: {},
  EVENT_TYPE_SERVICE_AGENT_JOINED: { agent_name: text, agent_avatar_url: text },
  EVENT_TYPE_SERVICE_AGENT_THINKING: {},
  EVENT_TYPE_SERVICE_AGENT_MESSAGE: messageFields,
  EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK: {
    ...messageFields,
    chunk_index: (value) => {
      if (Number.isSafeInteger(value) && (value as number) >= 1) return value;
      throw "chunk_index is not a positive integer";
    },
    is_complete: (value) => value === true,
  },
  EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF: {},
  EVENT_TYPE_SERVICE_AGENT_LEFT: {},
  EVENT_TYPE_HANDOFF_ACCEPTED: { queue_name: optionalText },
  EVENT_TYPE_HANDOFF_QUEUE_STATUS: { queue_name: optionalText, position_in_queue: optionalNumber, estimated_wait_seconds: optionalNumber },
  EVENT_TYPE_LIVE_AGENT_JOINED: { agent: object({ id: text, name: text, avatar_url: text }) },
  EVENT_TYPE_LIVE_AGENT_TYPING: { state: typingState, agent_id: text },
  EVENT_TYPE_LIVE_AGENT_MESSAGE: { ...messageFields, agent_id: text },
  EVENT_TYPE_LIVE_AGENT_LEFT: {},
  EVENT_TYPE_CLIENT_HANDOFF_REQUIRED: { reason: text, queue_name: text },
  EVENT_TYPE_HANDOFF_FAILED: { reason: optionalText },
  EVENT_TYPE_HANDOFF_TIMEOUT: { reason: optionalText },
  EVENT_TYPE_SESSION_START: {
    capabilities: object({
      streaming: (value) => (typeof value === "boolean" ? value : undefined),
      max_message_size_bytes: optionalNumber,
      max_reconnect_attempts: optionalNumber,
      heartbeat_interval_seconds: optionalNumber,
    }),
  },
  EVENT_TYPE_EVENT_BATCH: {
    events: (value) => {
      if (!Array.isArray(value)) throw "events is not an array";
      // Invalid events and batches nested in the batch are dropped; the rest keep their order.
      return value.flatMap((item) => {
        const decoded = decodeServerEvent(item);
        return decoded.kind === "invalid" || decoded.event.type === "EVENT_TYPE_EVENT_BATCH" ? [] : [decoded.event];
      });
    },
  },
  EVENT_TYPE_SYSTEM_MESSAGE: { level: text, message: text },
  EVENT_TYPE_LANGUAGE_CHANGED: { language_code: requiredText },
  EVENT_TYPE_SESSION_IDLE_WARNING: {},
  EVENT_TYPE_SESSION_END: { reason: text },
};

function readFields(source: JsonObject, readers: FieldReaders): JsonObject {
  const result: JsonObject = {};
  for (const [key, read] of Object.entries(readers)) {
    const value = read(source[key], key);
    if (value !== undefined) result[key] = value;
  }
  return result;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
