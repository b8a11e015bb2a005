/**
 * The stable codes of everything the transport tells a person: notices in the transcript and the reasons
 * a connection failed. The transport never speaks English; the widget turns a code and its parameters into
 * text in the page's language. Built in pure calls, so a bundle that reads only the types keeps none of it.
 */

/** Notices, raised by the client itself or read from a known server text. */
export const noticeCodes = /* @__PURE__ */ (() =>
  [
    /** The session expired (or the Chat API conversation timed out): the conversation goes on in a new one. */
    "new-session",
    /** A stored session could not be continued after a reload: a new one has started. */
    "session-not-resumed",
    /** The session will expire soon without activity. */
    "session-idle-warning",
    /** The Chat API took a message but its answer could not be read. */
    "unreadable-answer",
    /** The server is overloaded; the user may retry the message it did not answer. */
    "server-busy",
    "agent-unable-to-start",
    "agent-trouble-responding",
    "agent-error",
    "session-unavailable",
    "handoff-connect-failed",
    "message-not-forwarded",
    "handoff-not-initiated",
    /** The server refused a frame as too large. */
    "message-too-large",
    /** The server could not read a frame. */
    "invalid-frame",
    /** A server text this version does not know; the notice carries the server's own `text`. */
    "server-message",
  ] as const)();

export type NoticeCode = (typeof noticeCodes)[number];

/** Why a connection failed for good (the `failed` state, the `error` event). */
export const errorCodes = /* @__PURE__ */ (() =>
  [
    /** `parameters.option` must use https:// (http:// only on loopback). */
    "insecure-url",
    /** `parameters.option` is not a URL the client can use. */
    "invalid-url",
    /** Neither Messaging (`messagingUrl` with a token source) nor `chatUrl` is configured. */
    "missing-options",
    /** The `context` option is not a JSON object. */
    "invalid-context",
    /** The `context` option's JSON is longer than `parameters.limitBytes` bytes. */
    "context-too-large",
    /** `transport: "chat"` without `chatUrl`. */
    "chat-url-required",
    /** No WebSocket in this environment and no `chatUrl` to fall back to. */
    "websocket-unavailable",
    "connector-unknown",
    /** `parameters.host` is not registered for the connector. */
    "host-not-registered",
    "connector-without-host",
    "connector-headers-missing",
    /** The platform says the connector is no longer valid. */
    "connector-not-found",
    /** An HTTP call was refused: `parameters.request`, `parameters.status`. */
    "request-refused",
    /** The Chat API refused the credentials or the conversation: `parameters.status`. */
    "chat-api-refused",
    /** A request got no answer after its retries: `parameters.request`. */
    "network-failure",
    /** The Chat API part of the client could not be loaded. */
    "chat-api-unavailable",
    /** Every reconnect attempt of the budget failed: `parameters.attempts`. */
    "reconnect-budget-spent",
    /** The connection ended in a way the client cannot recover from. */
    "connection-ended",
    /** An answer lacked what the call exists for: `parameters.request`. */
    "invalid-answer",
  ] as const)();

export type ErrorCode = (typeof errorCodes)[number];

/** Values filled into a code's sentence; never a token or a credential. */
export type CodeParameters = Readonly<Record<string, string | number>>;
