import type { AttachmentContentTypeName, EventType, SystemMessageLevelName, TypingStateName } from "./event-types.ts";

/** An agent message attachment: an image or a link card. */
export interface Attachment {
  title: string;
  preview_image_url: string;
  content_url: string;
  content_type: AttachmentContentTypeName | (string & {});
  call_to_action_text: string;
}

/** A suggested reply; choosing one sends its `message_text` as a user message. */
export interface ResponseSuggestion {
  message_text: string;
}

export interface SessionCapabilities {
  streaming?: boolean;
  max_message_size_bytes?: number;
  max_reconnect_attempts?: number;
  heartbeat_interval_seconds?: number;
}

export interface LiveAgent {
  id: string;
  name: string;
  avatar_url: string;
}

type Empty = Record<string, never>;

/** Payloads of the five client types, as sent and as echoed (the echo of a message adds `message_id`). */
export interface ClientPayloads {
  [EventType.RequestServiceAgentJoin]: Empty;
  [EventType.UserMessage]: { text: string; message_id?: string };
  [EventType.UserTyping]: { state: TypingStateName };
  [EventType.UserEndSession]: Empty;
  [EventType.Heartbeat]: Empty;
}

/** Payloads of every server event, after decoding has filled in the optional lists. */
export interface ServerPayloads extends ClientPayloads {
  [EventType.ServiceAgentJoined]: { agent_name: string; agent_avatar_url: string };
  [EventType.ServiceAgentThinking]: Empty;
  [EventType.ServiceAgentMessage]: {
    message_id: string;
    text: string;
    attachments: Attachment[];
    response_suggestions: ResponseSuggestion[];
  };
  [EventType.ServiceAgentMessageChunk]: {
    message_id: string;
    text: string;
    attachments: Attachment[];
    response_suggestions: ResponseSuggestion[];
    chunk_index: number;
    is_complete: boolean;
  };
  [EventType.ServiceAgentTriggeredHandoff]: Empty;
  [EventType.ServiceAgentLeft]: Empty;
  [EventType.HandoffAccepted]: { queue_name?: string };
  [EventType.HandoffQueueStatus]: {
    queue_name?: string;
    position_in_queue?: number;
    estimated_wait_seconds?: number;
  };
  [EventType.LiveAgentJoined]: { agent: LiveAgent };
  [EventType.LiveAgentTyping]: { state: TypingStateName; agent_id: string };
  [EventType.LiveAgentMessage]: {
    message_id: string;
    agent_id: string;
    text: string;
    attachments: Attachment[];
    response_suggestions: ResponseSuggestion[];
  };
  [EventType.LiveAgentLeft]: Empty;
  [EventType.ClientHandoffRequired]: { reason: string; queue_name: string };
  [EventType.HandoffFailed]: { reason?: string };
  [EventType.HandoffTimeout]: { reason?: string };
  [EventType.SessionStart]: { capabilities: SessionCapabilities };
  [EventType.EventBatch]: { events: ServerEvent[] };
  [EventType.SystemMessage]: { level: SystemMessageLevelName | (string & {}); message: string };
  [EventType.LanguageChanged]: { language_code: string };
  [EventType.SessionIdleWarning]: Empty;
  [EventType.SessionEnd]: { reason: string };
}

export type ServerEventType = keyof ServerPayloads;

/** `metadata` of a frame; `custom` is the client's, echoed back by the server. */
export interface EventMetadata {
  custom?: Record<string, unknown>;
}

/** The fields the server sets on every event it sends (the event envelope). */
export interface ServerEnvelope {
  id: string;
  /** Strictly increasing per session from 1; `null` for transient events, which are never replayed. */
  sequence: number | null;
  timestamp: string;
  metadata?: EventMetadata;
}

/** A decoded server event of a known type. */
export type ServerEvent = {
  [Type in ServerEventType]: ServerEnvelope & { type: Type; payload: ServerPayloads[Type] };
}[ServerEventType];

/** A frame as a client sends it: only `type`, `payload` and optional `metadata`. */
export type ClientFrame = {
  [Type in keyof ClientPayloads]: { type: Type; payload: ClientPayloads[Type]; metadata?: EventMetadata };
}[keyof ClientPayloads];
