import type { CodeParameters, ErrorCode, NoticeCode } from "../../transport/codes.ts";

/** The sentence for a code the transport emits: fixed, or built from the code's parameters. */
export type CodeText = string | ((parameters: CodeParameters) => string);

/**
 * Every text the widget shows or announces, for one language. Functions build sentences whose word order
 * differs between languages; `duration` is an already localised amount of time ("2 minutes").
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
  unread: (count: number) => string;
  thinking: (name: string) => string;
  isTyping: (name: string) => string;
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
  reconnectIn: (seconds: number) => string;
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
    queuePosition: (position: number) => string;
    /** Follows the queue sentence when the platform gave an estimate. */
    estimatedWait: (duration: string) => string;
    liveAgentJoined: (name: string) => string;
    liveAgentLeft: (name: string) => string;
    /** The site routes the visitor itself (a client-managed handoff). */
    clientRequired: string;
    failed: string;
    timedOut: string;
    /** The conversation ended after the site was asked to route the visitor; replaces the end reason. */
    over: string;
  };
  /** Every notice code (`server-message` only for a server notice that carries no text of its own). */
  notices: Record<NoticeCode, CodeText>;
  /** Every reason a connection fails for good, said to the visitor after `failedDetail`. */
  errors: Record<ErrorCode, CodeText>;
}
