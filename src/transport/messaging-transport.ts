import { maxFrameBytes, SystemMessageText, type InboundEvent, type ServerEvent, type ServerPayloads, type SessionCapabilities } from "../protocol/index.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import type { Participant } from "./conversation.ts";
import type { AgentPresence, LifecycleEvent } from "./lifecycle-types.ts";

/**
 * Server types that map to a domain event of their own kind whose fields are the payload's, renamed by
 * `fieldNames` (the decoder keeps only known fields, so nothing else comes along).
 */
const directKinds: Record<string, ConversationEvent["kind"]> = {
  EVENT_TYPE_SERVICE_AGENT_THINKING: "agent-thinking",
  EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF: "handoff-triggered",
  EVENT_TYPE_SERVICE_AGENT_LEFT: "agent-left",
  EVENT_TYPE_LIVE_AGENT_LEFT: "live-agent-left",
  EVENT_TYPE_HANDOFF_ACCEPTED: "handoff-accepted",
  EVENT_TYPE_HANDOFF_QUEUE_STATUS: "handoff-queue-status",
  EVENT_TYPE_CLIENT_HANDOFF_REQUIRED: "client-handoff-required",
  EVENT_TYPE_HANDOFF_FAILED: "handoff-failed",
  EVENT_TYPE_HANDOFF_TIMEOUT: "handoff-timeout",
  EVENT_TYPE_LANGUAGE_CHANGED: "language-changed",
  EVENT_TYPE_SESSION_END: "session-ended",
};

/** Wire field names as the domain events name them. */
const fieldNames: Record<string, string> = {
  queue_name: "queueName",
  position_in_queue: "position",
  estimated_wait_seconds: "estimatedWaitSeconds",
  language_code: "languageCode",
  reason: "reason",
};

/** Domain events that add or finish a message, and so may be history. */
const messageKinds: readonly ConversationEvent["kind"][] = ["user-message-replayed", "agent-message", "agent-message-chunk", "live-agent-message"];

/**
 * Maps one ordered, de-duplicated server event to the domain event the store applies, or null for events
 * with no meaning to the conversation (heartbeats, the session start, client frames, unknown types). The
 * echo of a user message maps to `user-message-replayed`, its id the `client_event_id` it carried (else
 * the server's `message_id`, else the event id): the caller first matches it with the outbox. A message
 * event whose sequence is at most `historyThrough` (what the tab had received before a reload) is marked
 * `history: true`.
 */
export function toConversationEvent(inbound: InboundEvent, now: number, historyThrough = 0): ConversationEvent | null {
  const mapped = mapEvent(inbound, now);
  const sequence = inbound.sequence;
  if (!mapped || sequence === null || sequence > historyThrough || !messageKinds.includes(mapped.kind)) return mapped;
  return { ...mapped, history: true } as ConversationEvent;
}

