import type { Attachment, SessionCapabilities } from "../../protocol/index.ts";
import type { NoticeCode } from "../codes.ts";
import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { NoticeLevel, Participant } from "../conversation.ts";
import type { LifecycleSignal, ServerCondition } from "../lifecycle/lifecycle-types.ts";

/** One server event, read: its place in the session's order and what it means. */
export interface ReceivedEvent {
  /** The event's `id`; null when it has none (a platform may leave it off transient events). */
  id: string | null;
  /** Its position in the session's history; null for a transient event. */
  sequence: number | null;
  /** What it changes in the conversation, if anything. */
  change: ConversationEvent | null;
  /** What it tells the lifecycle, if anything. */
  signal: LifecycleSignal | null;
  /** False for a chunk that does not finish its message: the message is not received whole yet. */
  whole: boolean;
}

/** One frame, read: a history batch (its events) or a single live event. */
export interface ReceivedFrame {
  batch: boolean;
  /** The frame is a heartbeat echo; only its type counts (a platform may leave off its id and timestamp). */
  heartbeatEcho: boolean;
  events: ReceivedEvent[];
}

type Json = Record<string, unknown>;

/**
 * Reads one untrusted server frame straight into domain events, once. Never throws; null for a frame
 * that is not a JSON object with a `type`. Liberal where the spec is open: a batch needs only `type` and
 * `payload.events`; any event may lack `id`, `timestamp` or `payload`; a sequence that is not a positive
 * integer reads as transient. Unknown types, batches nested in a batch and events missing what they
 * cannot do without (a message's `message_id`, a chunk's `chunk_index`) carry no meaning but keep their
 * place in the order. `now` stamps events without a readable timestamp.
 */
export function readFrame(text: string, now: number): ReceivedFrame | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(parsed) || typeof parsed.type !== "string") return null;
  if (parsed.type !== "EVENT_TYPE_EVENT_BATCH")
    return { batch: false, heartbeatEcho: parsed.type === "EVENT_TYPE_HEARTBEAT", events: [readEvent(parsed, now)] };
  const events = objectOf(parsed.payload).events;
  if (!Array.isArray(events)) return null;
  const readable = events.filter((item): item is Json => isObject(item) && typeof item.type === "string");
  return { batch: true, heartbeatEcho: false, events: readable.map((item) => readEvent(item, now)) };
}

