import { EventType, SystemMessageLevel, isUnknownEvent, type InboundEvent, type ResponseSuggestion } from "../protocol/index.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import type { NoticeLevel, Participant } from "./conversation.ts";

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

/**
 * Maps one ordered, de-duplicated server event to the domain events the store applies. User-message
 * echoes, heartbeats, the session start, client echoes and unknown types map to nothing here (echoes go
 * through the outbox); everything else maps one to one.
 */
export function toConversationEvents(event: InboundEvent, now: number): ConversationEvent[] {
  if (isUnknownEvent(event)) return [];
  const time = eventTime(event.timestamp, now);
  switch (event.type) {
    case EventType.ServiceAgentJoined:
      return [{ kind: "agent-joined", agent: participant(undefined, event.payload.agent_name, event.payload.agent_avatar_url) }];
    case EventType.ServiceAgentThinking:
      return [{ kind: "agent-thinking" }];
    case EventType.ServiceAgentMessage:
      return [
        {
          kind: "agent-message",
          id: event.payload.message_id,
          text: event.payload.text,
          attachments: event.payload.attachments,
          suggestions: suggestionTexts(event.payload.response_suggestions),
          time,
        },
      ];
    case EventType.ServiceAgentMessageChunk:
      return [
        {
          kind: "agent-message-chunk",
          id: event.payload.message_id,
          chunkIndex: event.payload.chunk_index,
          text: event.payload.text,
          attachments: event.payload.attachments,
          suggestions: suggestionTexts(event.payload.response_suggestions),
          isComplete: event.payload.is_complete,
          time,
        },
      ];
    case EventType.ServiceAgentTriggeredHandoff:
      return [{ kind: "handoff-triggered" }];
    case EventType.ServiceAgentLeft:
      return [{ kind: "agent-left" }];
    case EventType.HandoffAccepted:
      return [withOptional({ kind: "handoff-accepted" }, { queueName: event.payload.queue_name })];
    case EventType.HandoffQueueStatus:
      return [
        withOptional(
          { kind: "handoff-queue-status" },
          {
            queueName: event.payload.queue_name,
            position: event.payload.position_in_queue,
            estimatedWaitSeconds: event.payload.estimated_wait_seconds,
          },
        ),
      ];
    case EventType.LiveAgentJoined: {
      const agent = event.payload.agent;
      return [{ kind: "live-agent-joined", agent: participant(agent.id, agent.name, agent.avatar_url) }];
    }
    case EventType.LiveAgentTyping:
      return [{ kind: "live-agent-typing", typing: event.payload.state === "TYPING_STATE_STARTED" }];
    case EventType.LiveAgentMessage:
      return [
        {
          kind: "live-agent-message",
          id: event.payload.message_id,
          text: event.payload.text,
          attachments: event.payload.attachments,
          suggestions: suggestionTexts(event.payload.response_suggestions),
          time,
        },
      ];
    case EventType.LiveAgentLeft:
      return [{ kind: "live-agent-left" }];
    case EventType.ClientHandoffRequired:
      return [{ kind: "client-handoff-required", reason: event.payload.reason, queueName: event.payload.queue_name }];
    case EventType.HandoffFailed:
      return [withOptional({ kind: "handoff-failed" }, { reason: event.payload.reason })];
    case EventType.HandoffTimeout:
      return [withOptional({ kind: "handoff-timeout" }, { reason: event.payload.reason })];
    case EventType.SystemMessage:
      return [{ kind: "notice", id: event.id, level: noticeLevel(event.payload.level), text: event.payload.message, time }];
    case EventType.LanguageChanged:
      return [{ kind: "language-changed", languageCode: event.payload.language_code }];
    case EventType.SessionIdleWarning:
      return [{ kind: "session-idle-warning", time }];
    case EventType.SessionEnd:
      return [{ kind: "session-ended", reason: event.payload.reason }];
    default:
      return [];
  }
}

/** The server's ISO timestamp as epoch milliseconds, or `now` when it is missing or unreadable. */
export function eventTime(timestamp: string, now: number): number {
  const parsed = timestamp === "" ? Number.NaN : Date.parse(timestamp);
  return Number.isNaN(parsed) ? now : parsed;
}

function participant(id: string | undefined, name: string, avatarUrl: string): Participant {
  const result: Participant = { name };
  if (id) result.id = id;
  if (avatarUrl) result.avatarUrl = avatarUrl;
  return result;
}

function suggestionTexts(suggestions: readonly ResponseSuggestion[]): string[] {
  return suggestions.map((suggestion) => suggestion.message_text);
}

function noticeLevel(level: string): NoticeLevel {
  if (level === SystemMessageLevel.Error) return "error";
  if (level === SystemMessageLevel.Warning) return "warning";
  return "info";
}

/** Copies only the fields that are defined, so optional properties stay absent rather than undefined. */
function withOptional<Event extends ConversationEvent>(event: Event, fields: Record<string, string | number | undefined>): Event {
  const result: Record<string, unknown> = { ...event };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) result[key] = value;
  return result as Event;
}
