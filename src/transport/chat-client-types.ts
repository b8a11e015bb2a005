import type { PlatformName } from "../protocol/index.ts";
import type { ChatClientEvents, ConversationSnapshot } from "./conversation.ts";
import type { Environment } from "./environment.ts";
import type { AccessTokenAnswer } from "./messaging/session-access.ts";
import type { ContextResult, ConversationContext } from "./conversation-context.ts";

export type { AccessTokenAnswer, ChatClientEvents, ContextResult, ConversationContext };

/** Options of `createChatClient`; the names are the public option names of every delivery. */
export interface ChatClientOptions {
  /** Messaging API host: `https://` only, except loopback hosts in development. */
  messagingUrl?: string;
  /** Sent as `X-Token`. Not needed with `tokenUrl` or `getAccessToken`. */
  connectorToken?: string;
  /**
   * The site's endpoint that returns `{access_token, expires_in}`: POSTed to with the site's cookies, so
   * the connector token stays on the site's backend. A path on the page's origin, or an https URL.
   */
  tokenUrl?: string;
  /** Returns `{access_token, expires_in}` (for example from the site's backend); replaces `connectorToken`. */
  getAccessToken?: () => Promise<AccessTokenAnswer>;
  /** Sent as `X-Host`; defaults to the page's host name. */
  host?: string;
  /** Asks for `streaming_enabled` (default true). */
  streaming?: boolean;
  /** `auto` (default): Messaging, falling back to the Chat API; `messaging`; `chat`. */
  transport?: "auto" | "messaging" | "chat";
  /** Chat API base ending in `/chat`. */
  chatUrl?: string;
  /** Headers added to every Chat API call (normally none: the site's proxy adds the secrets). */
  chatHeaders?: Record<string, string>;
  variantId?: string;
  integrationAttributes?: Record<string, unknown>;
  /**
   * A JSON object of at most 4 KB of JSON the site attaches to the conversation (the page, the customer):
   * sent as `metadata.custom.context` on each Messaging user message, and as `integration_attributes.context`
   * on Chat API create. Change it with `setContext`.
   */
  context?: ConversationContext;
  /**
   * `local` (default): the conversation belongs to the browser: every tab shows it, one tab at a time holds
   * the connection for all of them, and it survives closing the tab. `session`: the session id and unsent
   * messages survive a reload in this tab only. `none`: nothing is stored.
   */
  persist?: "local" | "session" | "none";
  /** Namespaces stored state (`cap-chat:session:<id>`), so two clients on one page keep two conversations. */
  id?: string;
  /** The `platform` field of session creation (default `web`). */
  platform?: PlatformName;
  /** Effects (WebSocket, fetch, timers, clock, random, storage, signals); browser defaults. */
  environment?: Partial<Environment>;
}

/** Whether `send` took the message, and if not, why, as a code the widget words. */
export type SendResult =
  | { accepted: true }
  /** The frame would exceed the platform's limit (UTF-8 bytes as sent): nothing was queued or shown. */
  | { accepted: false; code: "message-too-large"; parameters: { limitBytes: number } }
  /** Only whitespace, an ended conversation, or a destroyed client. */
  | { accepted: false; code: "message-empty" | "conversation-ended" | "client-destroyed"; parameters: Record<string, never> };

/** The framework-free chat client. */
export interface ChatClient {
  /** The current snapshot; a new object after every change. */
  getSnapshot(): ConversationSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (snapshot: ConversationSnapshot) => void): () => void;
  /** Listens to one kind of event; returns the unsubscribe function. A handler is registered once per name. */
  on<Name extends keyof ChatClientEvents>(name: Name, handler: (detail: ChatClientEvents[Name]) => void): () => void;
  /** Stops `handler` listening to `name`. */
  off<Name extends keyof ChatClientEvents>(name: Name, handler: (detail: ChatClientEvents[Name]) => void): void;
  /**
   * Connects (or restores a persisted session). Called again, it tells the client the visitor engaged: a
   * conversation whose session expired while it was left alone goes on in a new one. Otherwise idempotent.
   */
  start(): void;
  /**
   * Starts only when this tab stored a conversation to resume, so a page can resume one at load without
   * otherwise contacting the platform. Returns whether it did (or the client had already started).
   */
  resume(): boolean;
  /**
   * Sends a user message: it shows at once as `sending` and is delivered exactly once. A message that
   * cannot be sent (too large, empty, ended) is refused before anything is shown or queued.
   */
  send(text: string): SendResult;
  /**
   * Replaces the context (`undefined` or `null` removes it): the next user message carries it, and so does
   * the next Chat API create. A context that is not a JSON object, or whose JSON exceeds 4,096 bytes, is
   * refused with its code and the previous one stays.
   */
  setContext(context: ConversationContext | null | undefined): ContextResult;
  /** Reports a keystroke in the composer (throttled into typing events). */
  typing(): void;
  /** Sends a suggestion's text, as `send` does. */
  chooseSuggestion(text: string): SendResult;
  /**
   * Sends a `failed` or `unconfirmed` user message again, with its id. Given an agent message whose answer
   * was cut (`incomplete`), or a notice that offers to try again (`retryAt`), tries that turn again: its user
   * message goes again with its id if it did not arrive, else once more as a new message.
   */
  retry(id: string): void;
  /** Skips the wait before the next reconnect attempt. */
  retryNow(): void;
  /** Ends the session for the user. */
  end(): void;
  /**
   * Drops the current conversation and starts a fresh one; the platform hears that the old one is over
   * (Messaging: `USER_END_SESSION` on a live session; Chat API: the conversation is closed).
   */
  newConversation(): void;
  /** The client's clock (epoch milliseconds), which `nextAttemptAt` and message times are on. */
  now(): number;
  /**
   * The conversation's id on the platform: the Messaging session id, or the Chat API's `conversation_id`
   * (as the site's companion issued it); null before there is one. The access token is never part of it.
   */
  conversationId(): string | null;
  /**
   * Closes everything and stops all timers; the client cannot be used again. A Chat API conversation is
   * closed; a Messaging session is kept for a reload to resume.
   */
  destroy(): void;
  /**
   * As on a site's log-out: ends the conversation on the platform, removes everything the client stored,
   * and ends the client, in every tab sharing the conversation; each emits `end` with the reason `reset`.
   * A new client starts afresh.
   */
  reset(): void;
}
