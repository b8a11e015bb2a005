import type { ErrorCode, NoticeCode } from "../../transport/codes.ts";

/**
 * The error codes that all mean the site's chat is set up wrongly, nothing the visitor can fix: they share
 * the one sentence `notSetUp`.
 */
export const setupErrorCodes = [
  "insecure-url",
  "invalid-url",
  "missing-options",
  "chat-url-required",
  "websocket-unavailable",
  "connector-unknown",
  "host-not-registered",
  "connector-without-host",
  "connector-headers-missing",
  "connector-not-found",
  "chat-api-refused",
] as const satisfies readonly ErrorCode[];

type SetupErrorCode = (typeof setupErrorCodes)[number];

/**
 * Every text the widget shows or announces, for one language. A text with `{name}` in braces is a template
 * that {@link fillTemplate} fills in (the name says with what), so each language puts the words in its own
 * order; `{duration}` is an already localised amount of time ("2 minutes").
 */
export interface LocaleStrings {
  /** BCP 47 code of the language, set as `lang` on the widget root. */
  code: string;
  dir: "ltr" | "rtl";
  title: string;
  openChat: string;
  closeChat: string;
  minimise: string;
  endConversation: string;
  /** Names the header's menu button and its menu. */
  moreOptions: string;
  /** Dismisses the preview of a new message beside the launcher. */
  dismiss: string;
  conversation: string;
  message: string;
  placeholder: string;
  send: string;
  you: string;
  agent: string;
  sending: string;
  failed: string;
  retry: string;
  newMessages: string;
  /** Names the group of suggested replies under the latest agent message. */
  suggestions: string;
  /** The unread count when it is exactly one; `{count}` is a number. */
  oneUnread: string;
  unread: string;
  /** `{name}` is the agent's. */
  thinking: string;
  isTyping: string;
  waitingForReply: string;
  status: {
    idle: string;
    connecting: string;
    connected: string;
    reconnecting: string;
    offline: string;
    fallback: string;
    ended: string;
    failed: string;
  };
  /** `{seconds}` until the next attempt, while there are any left; then `reconnectingNow`. */
  reconnectIn: string;
  reconnectingNow: string;
  retryNow: string;
  offlineDetail: string;
  fallbackDetail: string;
  failedDetail: string;
  newConversation: string;
  /** Why the conversation ended, for the reasons the platform names; any other reason shows `status.ended`. */
  endReasons: { REASON_USER_END: string; REASON_USER_ABANDONED: string; REASON_NATURAL_END: string };
  /** The handoff as the transcript tells it; one line per handoff, updated in place. */
  handoff: {
    /** Triggered or accepted, and the start of every queue sentence. */
    connecting: string;
    /** In the queue, position unknown. */
    queued: string;
    queuePosition: string;
    /** Follows the queue sentence when the platform gave an estimate. */
    estimatedWait: string;
    liveAgentJoined: string;
    liveAgentLeft: string;
    /** The site routes the visitor itself (a client-managed handoff). */
    clientRequired: string;
    failed: string;
    timedOut: string;
    /** The conversation ended after the site was asked to route the visitor; replaces the end reason. */
    over: string;
  };
  /** See {@link setupErrorCodes}. */
  notSetUp: string;
  /** Every notice code (`server-message` only for a server notice that carries no text of its own). */
  notices: Record<NoticeCode, string>;
  /** `message-too-large` when the limit is unknown. */
  messageTooLarge: string;
  /** Every other reason a connection fails for good, said to the visitor after `failedDetail`. */
  errors: Record<Exclude<ErrorCode, SetupErrorCode>, string>;
  /** A message that may have reached the platform, when nothing can tell; it offers `retry`. */
  unconfirmed: string;
  /** An agent message whose answer was cut before it was complete. */
  incomplete: string;
  /** Asks for an answer again: the visitor's question is sent once more. */
  tryAgain: string;
  /** `tryAgain` while the pause the platform asked for runs: `{seconds}` left. */
  tryAgainIn: string;
}

/**
 * A locale other than English: its texts alone, in the order English lists them in en.ts, which is the
 * reference (see `translate` in index.ts). A page downloads such a file for its one language, and the names
 * of the entries, repeated in every file where gzip cannot share them, would make it about a third bigger.
 */
export type Translation = readonly string[];

/** `template` with each `{name}` replaced by `values[name]`. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}
