import { AccessTokenError, CloseCode } from "../protocol/index.ts";
import type { ChatErrorInfo } from "./conversation.ts";
import { type ChatError, isHttpError } from "./errors.ts";
import { reconnectPolicy } from "./reconnect-policy.ts";

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
  /** No client frame for longer than the session's idle expiry. */
  | { kind: "idle-expired" };

/** What the client knows that changes the answer. */
export interface FailureContext {
  transport: "auto" | "messaging" | "chat";
  /** Some socket of this client has opened (so WebSockets do get through). */
  anySocketOpened: boolean;
  /** A socket of the current session has opened in this client. */
  sessionOpened: boolean;
  /** The current session was restored from storage rather than created by this client. */
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
      if (failure.request === "sessions" && error.status === 401) return "refresh-token";
      return "fatal";
    }
    case "handshake": {
      if (failure.consecutive === 0 || failure.consecutive % reconnectPolicy.handshakeFailuresBeforeEscalation !== 0) {
        return "retry";
      }
      if (context.transport === "auto" && !context.anySocketOpened && !context.sessionRestored) return "fall-back";
      if (context.sessionRestored && !context.sessionOpened) return "new-session";
      return context.tokenRefreshedInStreak ? "new-session" : "refresh-token";
    }
    case "close":
      if (failure.code === CloseCode.SessionExpired) return "new-session";
      if (failure.code === CloseCode.Normal && failure.sessionEnded) return "fatal";
      return "retry";
    case "dead-socket":
      return "retry";
    case "idle-expired":
      return "new-session";
  }
}

/**
 * What a person should read about a final failure. A 401 on the access token names its likely cause from
 * the server's error text; nothing here ever includes a token.
 */
export function describeFailure(failure: Failure, host: string): ChatErrorInfo {
  if (failure.kind !== "http") {
    return { kind: "protocol", message: "The connection to the chat service ended unexpectedly." };
  }
  const error = failure.error;
  if (!isHttpError(error)) return { kind: error.kind === "configuration" ? "configuration" : "network", message: error.message };
  if (failure.request === "access-token" && error.status === 401) {
    return { kind: "configuration", message: accessTokenRefusal(error.serverMessage, host) };
  }
  const what = failure.request === "access-token" ? "access token request" : "session request";
  const detail = error.serverMessage ? `: ${error.serverMessage}` : "";
  return { kind: error.status === 404 ? "session" : "configuration", message: `The ${what} was refused (${error.status}${detail}).` };
}

function accessTokenRefusal(serverMessage: string | null, host: string): string {
  switch (serverMessage) {
    case AccessTokenError.UnknownConnector:
      return "The Messaging API does not know this connector token: check the connectorToken option.";
    case AccessTokenError.HostMismatch:
      return `The host "${host}" is not registered for this connector: register it, or set the host option to the registered host.`;
    case AccessTokenError.MissingHostDomain:
      return "This connector has no host domain registered: ask the platform operator to register the site's host.";
    case AccessTokenError.MissingHeaders:
      return "The connector token or the host is missing: set the connectorToken (and host) options.";
    default:
      return `The Messaging API refused the connector (401${serverMessage ? `: ${serverMessage}` : ""}): check connectorToken and host.`;
  }
}
