/** Largest frame either side may send, in bytes (UTF-8). */
export const maxFrameBytes = 131072;
/**
 * Largest context a page attaches to the conversation (`metadata.custom.context`,
 * `integration_attributes.context`), in bytes of its JSON (UTF-8).
 */
export const maxContextBytes = 4096;
/** A session with no client frame for this long is abandoned. */
export const sessionIdleExpiryMilliseconds = 10 * 60 * 1000;
/** Used when `SESSION_START` carries no `heartbeat_interval_seconds`. */
export const defaultHeartbeatIntervalSeconds = 30;
/** Used when `SESSION_START` carries no `max_reconnect_attempts`. */
export const defaultMaxReconnectAttempts = 10;

/**
 * Numeric limits and defaults of the Messaging API (connection limits, session expiry, reconnect budget). Each client-side number is
 * also exported on its own, so a bundle takes only (and inlines) the ones it reads.
 */
export const limits = {
  maxFrameBytes,
  /** Simultaneous WebSocket connections per session. */
  maxConnectionsPerSession: 10,
  sessionIdleExpiryMilliseconds,
  defaultHeartbeatIntervalSeconds,
  defaultMaxReconnectAttempts,
  /** Access token lifetime the platform announces in `expires_in`. */
  accessTokenLifetimeSeconds: 86400,
} as const;

/** Close code after `SESSION_END`: do not reconnect. */
export const normalCloseCode = 1000;
/** Close code when the session expired or vanished: create a new session. */
export const sessionExpiredCloseCode = 4001;

/** WebSocket close codes and what the client does about each. */
export const CloseCode = {
  /** After `SESSION_END`: do not reconnect. */
  Normal: normalCloseCode,
  /** A frame over the size limit. */
  MessageTooBig: 1009,
  /** The session expired or vanished: create a new session. */
  SessionExpired: sessionExpiredCloseCode,
} as const;
