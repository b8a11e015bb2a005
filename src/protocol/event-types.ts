/**
 * Wire names of the Messaging API events. Every frame's `type` is one of these, or a type
 * this version does not know yet, which receivers must ignore.
 */
export const EventType = {
  RequestServiceAgentJoin: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN",
  UserMessage: "EVENT_TYPE_USER_MESSAGE",
  UserTyping: "EVENT_TYPE_USER_TYPING",
  UserEndSession: "EVENT_TYPE_USER_END_SESSION",
  Heartbeat: "EVENT_TYPE_HEARTBEAT",

  ServiceAgentJoined: "EVENT_TYPE_SERVICE_AGENT_JOINED",
  ServiceAgentThinking: "EVENT_TYPE_SERVICE_AGENT_THINKING",
  ServiceAgentMessage: "EVENT_TYPE_SERVICE_AGENT_MESSAGE",
  ServiceAgentMessageChunk: "EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK",
  ServiceAgentTriggeredHandoff: "EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF",
  ServiceAgentLeft: "EVENT_TYPE_SERVICE_AGENT_LEFT",

  HandoffAccepted: "EVENT_TYPE_HANDOFF_ACCEPTED",
  HandoffQueueStatus: "EVENT_TYPE_HANDOFF_QUEUE_STATUS",
  LiveAgentJoined: "EVENT_TYPE_LIVE_AGENT_JOINED",
  LiveAgentTyping: "EVENT_TYPE_LIVE_AGENT_TYPING",
  LiveAgentMessage: "EVENT_TYPE_LIVE_AGENT_MESSAGE",
  LiveAgentLeft: "EVENT_TYPE_LIVE_AGENT_LEFT",
  ClientHandoffRequired: "EVENT_TYPE_CLIENT_HANDOFF_REQUIRED",
  HandoffFailed: "EVENT_TYPE_HANDOFF_FAILED",
  HandoffTimeout: "EVENT_TYPE_HANDOFF_TIMEOUT",

  SessionStart: "EVENT_TYPE_SESSION_START",
  EventBatch: "EVENT_TYPE_EVENT_BATCH",
  SystemMessage: "EVENT_TYPE_SYSTEM_MESSAGE",
  LanguageChanged: "EVENT_TYPE_LANGUAGE_CHANGED",
  SessionIdleWarning: "EVENT_TYPE_SESSION_IDLE_WARNING",
  SessionEnd: "EVENT_TYPE_SESSION_END",
} as const;

export type EventTypeName = (typeof EventType)[keyof typeof EventType];

/** The exactly five types a client may send. Built in a pure call, so a bundle that reads none of it keeps none of `EventType`. */
export const clientEventTypes = /* @__PURE__ */ (() =>
  [
    EventType.RequestServiceAgentJoin,
    EventType.UserMessage,
    EventType.UserTyping,
    EventType.UserEndSession,
    EventType.Heartbeat,
  ] as const)();

export type ClientEventType = (typeof clientEventTypes)[number];

/** Every type only the server may send; a client sending one gets `Event type not allowed: <type>`. */
export const serverOnlyEventTypes: readonly EventTypeName[] = /* @__PURE__ */ (Object.values(EventType) as EventTypeName[]).filter(
  (type) => !(clientEventTypes as readonly string[]).includes(type),
);

export function isClientEventType(type: string): type is ClientEventType {
  return (clientEventTypes as readonly string[]).includes(type);
}

export function isKnownEventType(type: string): type is EventTypeName {
  return (Object.values(EventType) as string[]).includes(type);
}

export const TypingState = {
  Started: "TYPING_STATE_STARTED",
  Stopped: "TYPING_STATE_STOPPED",
} as const;
export type TypingStateName = (typeof TypingState)[keyof typeof TypingState];

export const SystemMessageLevel = {
  Info: "SYSTEM_MESSAGE_LEVEL_INFO",
  Warning: "SYSTEM_MESSAGE_LEVEL_WARNING",
  Error: "SYSTEM_MESSAGE_LEVEL_ERROR",
} as const;
export type SystemMessageLevelName = (typeof SystemMessageLevel)[keyof typeof SystemMessageLevel];

/** Known end reasons; the server may send any other string too. */
export const SessionEndReason = {
  UserEnd: "REASON_USER_END",
  UserAbandoned: "REASON_USER_ABANDONED",
  NaturalEnd: "REASON_NATURAL_END",
} as const;

export const AttachmentContentType = {
  Url: "ATTACHMENT_CONTENT_TYPE_URL",
  Image: "ATTACHMENT_CONTENT_TYPE_IMAGE",
} as const;
export type AttachmentContentTypeName = (typeof AttachmentContentType)[keyof typeof AttachmentContentType];

/** Reasons of `CLIENT_HANDOFF_REQUIRED`; others may appear and are kept as strings. */
export const ClientHandoffReason = {
  ComplexQuery: "COMPLEX_QUERY",
  AgentDecision: "AGENT_DECISION",
  Policy: "POLICY",
} as const;

export const Platform = ["web", "ios", "android", "ios-web", "android-web", "custom"] as const;
export type PlatformName = (typeof Platform)[number];
