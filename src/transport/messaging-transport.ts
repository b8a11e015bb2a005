import {
  EventType,
  SystemMessageLevel,
  TypingState,
  isUnknownEvent,
  type Attachment,
  type InboundEvent,
  type ResponseSuggestion,
} from "../protocol/index.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import type { NoticeLevel, Participant } from "./conversation.ts";
import { definedFields } from "./defined-fields.ts";

/** The server's echo of a user message: the delivery receipt the outbox waits for. */
export interface UserMessageEcho {
  /** `metadata.custom.client_event_id`, or the server's `message_id` (then the event id) when absent. */
  id: string;
  /** True when the echo carried our `client_event_id`, so it can be matched with the outbox. */
  correlated: boolean;
  text: string;
  time: number;
}

/** Reads a user-message echo, or null for any other event. */
export function readUserMessageEcho(event: InboundEvent, now: number): UserMessageEcho | null {
  if (isUnknownEvent(event) || event.type !== EventType.UserMessage) return null;
  const clientEventId = event.metadata?.custom?.client_event_id;
  const correlated = typeof clientEventId === "string" && clientEventId !== "";
  return {
    id: correlated ? clientEventId : (event.payload.message_id ?? event.id),
    correlated,
    text: event.payload.text,
    time: eventTime(event.timestamp, now),
  };
}

/** Server types that map to a domain event with nothing but its kind. */
const plainKinds: Partial<Record<string, ConversationEvent["kind"]>> = {
  [EventType.ServiceAgentThinking]: "agent-thinking",
  [EventType.ServiceAgentTriggeredHandoff]: "handoff-triggered",
  [EventType.ServiceAgentLeft]: "agent-left",
  [EventType.LiveAgentLeft]: "live-agent-left",
};

/**
 * Maps one ordered, de-duplicated server event to the domain events the store applies. User-message
 * echoes, heartbeats, the session start, client echoes and unknown types map to nothing here (echoes go
 * through the outbox); everything else maps one to one.
 */
export function toConversationEvents(event: InboundEvent, now: number): ConversationEvent[] {
  const plain = plainKinds[event.type];
  if (plain) return [{ kind: plain } as ConversationEvent];
  if (isUnknownEvent(event)) return [];
  const time = eventTime(event.timestamp, now);
  const mapped = ((): ConversationEvent | null => {
    switch (event.type) {
      case EventType.ServiceAgentJoined:
        return { kind: "agent-joined", agent: participant(undefined, event.payload.agent_name, event.payload.agent_avatar_url) };
      case EventType.ServiceAgentMessage:
        return { kind: "agent-message", ...message(event.payload, time) };
      case EventType.ServiceAgentMessageChunk:
        return { kind: "agent-message-chunk", ...message(event.payload, time), chunkIndex: event.payload.chunk_index, isComplete: event.payload.is_complete };
      case EventType.LiveAgentMessage:
        return { kind: "live-agent-message", ...message(event.payload, time) };
      case EventType.HandoffAccepted:
        return definedFields({ kind: "handoff-accepted", queueName: event.payload.queue_name });
      case EventType.HandoffQueueStatus: {
        const { queue_name, position_in_queue, estimated_wait_seconds } = event.payload;
        return definedFields({ kind: "handoff-queue-status", queueName: queue_name, position: position_in_queue, estimatedWaitSeconds: estimated_wait_seconds });
      }
      case EventType.LiveAgentJoined: {
        const agent = event.payload.agent;
        return { kind: "live-agent-joined", agent: participant(agent.id, agent.name, agent.avatar_url) };
      }
      case EventType.LiveAgentTyping:
        return { kind: "live-agent-typing", typing: event.payload.state === TypingState.Started };
      case EventType.ClientHandoffRequired:
        return { kind: "client-handoff-required", reason: event.payload.reason, queueName: event.payload.queue_name };
      case EventType.HandoffFailed:
        return definedFields({ kind: "handoff-failed", reason: event.payload.reason });
      case EventType.HandoffTimeout:
        return definedFields({ kind: "handoff-timeout", reason: event.payload.reason });
      case EventType.SystemMessage:
        return { kind: "notice", id: event.id, level: noticeLevel(event.payload.level), text: event.payload.message, time };
      case EventType.LanguageChanged:
        return { kind: "language-changed", languageCode: event.payload.language_code };
      case EventType.SessionIdleWarning:
        return { kind: "session-idle-warning", time };
      case EventType.SessionEnd:
        return { kind: "session-ended", reason: event.payload.reason };
      default:
        return null;
    }
  })();
  return mapped ? [mapped] : [];
}

/** The server's ISO timestamp as epoch milliseconds, or `now` when it is missing or unreadable. */
export function eventTime(timestamp: string, now: number): number {
  const parsed = timestamp === "" ? Number.NaN : Date.parse(timestamp);
  return Number.isNaN(parsed) ? now : parsed;
}

/** The parts every agent message shares, whole or streamed. */
function message(
  payload: { message_id: string; text: string; attachments: Attachment[]; response_suggestions: ResponseSuggestion[] },
  time: number,
) {
  const suggestions = payload.response_suggestions.map((suggestion) => suggestion.message_text);
  return { id: payload.message_id, text: payload.text, attachments: payload.attachments, suggestions, time };
}

function participant(id: string | undefined, name: string, avatarUrl: string): Participant {
  return definedFields({ name, id: id || undefined, avatarUrl: avatarUrl || undefined });
}

function noticeLevel(level: string): NoticeLevel {
  if (level === SystemMessageLevel.Error) return "error";
  return level === SystemMessageLevel.Warning ? "warning" : "info";
}
