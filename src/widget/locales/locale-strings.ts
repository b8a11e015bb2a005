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
  handoff: {
    triggered: string;
    accepted: string;
    /** In the queue, position unknown. */
    queued: string;
    queuePosition: (position: number) => string;
    /** Follows the queue sentence when the platform gave an estimate. */
    estimatedWait: (duration: string) => string;
    liveAgentJoined: (name: string) => string;
    liveAgentLeft: string;
    clientRequired: string;
    failed: string;
    timedOut: string;
  };
  /** Every notice code (`server-message` only for a server notice that carries no text of its own). */
  notices: Record<NoticeCode, CodeText>;
  /** Every reason a connection fails for good, said to the visitor after `failedDetail`. */
  errors: Record<ErrorCode, CodeText>;
}
