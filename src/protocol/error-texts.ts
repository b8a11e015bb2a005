/** Exact error texts of the Messaging REST and WebSocket handshakes. */
export const AccessTokenError = {
  MissingHeaders: "Missing authentication headers",
  UnknownConnector: "Connector token does not exist",
  HostMismatch: "Failed to validate connector",
  MissingHostDomain: "Connector missing host domain",
  Internal: "Failed to create access token",
} as const;

export const SessionCreateError = {
  MissingToken: "Missing access token",
  MalformedHeader: "Missing authentication headers",
  InvalidToken: "Invalid access token",
  ParseError: "Error parsing request",
  Internal: "Failed to create session",
} as const;

export const HandshakeError = {
  InvalidParameters: "invalid connection parameters",
  AuthenticationFailed: "authentication failed",
  SessionNotFound: "session not found",
  ConnectionLimit: "connection limit exceeded for session",
} as const;

/** Exact `SYSTEM_MESSAGE` texts the platform sends. */
export const SystemMessageText = {
  InvalidFormat: "Unknown event type or invalid message format",
  notAllowed: (type: string) => `Event type not allowed: ${type}`,
  MessageTooLarge: "Message too large",
  HighLoad: "Our system is experiencing high load. Please try again in a moment.",
  UnableToStart: "Sorry, I'm unable to start a conversation right now. Please try again later.",
  TroubleResponding: "Sorry, I'm having trouble responding right now. Please try again.",
  StreamingError: "Sorry, I encountered an error. Please try again.",
  SessionNotFound: "Error: Session not found",
  UnableToRetrieveSession: "Error: Unable to retrieve session",
  ConnectorNotFound: "Error: Connector not found",
  ConversationNotFound: "Error: Conversation not found",
  ConversationIdNotFound: "Error: Conversation ID not found in session",
  HandoffConnectFailed: "Sorry, we could not connect you to an agent. Please try again.",
  ForwardFailed: "Failed to forward message to live agent",
  HandoffNotInitiated: "Sorry, handoff could not be initiated.",
} as const;
