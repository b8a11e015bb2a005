import type { CodeParameters, ErrorCode } from "./codes.ts";

/**
 * The transport's one small error hierarchy. An error says what happened as a stable `code` with
 * `parameters` (its `message` is the code), never as prose, and never holds a token or a credential.
 * `lifecycle/failure-classification.ts` holds the one function that decides what to do about each.
 */
export type ChatErrorKind =
  /** Options or platform configuration are wrong (unknown connector, host not registered, bad URL). */
  | "configuration"
  /** The request never got an HTTP answer (offline, DNS, CORS, refused). */
  | "network"
  /** An HTTP answer with a failure status. */
  | "http"
  /** The server said something this client cannot follow. */
  | "protocol";

/** Marks the client's errors across copies of the library on one page, where `instanceof` fails. */
const brand = Symbol.for("cap-chat.error");

export class ChatError extends Error {
  // Declared only: the constructor assigns the fields, so the build emits no field definitions for them.
  declare readonly kind: ChatErrorKind;
  declare readonly code: ErrorCode;
  declare readonly parameters: CodeParameters;
  constructor(kind: ChatErrorKind, code: ErrorCode, parameters: CodeParameters = {}) {
    super(code);
    this.name = "ChatError";
    this.kind = kind;
    this.code = code;
    this.parameters = parameters;
    (this as unknown as Record<symbol, true>)[brand] = true;
  }
}

/**
 * An HTTP answer with a failure status. `serverMessage` and `serverCode` are the error body's text and
 * code (`message`, or the Chat API's `error_message` and `error_code`) when it had them.
 */
export class HttpError extends ChatError {
  declare readonly status: number;
  declare readonly serverMessage: string | null;
  declare readonly serverCode: string | null;
  /** From `Retry-After`, in milliseconds, when the answer carried one. */
  declare readonly retryAfterMilliseconds: number | null;
  constructor(status: number, serverMessage: string | null, retryAfterMilliseconds: number | null, serverCode: string | null = null) {
    super("http", "request-refused", { status });
    this.name = "HttpError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.serverCode = serverCode;
    this.retryAfterMilliseconds = retryAfterMilliseconds;
  }
}

/** Whether `value` is one of the client's errors, from any copy of the library. */
export function isChatError(value: unknown): value is ChatError {
  return typeof value === "object" && value !== null && brand in value;
}

/** Whether `value` is the client's error for an HTTP answer with a failure status. */
export function isHttpError(value: unknown): value is HttpError {
  return isChatError(value) && value.kind === "http";
}

/** Wraps anything thrown by `fetch` or a socket into a `network` ChatError, keeping ChatErrors as they are. */
export function toChatError(value: unknown): ChatError {
  return isChatError(value) ? value : new ChatError("network", "network-failure");
}
