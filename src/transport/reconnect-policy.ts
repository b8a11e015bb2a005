import { limits, type SessionCapabilities } from "../protocol/index.ts";
import { backoffDelay } from "./http-request.ts";

/** The reconnect rules of protocol.md §6, as numbers the lifecycle reads. */
export const reconnectPolicy = {
  /** The first wait before reconnecting; each further attempt doubles it. */
  baseDelayMilliseconds: 1000,
  /** No wait is ever longer than this (before jitter). */
  maxDelayMilliseconds: 30000,
  /** A connection that has stayed up this long resets the attempt count. */
  stableAfterMilliseconds: 60000,
  /** Failed handshakes in a row before the client changes what it tries (token, session, fallback). */
  handshakeFailuresBeforeEscalation: 3,
  /** A session with no client frame for longer than this is gone on the server. */
  sessionIdleExpiryMilliseconds: limits.sessionIdleExpiryMilliseconds,
} as const;

/**
 * The wait before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s, each with ±20 %
 * jitter drawn from `random`.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  return backoffDelay(attempt, reconnectPolicy.baseDelayMilliseconds, reconnectPolicy.maxDelayMilliseconds, random);
}

/** How many reconnect attempts the session allows: `max_reconnect_attempts`, or 10 when absent or invalid. */
export function reconnectBudget(capabilities: SessionCapabilities | null): number {
  const announced = capabilities?.max_reconnect_attempts;
  return announced !== undefined && Number.isInteger(announced) && announced >= 0
    ? announced
    : limits.defaultMaxReconnectAttempts;
}

/** The heartbeat period: `heartbeat_interval_seconds`, or 30 s when absent or not positive. */
export function heartbeatInterval(capabilities: SessionCapabilities | null): number {
  const seconds = capabilities?.heartbeat_interval_seconds;
  return (seconds !== undefined && seconds > 0 ? seconds : limits.defaultHeartbeatIntervalSeconds) * 1000;
}
