import type { Attachment } from "../protocol/index.ts";
import type { CodeParameters, ErrorCode, NoticeCode } from "./codes.ts";

/**
 * The conversation as the widget sees it: one immutable snapshot, fed by whichever transport is live
 * (Messaging or Chat API). Every change produces a new snapshot object; unchanged parts keep their
 * identity so a view can skip them.
 */
export interface ConversationSnapshot {
  /** The transcript in display order. */
  messages: readonly ChatMessage[];
  /** Who is typing or thinking right now, if anyone. */
  typing: TypingIndicator;
  /** The platform's own agent, once it has joined. */
  agent: Participant | null;
  /** The human agent during a live handoff. */
  liveAgent: Participant | null;
  handoff: HandoffPhase;
  /** System notices in arrival order. */
  notices: readonly Notice[];
  /** BCP 47 code from `LANGUAGE_CHANGED`, or null until one arrives. */
  language: string | null;
  /** Set once the session has ended; the composer is then closed. */
  ended: SessionEnd | null;
  connection: ConnectionState;
  /** The transport in use, or null before one is chosen. */
  transport: "messaging" | "chat" | null;
}

export type AuthorRole = "user" | "agent" | "live-agent";

/**
 * Where a user message stands: `sending`; `sent` (the platform has it); `failed` (it did not arrive);
 * `unconfirmed` (it may have arrived, and the client cannot know: it is not sent again unless the visitor
 * chooses to).
 */
export type MessageStatus = "sending" | "sent" | "failed" | "unconfirmed";

export interface ChatMessage {
  /** For user messages, the `client_event_id`; for agent messages, the server's `message_id`. */
  id: string;
  role: AuthorRole;
  text: string;
  attachments: readonly Attachment[];
  /** Suggested replies (the `message_text` of each). */
  suggestions: readonly string[];
  /** User messages only: where delivery stands. */
  status?: MessageStatus;
  /** True while chunks are still arriving. */
  streaming: boolean;
  /**
   * Set on an agent message whose stream was cut before it was complete (a streaming error, a newer answer,
   * the end or the loss of the session): it shows what arrived, and the user may ask for it again.
   */
  incomplete?: true;
  /** Epoch milliseconds: the server's timestamp when known, else the local clock. */
  time: number;
  /** Name and avatar of the author, for agent and live-agent messages. */
  author?: Participant;
  /**
   * Set on a message this tab had already received before a reload, rebuilt from the replay: it fills the
   * transcript but fires no `message` event (nothing new to announce or count as unread). Absent otherwise.
   */
  history?: true;
  /** Set on a message of an earlier conversation, kept in the browser after its session expired. */
  earlier?: true;
}

export interface Participant {
  id?: string;
  name: string;
  avatarUrl?: string;
}

export type TypingIndicator =
  | { kind: "none" }
  | { kind: "agent" }
  | { kind: "live-agent"; agent: Participant | null }
  /** A Chat API turn is in flight. */
  | { kind: "pending" };

export type HandoffPhase =
  | { phase: "none" }
  | { phase: "triggered" }
  | { phase: "accepted"; queueName?: string }
  | { phase: "queued"; queueName?: string; position?: number; estimatedWaitSeconds?: number }
  | { phase: "live-agent"; agent: Participant }
  | { phase: "live-agent-left" }
  /**
   * The platform cannot route the user; the embedding site must. Over the Chat API, `queueName` is the
   * answer's handoff `destination`, which `destination` also carries.
   */
  | { phase: "client-handoff-required"; reason: string; queueName: string; destination?: string }
  | { phase: "failed"; reason?: string }
  | { phase: "timed-out"; reason?: string };

export type NoticeLevel = "info" | "warning" | "error";

/**
 * A notice in the transcript: a stable `code` (with `parameters`) that the widget turns into text in the
 * page's language. A notice read from a server `SYSTEM_MESSAGE` also carries the server's own `text`,
 * which is what to show for the code `server-message`.
 */
export interface Notice {
  id: string;
  level: NoticeLevel;
  code: NoticeCode;
  parameters?: CodeParameters;
  text?: string;
  time: number;
  /** Set on a server notice this tab had already received before a reload: it fires no `notice` event. */
  history?: true;
  /**
   * Set when the notice offers to try the turn it answered again (`retry` on its id): the epoch milliseconds,
   * on the client's clock, from which it may be taken (the platform may ask for a pause first).
   */
  retryAt?: number;
}

export interface SessionEnd {
  /** `REASON_USER_END`, `REASON_USER_ABANDONED`, `REASON_NATURAL_END`, or another server string. */
  reason: string;
  /** Set when this tab had already reported the end before a reload: it fires no `end` event again. */
  history?: true;
}

/** The connection as a person would describe it. */
export type ConnectionState =
  | { status: "idle" }
  | { status: "connecting" }
  | { status: "connected" }
  | { status: "reconnecting"; attempt: number; nextAttemptAt: number }
  | { status: "offline" }
  | { status: "fallback" }
  | { status: "ended" }
  | { status: "failed"; error: ChatErrorInfo };

/** Why the connection failed, as a stable code with parameters for the widget to word; never holds a token. */
export interface ChatErrorInfo {
  kind: "configuration" | "network" | "session" | "budget-exhausted" | "protocol";
  code: ErrorCode;
  parameters?: CodeParameters;
}

/** Events a client emits besides snapshot changes. */
export interface ChatClientEvents {
  /** A message finished: a user message was sent, or an agent message arrived whole. */
  message: ChatMessage;
  state: ConnectionState;
  handoff: HandoffPhase;
  /**
   * The platform cannot route the handoff; the embedding site must. Over the Chat API, `queueName` and
   * `destination` are both the answer's handoff destination.
   */
  "handoff-required": { reason: string; queueName: string; destination?: string };
  end: SessionEnd;
  error: ChatErrorInfo;
  notice: Notice;
  language: string;
}