function readEvent(event: Json, now: number): ReceivedEvent {
  const id = typeof event.id === "string" && event.id !== "" ? event.id : null;
  const sequence = Number.isSafeInteger(event.sequence) && (event.sequence as number) >= 1 ? (event.sequence as number) : null;
  let change: ConversationEvent | null = null;
  let signal: LifecycleSignal | null = null;
  let whole = true;
  const time = Date.parse(String(event.timestamp)) || now;
  const payload = objectOf(event.payload);

  switch (event.type as string) {
    case "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN":
      signal = { kind: "join-echoed" };
      break;
    case "EVENT_TYPE_SERVICE_AGENT_THINKING":
      change = { kind: "agent-thinking" };
      break;
    case "EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF":
      change = { kind: "handoff-triggered" };
      break;
    case "EVENT_TYPE_SERVICE_AGENT_LEFT":
      change = { kind: "agent-left" };
      signal = { kind: "agent-left" };
      break;
    case "EVENT_TYPE_LIVE_AGENT_LEFT":
      change = { kind: "live-agent-left" };
      break;
    case "EVENT_TYPE_USER_MESSAGE": {
      const messageText = text(payload.text);
      const clientId = clientEventId(event);
      const userId = clientId ?? (text(payload.message_id) || id);
      const withoutClientId = clientId === null || undefined;
      if (messageText && userId) change = { kind: "user-message-replayed", id: userId, text: messageText, time, withoutClientId };
      break;
    }
    case "EVENT_TYPE_SERVICE_AGENT_JOINED":
      change = { kind: "agent-joined", agent: readAgent(payload.agent_name, payload.agent_avatar_url) };
      signal = { kind: "agent-joined" };
      break;
    case "EVENT_TYPE_SERVICE_AGENT_MESSAGE":
    case "EVENT_TYPE_LIVE_AGENT_MESSAGE": {
      const whole = readMessage(payload, time);
      const kind = event.type === "EVENT_TYPE_LIVE_AGENT_MESSAGE" ? "live-agent-message" : "agent-message";
      if (whole) change = { kind, ...whole };
      break;
    }
    case "EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK": {
      const chunk = readMessage(payload, time);
      const chunkIndex = payload.chunk_index;
      if (!chunk || !Number.isSafeInteger(chunkIndex) || (chunkIndex as number) < 1) break;
      const isComplete = payload.is_complete === true;
      change = { kind: "agent-message-chunk", ...chunk, chunkIndex: chunkIndex as number, isComplete };
      whole = isComplete;
      break;
    }
    case "EVENT_TYPE_HANDOFF_ACCEPTED":
      change = { kind: "handoff-accepted", queueName: optionalText(payload.queue_name) };
      break;
    case "EVENT_TYPE_HANDOFF_QUEUE_STATUS":
      change = {
        kind: "handoff-queue-status",
        queueName: optionalText(payload.queue_name),
        position: optionalNumber(payload.position_in_queue),
        estimatedWaitSeconds: optionalNumber(payload.estimated_wait_seconds),
      };
      break;
    case "EVENT_TYPE_LIVE_AGENT_JOINED": {
      const live = objectOf(payload.agent);
      change = { kind: "live-agent-joined", agent: readAgent(live.name, live.avatar_url, live.id) };
      signal = { kind: "agent-joined" };
      break;
    }
    case "EVENT_TYPE_LIVE_AGENT_TYPING":
      change = { kind: "live-agent-typing", typing: payload.state === "TYPING_STATE_STARTED" };
      break;
    case "EVENT_TYPE_CLIENT_HANDOFF_REQUIRED":
      change = {
        kind: "client-handoff-required",
        reason: optionalText(payload.reason) ?? "",
        queueName: optionalText(payload.queue_name) ?? "",
      };
      signal = { kind: "client-handoff" };
      break;
    case "EVENT_TYPE_HANDOFF_FAILED":
    case "EVENT_TYPE_HANDOFF_TIMEOUT":
      change = {
        kind: event.type === "EVENT_TYPE_HANDOFF_FAILED" ? "handoff-failed" : "handoff-timeout",
        reason: optionalText(payload.reason),
      };
      signal = { kind: "handoff-failed" };
      break;
    case "EVENT_TYPE_SESSION_START":
      signal = { kind: "session-started", capabilities: objectOf(payload.capabilities) as SessionCapabilities };
      break;
    case "EVENT_TYPE_SYSTEM_MESSAGE":
      [change, signal] = readSystemMessage(text(payload.message), text(payload.level), clientEventId(event), id, time);
      break;
    case "EVENT_TYPE_LANGUAGE_CHANGED":
      if (text(payload.language_code)) change = { kind: "language-changed", languageCode: text(payload.language_code) };
      break;
    case "EVENT_TYPE_SESSION_IDLE_WARNING":
      change = { kind: "notice", id: id ?? `idle-${time}`, level: "warning", code: "session-idle-warning", time };
      break;
    case "EVENT_TYPE_SESSION_END":
      signal = { kind: "session-ended", reason: optionalText(payload.reason) ?? "" };
      break;
  }
  // Optional fields the frame did not carry are left out.
  for (const key in change) if ((change as Json)[key] === undefined) delete (change as Json)[key];
  return { id, sequence, change, signal, whole };
}

/** The `client_event_id` an event answers, from its metadata; null when it has none. */
function clientEventId(event: Json): string | null {
  return text(objectOf(objectOf(event.metadata).custom).client_event_id) || null;
}

/** The message a message or chunk event carries, or null without its `message_id`. */
function readMessage(payload: Json, time: number) {
  const messageId = text(payload.message_id);
  if (!messageId) return null;
  const suggestions = listOf(payload.response_suggestions).map((suggestion) => text(suggestion.message_text));
  return {
    id: messageId,
    text: text(payload.text),
    attachments: listOf(payload.attachments).map(attachment),
    suggestions: suggestions.filter(Boolean),
    time,
  };
}

