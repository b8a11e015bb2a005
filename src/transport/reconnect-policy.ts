import { defaultHeartbeatIntervalSeconds, defaultMaxReconnectAttempts, type SessionCapabilities } from "../protocol/index.ts";
import { backoffDelay } from "./http-request.ts";

/** The reconnect rules (exponential backoff with jitter, a budget of attempts), as numbers the lifecycle reads. */

/** The first wait before reconnecting; each further attempt doubles it. */
export const reconnectBaseDelayMilliseconds = 1000;
/** No wait is ever longer than this (before jitter). */
export const reconnectMaxDelayMilliseconds = 30000;
/** A connection that has stayed up this long resets the attempt count. */
export const stableAfterMilliseconds = 60000;
/** Failed handshakes in a row before the client changes what it tries (token, session, fallback). */
export const handshakeFailuresBeforeEscalation = 3;

/**
 * The wait before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s, each with ±20 %
 * jitter drawn from `random`.
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  return backoffDelay(attempt, reconnectBaseDelayMilliseconds, reconnectMaxDelayMilliseconds, random);
}

/** How many reconnect attempts the session allows: `max_reconnect_attempts`, or 10 when absent or invalid. */
export function reconnectBudget(capabilities: SessionCapabilities | null): number {
  const announced = capabilities?.max_reconnect_attempts;
  return Number.isInteger(announced) && (announced as number) >= 0 ? (announced as number) : defaultMaxReconnectAttempts;
}

/** The heartbeat period: `heartbeat_interval_seconds`, or 30 s when absent or not positive. */
export function heartbeatInterval(capabilities: SessionCapabilities | null): number {
  const seconds = capabilities?.heartbeat_interval_seconds ?? 0;
  return (seconds > 0 ? seconds : defaultHeartbeatIntervalSeconds) * 1000;
}
