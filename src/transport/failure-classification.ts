import { normalCloseCode, sessionExpiredCloseCode } from "../protocol/index.ts";
import type { ChatErrorInfo } from "./conversation.ts";
import { type ChatError, isHttpError } from "./errors.ts";
import { handshakeFailuresBeforeEscalation } from "./reconnect-policy.ts";

/** What went wrong, as the lifecycle observed it. */
export type Failure =
  /** A REST call of the handshake failed after `requestJson` spent its own retries. */
  | { kind: "http"; request: "access-token" | "sessions"; error: ChatError }
  /** The socket closed before it ever opened; `consecutive` counts such failures in a row. */
  | { kind: "handshake"; consecutive: number }
  /** An open socket closed. `sessionEnded`: a `SESSION_END` arrived before the close. */
  | { kind: "close"; code: number; sessionEnded: boolean }
  /** The heartbeat echo did not come back within two intervals. */
  | { kind: "dead-socket" }
  /** The session was abandoned for lack of client frames. */
  | { kind: "idle-expired" };

/** What the client knows that changes the answer. */
export interface FailureContext {
  transport: "auto" | "messaging" | "chat";
  /** Some socket of this client has opened (so WebSockets do get through). */
  anySocketOpened: boolean;
  /** The current session was restored from storage, and none of its sockets has opened in this client. */
  sessionRestored: boolean;
  /** A fresh token was already fetched during the current run of failed handshakes. */
  tokenRefreshedInStreak: boolean;
}

/** The one answer to a failure. */
export type FailureAction = "retry" | "refresh-token" | "new-session" | "fall-back" | "fatal";

/**
 * Decides what to do about a failure; the only place that does. A browser cannot see why a handshake
 * failed, so every third failure in a row escalates: first to the Chat API when WebSockets have never got
 * through while REST works (transport `auto` only), then to a new session when the restored one never
 * opened, then to a fresh token, then to a new session. Close 4001 and an idle expiry mean the session is
 * gone; a 401 on the access token is a configuration problem and final; other 4xx answers are final;
 * 5xx, 429 and network failures are retried with backoff.
 */
export function classifyFailure(failure: Failure, context: FailureContext): FailureAction {
  switch (failure.kind) {
    case "http": {
      const error = failure.error;
      if (!isHttpError(error)) return error.kind === "configuration" ? "fatal" : "retry";
      if (error.status === 429 || error.status >= 500) return "retry";
      return failure.request === "sessions" && error.status === 401 ? "refresh-token" : "fatal";
    }
    case "handshake":
      if (failure.consecutive % handshakeFailuresBeforeEscalation !== 0) return "retry";
      if (context.transport === "auto" && !context.anySocketOpened && !context.sessionRestored) return "fall-back";
      return context.sessionRestored || context.tokenRefreshedInStreak ? "new-session" : "refresh-token";
    case "close":
      if (failure.code === sessionExpiredCloseCode) return "new-session";
      return failure.code === normalCloseCode && failure.sessionEnded ? "fatal" : "retry";
    case "idle-expired":
      return "new-session";
    default:
      return "retry";
  }
}

/** What a refused connector (401 on the access token) most likely means, by the server's error text. */
const connectorRefusals: Record<string, string> = {
  "Connector token does not exist": "The Messaging API does not know this connector token: check connectorToken.",
  "Failed to validate connector": 'The host "{host}" is not registered for this connector: check the host option.',
  "Connector missing host domain": "This connector has no host domain registered: ask the platform operator.",
  "Missing authentication headers": "The connector token or the host is missing: set connectorToken and host.",
};

/**
 * What a person should read about a final failure. A 401 on the access token names its likely cause from
 * the server's error text; nothing here ever includes a token.
 */
export function describeFailure(failure: Failure, host: string): ChatErrorInfo {
  if (failure.kind !== "http") return { kind: "protocol", message: "The connection to the chat service ended unexpectedly." };
  const error = failure.error;
  if (!isHttpError(error)) return { kind: error.kind === "configuration" ? "configuration" : "network", message: error.message };
  const refusal = failure.request === "access-token" && error.status === 401;
  const detail = error.serverMessage ? `: ${error.serverMessage}` : "";
  const message = (refusal && connectorRefusals[error.serverMessage ?? ""]) || `The ${failure.request} request was refused (${error.status}${detail}).`;
  return { kind: error.status === 404 ? "session" : "configuration", message: message.replace("{host}", host) };
}
