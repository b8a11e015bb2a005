import type { ConversationContext } from "../conversation-context.ts";
import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { ConversationState } from "../conversation/conversation-reducer.ts";

/**
 * An access token one tab hands another in memory (never stored), so that the tab taking the connection
 * over keeps the session on a platform that binds tokens to it.
 */
export interface HandedToken {
  accessToken: string;
  /** Epoch milliseconds when the token's lifetime ends; Infinity when it announced none. */
  expiresAt: number;
}

/** A message written in a tab that does not hold the connection, for the holder's outbox. */
export interface SendRequest {
  type: "send";
  id: string;
  text: string;
  time: number;
  /** The site's context in the writing tab, which the message carries (see `setContext`). */
  context?: ConversationContext;
}

/** The actions a tab asks of the holder, by the client's method names. */
export type ForwardedCommand = "start" | "end" | "retry" | "retryNow" | "newConversation" | "typing";

/**
 * What the tabs of one conversation tell each other over their channel. Only the holder sends `sync`,
 * `event` and `token`; any tab sends the rest. Plain data, as a structured clone carries it.
 */
export type TabMessage =
  /** A tab opened: the holder answers with `sync`. */
  | { type: "hello"; from: string }
  /** The conversation as the holder has it, for the tab `to`, and whether it has started. */
  | { type: "sync"; to: string; state: ConversationState; token: HandedToken | null; started: boolean }
  /** A tab now holds the connection: the others send it again what it may not have received. */
  | { type: "elected"; started: boolean }
  /** Changes of the conversation, in the order the holder applied them (a frame's batch at once). */
  | { type: "events"; events: ConversationEvent[] }
  /** The holder's access token, kept in memory only, for the tab that takes over. */
  | { type: "token"; token: HandedToken }
  | SendRequest
  | { type: "command"; name: ForwardedCommand; id?: string }
  /** The visitor reset the conversation (a site's log-out): every tab forgets it. */
  | { type: "reset" };
