/** Numeric limits and defaults of the Messaging API (protocol.md §2.3, §6). */
export const limits = {
  /** Largest frame either side may send, in bytes (UTF-8). */
  maxFrameBytes: 131072,
  /** Simultaneous WebSocket connections per session. */
  maxConnectionsPerSession: 10,
  /** A session with no client frame for this long is abandoned. */
  sessionIdleExpiryMilliseconds: 10 * 60 * 1000,
  /** Used when `SESSION_START` carries no `heartbeat_interval_seconds`. */
  defaultHeartbeatIntervalSeconds: 30,
  /** Used when `SESSION_START` carries no `max_reconnect_attempts`. */
  defaultMaxReconnectAttempts: 10,
  /** Access token lifetime the platform announces in `expires_in`. */
  accessTokenLifetimeSeconds: 86400,
} as const;

/** WebSocket close codes and what the client does about each (protocol.md §2.3). */
export const CloseCode = {
  /** After `SESSION_END`: do not reconnect. */
  Normal: 1000,
  /** A frame over the size limit. */
  MessageTooBig: 1009,
  /** The session expired or vanished: create a new session. */
  SessionExpired: 4001,
  /** Server error: reconnect with backoff. */
  ServerError: 4002,
} as const;
