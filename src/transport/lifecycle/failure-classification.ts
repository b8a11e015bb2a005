import { normalCloseCode, sessionExpiredCloseCode } from "../../protocol/index.ts";
import type { ErrorCode } from "../codes.ts";
import type { ChatErrorInfo } from "../conversation.ts";
import { isHttpError, type ChatError } from "../errors.ts";
import { handshakeFailuresBeforeEscalation } from "./reconnect-policy.ts";

/** What went wrong, as the lifecycle observed it. */
export type Failure =
  /** A REST call of the handshake failed after `requestJson` spent its own retries. */
  | { kind: "http"; request: "access-token" | "sessions"; error: ChatError }
  /**
   * The socket closed before it ever opened; `consecutive` counts such failures in a row; `doubtful`: the
   * session may be gone (restored, new to its token, idle too long, or closed with no end said);
   * `sinceAnswer`: such failures since the platform last answered a handshake call in this run (a token or
   * a session), null when it has not answered in it.
   */
  | { kind: "handshake"; consecutive: number; doubtful: boolean; sinceAnswer: number | null }
  /** An open socket closed. `sessionEnded`: a `SESSION_END` arrived before the close. */
  | { kind: "close"; code: number; sessionEnded: boolean }
  /** The session was abandoned (`expired`), or the server says it no longer exists. */
  | { kind: "session-gone"; expired: boolean };

/** What the client knows that changes the answer. */
export interface FailureContext {
  transport: "auto" | "messaging";
  /** Some socket of this client has opened (so WebSockets do get through). */
  anySocketOpened: boolean;
  /** The current session was restored from storage, and none of its sockets has opened in this client. */
  sessionRestored: boolean;
}

/** The one answer to a failure. */
export type FailureAction = "retry" | "refresh-token" | "new-session" | "fall-back" | "fatal";

/**
 * Decides what to do about a failure; the only place that does. A browser cannot see why a handshake
 * failed, and one refusal alone proves nothing: it is retried on the same session. A doubtful session (the
 * spec's 401 "not matching the session", or a 404) is taken for gone only once two handshakes in a row
 * failed while the platform answers (a token or a session was handed out meanwhile); without that answer a
 * fresh token is asked for first, which also tells whether the platform is there at all. Otherwise every
 * third failure in a row escalates: to the Chat API when WebSockets have never got through while REST works
 * (transport `auto` only), else to a fresh token, which makes the session doubtful.
 * Close 4001 and a gone session mean a new session; a 401 on the access token is a configuration problem
 * and final; other 4xx answers are final; 5xx, 429 and network failures are retried with backoff. (A Chat
 * API turn has rules of its own, `classifyTurnFailure`, loaded with the Chat API.)
 */
export function classifyFailure(failure: Failure, context: FailureContext): FailureAction {
  switch (failure.kind) {
    case "http": {
      const error = failure.error;
      if (!isHttpError(error)) return error.kind === "configuration" ? "fatal" : "retry";
      if (error.status === 429 || error.status >= 500) return "retry";
      return failure.request === "sessions" && error.status === 401 ? "refresh-token" : "fatal";
    }
    case "handshake": {
      const { consecutive, doubtful, sinceAnswer } = failure;
      if (doubtful && consecutive > 1) return sinceAnswer === null ? "refresh-token" : sinceAnswer > 1 ? "new-session" : "retry";
      if (consecutive % handshakeFailuresBeforeEscalation !== 0) return "retry";
      if (context.transport === "auto" && !context.anySocketOpened && !context.sessionRestored) return "fall-back";
      return "refresh-token";
    }
    case "close":
      if (failure.code === sessionExpiredCloseCode) return "new-session";
      return failure.code === normalCloseCode && failure.sessionEnded ? "fatal" : "retry";
    case "session-gone":
      return "new-session";
    default:
      return "retry";
  }
}

/**
 * What a refused connector (401 on the access token) most likely means, by a telling fragment of the
 * server's error text ("Connector token does not exist", "Failed to validate connector",
 * "Connector missing host domain", "Missing authentication headers").
 */
const connectorRefusals: [fragment: string, code: ErrorCode][] = [
  ["does not exist", "connector-unknown"],
  ["validate", "host-not-registered"],
  ["host domain", "connector-without-host"],
  ["headers", "connector-headers-missing"],
];

/**
 * Why a failure is final, as a code: a 401 on the access token names its likely cause from the server's
 * error text (with the `host` when the host is refused); nothing here ever includes a token.
 */
export function describeFailure(failure: Failure, host = ""): ChatErrorInfo {
  if (failure.kind !== "http") return { kind: "protocol", code: "connection-ended" };
  const { error, request } = failure;
  if (!isHttpError(error))
    return { kind: error.kind === "configuration" ? "configuration" : "network", code: error.code, parameters: error.parameters };
  const text = error.serverMessage ?? "";
  const refusal =
    request === "access-token" && error.status === 401 ? connectorRefusals.find(([fragment]) => text.includes(fragment))?.[1] : undefined;
  if (refusal) return { kind: "configuration", code: refusal, parameters: refusal === "host-not-registered" ? { host } : {} };
  return {
    kind: error.status === 404 ? "session" : "configuration",
    code: "request-refused",
    parameters: { request, status: error.status },
  };
}