function mapEvent(inbound: InboundEvent, now: number): ConversationEvent | null {
  const direct = directKinds[inbound.type];
  if (direct) {
    const fields = Object.entries(inbound.payload).map(([name, value]) => [fieldNames[name], value]);
    return { kind: direct, ...Object.fromEntries(fields) } as ConversationEvent;
  }
  const event = inbound as ServerEvent;
  const parsed = event.timestamp ? Date.parse(event.timestamp) : Number.NaN;
  const time = Number.isNaN(parsed) ? now : parsed;
  const message = (payload: ServerPayloads["EVENT_TYPE_SERVICE_AGENT_MESSAGE"]) => ({
    id: payload.message_id,
    text: payload.text,
    attachments: payload.attachments,
    suggestions: payload.response_suggestions.map((suggestion) => suggestion.message_text),
    time,
  });
  switch (event.type) {
    case "EVENT_TYPE_USER_MESSAGE": {
      const clientEventId = event.metadata?.custom?.client_event_id;
      const id = typeof clientEventId === "string" && clientEventId !== "" ? clientEventId : (event.payload.message_id ?? event.id);
      return { kind: "user-message-replayed", id, text: event.payload.text, time };
    }
    case "EVENT_TYPE_SERVICE_AGENT_JOINED":
      return { kind: "agent-joined", agent: participant("", event.payload.agent_name, event.payload.agent_avatar_url) };
    case "EVENT_TYPE_SERVICE_AGENT_MESSAGE":
      return { kind: "agent-message", ...message(event.payload) };
    case "EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK":
      return { kind: "agent-message-chunk", ...message(event.payload), chunkIndex: event.payload.chunk_index, isComplete: event.payload.is_complete };
    case "EVENT_TYPE_LIVE_AGENT_MESSAGE":
      return { kind: "live-agent-message", ...message(event.payload) };
    case "EVENT_TYPE_LIVE_AGENT_JOINED": {
      const agent = event.payload.agent;
      return { kind: "live-agent-joined", agent: participant(agent.id, agent.name, agent.avatar_url) };
    }
    case "EVENT_TYPE_LIVE_AGENT_TYPING":
      return { kind: "live-agent-typing", typing: event.payload.state === "TYPING_STATE_STARTED" };
    case "EVENT_TYPE_SYSTEM_MESSAGE": {
      const level = event.payload.level;
      const noticeLevel = level === "SYSTEM_MESSAGE_LEVEL_ERROR" ? "error" : level === "SYSTEM_MESSAGE_LEVEL_WARNING" ? "warning" : "info";
      return { kind: "notice", id: event.id, level: noticeLevel, text: event.payload.message, time };
    }
    case "EVENT_TYPE_SESSION_IDLE_WARNING":
      return { kind: "session-idle-warning", time };
    default:
      return null;
  }
}

/** Server texts whose prescribed remedy is the join request. */
const conversationLostTexts: readonly string[] = [SystemMessageText.ConversationIdNotFound, SystemMessageText.ConversationNotFound];

/**
 * How an ordered domain event changes who is in the conversation, for the lifecycle's `agent-presence`
 * input, or null when it does not: an agent or a live agent joined, a client-managed handoff is required,
 * the service agent left, or a server notice says the conversation is not found.
 */
export function agentPresenceOf(event: ConversationEvent): AgentPresence | null {
  switch (event.kind) {
    case "agent-joined":
    case "live-agent-joined":
      return "agent-joined";
    case "client-handoff-required":
      return "client-handoff";
    case "agent-left":
      return "agent-left";
    case "notice":
      return event.code === undefined && conversationLostTexts.includes(event.text) ? "conversation-lost" : null;
    default:
      return null;
  }
}

/** A participant; empty wire fields are left out. */
function participant(id: string, name: string, avatarUrl: string): Participant {
  const agent: Participant = { name };
  if (id) agent.id = id;
  if (avatarUrl) agent.avatarUrl = avatarUrl;
  return agent;
}

/**
 * What the lifecycle must know of a frame before its events are ordered (a `frame-received` input):
 * whether it is a history batch that may have a sequel (one close to the frame limit, `byteLength` long),
 * whether it shows a join is needless (an agent joined, or the session ended), and the capabilities of a
 * `SESSION_START` in it.
 */
export function readFrameFacts(event: InboundEvent, byteLength: number): Extract<LifecycleEvent, { type: "frame-received" }> {
  const batch = event.type === "EVENT_TYPE_EVENT_BATCH";
  let capabilities: SessionCapabilities | undefined;
  let joinNeedless = false;
  for (const item of batch ? (event.payload.events as InboundEvent[]) : [event]) {
    const type = item.type;
    if (type === "EVENT_TYPE_SESSION_START") capabilities = item.payload.capabilities as SessionCapabilities;
    const agentJoined = type === "EVENT_TYPE_SERVICE_AGENT_JOINED" || type === "EVENT_TYPE_LIVE_AGENT_JOINED";
    joinNeedless ||= agentJoined || (type === "EVENT_TYPE_SESSION_END" && item.sequence !== null);
  }
  return { type: "frame-received", batch, mayContinue: batch && byteLength > maxFrameBytes / 2, joinNeedless, capabilities };
}

/** The UTF-8 length of a string, counted by hand (no TextEncoder outside the browser library). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
