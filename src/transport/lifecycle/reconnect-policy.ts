import {
  defaultHeartbeatIntervalSeconds,
  defaultMaxReconnectAttempts,
  maxFrameBytes,
  type SessionCapabilities,
} from "../../protocol/index.ts";
import { backoffDelay } from "../http/http-request.ts";

/** The reconnect rules (exponential backoff with jitter, a budget of attempts), and how the client reads the announced capabilities. */

/** The first wait before reconnecting; each further attempt doubles it. */
export const reconnectBaseDelayMilliseconds = 1000;
/** No wait is ever longer than this (before jitter). */
export const reconnectMaxDelayMilliseconds = 30000;
/** A connection that has stayed live this long got through, even if no live frame came: the attempt count resets. */
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

/** A capability that is a non-negative integer, else null (absent or malformed). */
function announced(value: number | undefined): number | null {
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : null;
}

/**
 * How many reconnect attempts the session allows: `max_reconnect_attempts`; 0 means unlimited (Infinity),
 * as some platforms use it; 10 when absent or malformed.
 */
export function reconnectBudget(capabilities: SessionCapabilities | null): number {
  const attempts = announced(capabilities?.max_reconnect_attempts);
  return attempts === null ? defaultMaxReconnectAttempts : attempts || Number.POSITIVE_INFINITY;
}

/** The heartbeat period when the platform announces none (30 s); also the live socket's check period when heartbeats are off. */
export const defaultHeartbeatMilliseconds = defaultHeartbeatIntervalSeconds * 1000;

/** The heartbeat period: `heartbeat_interval_seconds`; 0 means off (0 here); 30 s when absent or malformed. */
export function heartbeatInterval(capabilities: SessionCapabilities | null): number {
  return (announced(capabilities?.heartbeat_interval_seconds) ?? defaultHeartbeatIntervalSeconds) * 1000;
}

/** The largest frame the platform takes: `max_message_size_bytes` when positive, else 128 KB. */
export function messageSizeLimit(capabilities: SessionCapabilities | null): number {
  return announced(capabilities?.max_message_size_bytes) || maxFrameBytes;
}
