import type { Attachment } from "../../protocol/index.ts";
import type { CodeParameters, NoticeCode } from "../codes.ts";
import type { ConnectionState, NoticeLevel, Participant } from "../conversation.ts";

/**
 * The domain events both transports feed into the conversation store. The Messaging transport reads
 * server frames straight into these, then de-duplicates and orders them; the Chat API transport maps its
 * REST turns to the same events, so the store, and the widget above it, never know which transport is
 * live. Events may carry `history: true`: the tab had received them before a reload, so the message,
 * notice or end they add is history.
 */
export type ConversationEvent =
  /** The user wrote a message; it shows at once as `sending`. */
  | { kind: "user-message-queued"; id: string; text: string; time: number }
  /** The server's echo (or the Chat API's answer) confirmed delivery. */
  | { kind: "user-message-sent"; id: string; time?: number }
  /** The message did not arrive; the user may retry. */
  | { kind: "user-message-failed"; id: string }
  /** The message may have arrived, and nothing can tell; the user may send it again. */
  | { kind: "user-message-unconfirmed"; id: string }
  /** The user asked to send a failed or unconfirmed message again; it is `sending` again. */
  | { kind: "user-message-retrying"; id: string }
  /**
   * A user message as the server echoes or replays it, delivered. `withoutClientId`: the echo lacks the
   * `client_event_id` (a platform's history may keep no metadata), so `id` is the server's.
   */
  | { kind: "user-message-replayed"; id: string; text: string; time: number; history?: true; withoutClientId?: true }
  | { kind: "agent-joined"; agent: Participant }
  | { kind: "agent-thinking" }
  | { kind: "agent-left" }
  /** A whole agent message (streaming off, or the Chat API). */
  | {
      kind: "agent-message";
      id: string;
      text: string;
      attachments: readonly Attachment[];
      suggestions: readonly string[];
      time: number;
      history?: true;
    }
  /** One streamed chunk; the store assembles by `id` in `chunkIndex` order. */
  | {
      kind: "agent-message-chunk";
      id: string;
      chunkIndex: number;
      text: string;
      attachments: readonly Attachment[];
      suggestions: readonly string[];
      isComplete: boolean;
      time: number;
      history?: true;
    }
  | { kind: "handoff-triggered" }
  | { kind: "handoff-accepted"; queueName?: string }
  | { kind: "handoff-queue-status"; queueName?: string; position?: number; estimatedWaitSeconds?: number }
  | { kind: "live-agent-joined"; agent: Participant }
  | { kind: "live-agent-typing"; typing: boolean }
  | {
      kind: "live-agent-message";
      id: string;
      text: string;
      attachments: readonly Attachment[];
      suggestions: readonly string[];
      time: number;
      history?: true;
    }
  | { kind: "live-agent-left" }
  | { kind: "client-handoff-required"; reason: string; queueName: string; destination?: string }
  | { kind: "handoff-failed"; reason?: string }
  | { kind: "handoff-timeout"; reason?: string }
  /**
   * A notice the client raises, or a server `SYSTEM_MESSAGE` (with the server's `text`). `answersTurn`: a
   * server warning or error, which is the agent's answer to the turn, just not a message. `retry`: the
   * platform asks to try the turn again, at once or after a pause; `answers`: the `client_event_id` of the
   * message it answers, when it said.
   */
  | {
      kind: "notice";
      id: string;
      level: NoticeLevel;
      code: NoticeCode;
      parameters?: CodeParameters;
      text?: string;
      time: number;
      answersTurn?: true;
      retry?: "now" | "pause";
      answers?: string;
      history?: true;
    }
  /** The user took the Try again of notice `id`. */
  | { kind: "retry-taken"; id: string }
  | { kind: "language-changed"; languageCode: string }
  | { kind: "session-ended"; reason: string; history?: true }
  /** The session was left: an answer still streaming is cut where it stands, and nobody is typing. */
  | { kind: "answer-cut" }
  /** A Chat API turn went out; the typing indicator shows `pending` until its answer. */
  | { kind: "turn-pending"; pending: boolean }
  | { kind: "connection-changed"; connection: ConnectionState; transport?: "messaging" | "chat" }
  /** Forget everything: a new conversation starts. */
  | { kind: "reset" };

/** The id of the message `event` is about, if any: a notice's id names the notice, and a retry's the offer. */
export function messageIdOf(event: ConversationEvent): string | undefined {
  return event.kind === "notice" || event.kind === "retry-taken" ? undefined : (event as { id?: string }).id;
}