/** An agent as a participant, with only the id and picture it came with. */
function readAgent(name: unknown, avatarUrl: unknown, agentId?: unknown): Participant {
  const participant: Participant = { name: text(name) };
  if (text(agentId)) participant.id = text(agentId);
  if (text(avatarUrl)) participant.avatarUrl = text(avatarUrl);
  return participant;
}

/** What a server text tells the lifecycle: a condition it remedies, or that an agent is there, or a handoff failed. */
type SystemMeaning = ServerCondition | "agent-joined" | "handoff-failed" | null;

/**
 * What the client makes of each known `SYSTEM_MESSAGE` of the platform, recognised by a telling fragment
 * of its text, so a platform's rewording does not hide it: the notice code to show (none when the
 * client's own remedy says it better), what it tells the lifecycle, and whether the turn it answers may
 * be tried again (at once, or after the pause the platform asks for).
 */
const systemMessages: [fragment: string, code: NoticeCode | null, meaning: SystemMeaning, retry?: "now" | "pause"][] = [
  ["high load", "server-busy", null, "pause"],
  ["unable to start", "agent-unable-to-start", "unable-to-start"],
  ["trouble responding", "agent-trouble-responding", null, "now"],
  ["encountered an error", "agent-error", null, "now"],
  ["conversation not found", null, "conversation-lost"],
  ["conversation id not found", null, "conversation-lost"],
  ["session not found", null, "session-lost"],
  ["retrieve session", "session-unavailable", "retrieve-failed", "pause"],
  // The failure the connection turns into says it.
  ["connector not found", null, "connector-lost"],
  // A platform that refuses a second join: the agent is there, which is all the join was for.
  ["already joined", null, "agent-joined"],
  ["connect you to an agent", "handoff-connect-failed", "handoff-failed"],
  ["forward message", "message-not-forwarded", "forward-refused"],
  ["handoff could not", "handoff-not-initiated", "handoff-failed"],
  ["too large", "message-too-large", null],
  ["invalid message format", "invalid-frame", null],
  ["not allowed", "invalid-frame", null],
];

/** A `SYSTEM_MESSAGE` read: the notice to show, if any, and what it tells the lifecycle, if anything. */
function readSystemMessage(
  message: string,
  level: string,
  answers: string | null,
  id: string | null,
  time: number,
): [ConversationEvent | null, LifecycleSignal | null] {
  const lower = message.toLowerCase();
  const [, code, meaning, retry] = systemMessages.find(([fragment]) => lower.includes(fragment)) ?? ["", "server-message", null];
  const signal: LifecycleSignal | null =
    meaning === "agent-joined" || meaning === "handoff-failed"
      ? { kind: meaning }
      : meaning && { kind: "server-condition", condition: meaning, answers };
  if (!code) return [null, signal];
  const noticeLevel: NoticeLevel =
    level === "SYSTEM_MESSAGE_LEVEL_ERROR" ? "error" : level === "SYSTEM_MESSAGE_LEVEL_WARNING" ? "warning" : "info";
  // A server warning or error is the agent's answer to the turn, just not a message.
  const answersTurn = noticeLevel !== "info" || undefined;
  const notice = { kind: "notice", id: id ?? `${code}-${time}`, level: noticeLevel, code, text: message, time, answersTurn } as const;
  return [{ ...notice, retry, answers: (retry && answers) || undefined }, signal];
}

function attachment(value: Json): Attachment {
  return {
    title: text(value.title),
    preview_image_url: text(value.preview_image_url),
    content_url: text(value.content_url),
    content_type: text(value.content_type),
    call_to_action_text: text(value.call_to_action_text),
  };
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const optionalText = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const optionalNumber = (value: unknown): number | undefined => (Number.isFinite(value) ? (value as number) : undefined);
const objectOf = (value: unknown): Json => (isObject(value) ? value : {});
const listOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
