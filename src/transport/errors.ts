/**
 * The transport's one small error hierarchy. Messages are for people and never contain a token or a
 * credential. `failure-classification.ts` holds the one function that decides what to do about each.
 */
export type ChatErrorKind =
  /** Options or platform configuration are wrong (unknown connector, host not registered, bad URL). */
  | "configuration"
  /** The request never got an HTTP answer (offline, DNS, CORS, refused). */
  | "network"
  /** An HTTP answer with a failure status. */
  | "http"
  /** A WebSocket that closed before or without opening; a browser cannot see why. */
  | "handshake"
  /** The session is gone (expired, abandoned, unknown). */
  | "session-expired"
  /** Every reconnect attempt of the budget failed. */
  | "budget-exhausted"
  /** The server said something this client cannot follow. */
  | "protocol";

export class ChatError extends Error {
  // Declared only: the constructor assigns the fields, so the build emits no field definitions for them.
  declare readonly kind: ChatErrorKind;
  constructor(kind: ChatErrorKind, message: string) {
    super(message);
    this.name = "ChatError";
    this.kind = kind;
  }
}

/** An HTTP answer with a failure status; `serverMessage` is the body's error text when it had one. */
export class HttpError extends ChatError {
  declare readonly status: number;
  declare readonly serverMessage: string | null;
  /** From `Retry-After`, in milliseconds, when the answer carried one. */
  declare readonly retryAfterMilliseconds: number | null;
  constructor(status: number, serverMessage: string | null, retryAfterMilliseconds: number | null, message?: string) {
    super("http", message ?? `The server answered ${status}${serverMessage ? `: ${serverMessage}` : ""}`);
    this.name = "HttpError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfterMilliseconds = retryAfterMilliseconds;
  }
}

export function isChatError(value: unknown): value is ChatError {
  return value instanceof ChatError;
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

/** Wraps anything thrown by `fetch` or a socket into a `network` ChatError, keeping ChatErrors as they are. */
export function toChatError(value: unknown): ChatError {
  if (value instanceof ChatError) return value;
  return new ChatError("network", "The network request failed");
}
