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
  "invalid-context",
  "context-too-large",
] as const satisfies readonly ErrorCode[];

type SetupErrorCode = (typeof setupErrorCodes)[number];

/**
 * A text that depends on a number: one form per plural category of the language (`Intl.PluralRules`:
 * `zero`, `one`, `two`, `few`, `many`, `other`), each a template. `other` is always there, and stands in
 * for any category the language leaves out.
 */
export type PluralText = { readonly [Category in Intl.LDMLPluralRule]?: string } & { readonly other: string };

/**
 * Every text the widget shows or announces, for one language. A text with `{name}` in braces is a template
 * that {@link fillTemplate} fills in (the name says with what), so each language puts the words in its own
 * order; `{duration}` is an already localised amount of time ("2 minutes"). English (en.ts) is the one
 * source of the keys: each locale of `translations/` has exactly these.
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
  /** Asks, in the panel, to confirm ending the conversation. */
  endQuestion: string;
  cancel: string;
  /** Names the header's menu button and its menu. */
  moreOptions: string;
  /** Dismisses a notice, the site's prompt beside the launcher, or a call's status. */
  dismiss: string;
  /** Dismisses the preview of a new message beside the launcher. */
  dismissPreview: string;
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
  /** Names the button that copies an answer; `copied` confirms it, shown and announced. */
  copy: string;
  copied: string;
  /** The feedback toggle buttons under an answer of the platform's agent. */
  helpful: string;
  notHelpful: string;
  /** Labels the optional one-line comment after "not helpful", and its button. */
  feedbackComment: string;
  sendFeedback: string;
  /** Shown and announced once the comment has gone. */
  feedbackThanks: string;
  /** Describes the launcher's badge; `{count}` is a number. */
  unread: PluralText;
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
  /** Saves the ended conversation as a text file. */
  downloadConversation: string;
  /** The divider below the messages of an earlier conversation whose session is gone. */
  earlierConversation: string;
  /** Why the conversation ended, for the reasons the platform names; any other reason shows `status.ended`. */
  endReasons: { REASON_USER_END: string; REASON_USER_ABANDONED: string; REASON_NATURAL_END: string };
  /** The handoff as the transcript tells it; one line per handoff, updated in place. */
  handoff: {
    /** Triggered or accepted, and the start of every queue sentence. */
    connecting: string;
    /** In the queue, position unknown; `{wait}` is `estimatedWait` filled in, or nothing. */
    queued: string;
    /** `{position}` is a number; `{wait}` as in `queued`. */
    queuePosition: string;
    /** Where the platform gave an estimate, the `{wait}` of the queue sentences, with any space before it. */
    estimatedWait: string;
    liveAgentJoined: string;
    liveAgentLeft: string;
    /**
     * The site must route the visitor (a client-managed handoff) and gave no answer: after the reason, that
     * nobody will join here.
     */
    clientRequired: string;
    failed: string;
    timedOut: string;
    /** The conversation ended after the site was asked to route the visitor; replaces the end reason. */
    over: string;
    /** Why the platform asked the site to route the visitor, for the reasons it names; another says none. */
    reasons: { COMPLEX_QUERY: string; AGENT_DECISION: string; POLICY: string; USER_REQUESTED: string };
  };
  /**
   * See {@link setupErrorCodes}: nothing the visitor can do. `{problem}` is the code, with its first
   * parameter in brackets (`host-not-registered (shop.example)`), for the site's owner to look up.
   */
  notSetUp: string;
  /** Every notice code (`server-message` only for a server notice that carries no text of its own). */
  notices: Record<NoticeCode, string>;
  /** `message-too-large` when the limit is unknown. */
  messageTooLarge: string;
  /** Every other reason a connection fails for good, said to the visitor after `failedDetail`. */
  errors: Record<Exclude<ErrorCode, SetupErrorCode | "reconnect-budget-spent">, string> & {
    /** `{attempts}` is a number. */
    "reconnect-budget-spent": PluralText;
  };
  /** A message that may have reached the platform, when nothing can tell; it offers `retry`. */
  unconfirmed: string;
  /** An agent message whose answer was cut before it was complete. */
  incomplete: string;
  /** Asks for an answer again: the visitor's question is sent once more. */
  tryAgain: string;
  /** `tryAgain` while the pause the platform asked for runs: `{seconds}` left. */
  tryAgainIn: string;
  /** Said once, briefly, when the connection comes back after a drop. */
  reconnected: string;
  /** The panel's offer of a browser notification when a person replies (`notify: "system"`), and its two answers. */
  notifyOffer: string;
  notifyAccept: string;
  notifyDecline: string;
}

/**
 * A locale as the build ships it: its texts alone, in the order of the keys of en.ts, which a page's copy of
 * English restores (see `unpack` in index.ts). The names of the keys, repeated in every file where gzip
 * cannot share them, would make a locale file about a third bigger. The sources in `translations/` keep
 * the keys; the build packs them (build/translations-plugin.ts).
 */
export type PackedTranslation = readonly (string | PluralText)[];

/** Whether `value` is a text (a template, or a plural with its forms) rather than a group of texts or nothing. */
export const isText = (value: unknown): value is string | PluralText =>
  typeof value === "string" || typeof (value as PluralText | undefined)?.other === "string";

/**
 * A copy of `group`, shaped as en.ts, with each text replaced by what `pick` returns for it and its key
 * (its path, with dots: `status.connected`), in the order of the keys.
 */
export function mapTexts<Result>(group: object, pick: (key: string, text: string | PluralText) => unknown, prefix = ""): Result {
  return Object.fromEntries(
    Object.entries(group).map(([name, value]) => [
      name,
      isText(value) ? pick(prefix + name, value) : mapTexts(value as object, pick, `${prefix}${name}.`),
    ]),
  ) as Result;
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** The form of `text` the language of `locale` uses for `count`, filled in with `count` and `values`. */
export function pluralText(
  text: PluralText,
  locale: string,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fillTemplate(text[new Intl.PluralRules(locale).select(count)] ?? text.other, { count, ...values });
}
