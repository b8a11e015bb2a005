import type { PlatformName } from "../protocol/index.ts";
import type { ChatErrorInfo, ChatMessage, ConnectionState, ConversationSnapshot, HandoffPhase, Notice, SessionEnd } from "./conversation.ts";
import type { Environment } from "./environment.ts";

/** Options of `createChatClient`; the names are the public option names of every delivery. */
export interface ChatClientOptions {
  /** Messaging API host: `https://` only, except loopback hosts in development. */
  messagingUrl?: string;
  /** Sent as `X-Token`. */
  connectorToken?: string;
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
  /** `session` (default): the session id and unsent messages survive a reload in this tab; `none`. */
  persist?: "session" | "none";
  /** The `platform` field of session creation (default `web`). */
  platform?: PlatformName;
  /** Effects (WebSocket, fetch, timers, clock, random, storage, signals); browser defaults. */
  environment?: Partial<Environment>;
}

/** Events a client emits besides snapshot changes. */
export interface ChatClientEvents {
  /** A message finished: a user message was sent, or an agent message arrived whole. */
  message: ChatMessage;
  state: ConnectionState;
  handoff: HandoffPhase;
  /** The platform cannot route the handoff; the embedding site must. */
  "handoff-required": { reason: string; queueName: string };
  end: SessionEnd;
  error: ChatErrorInfo;
  notice: Notice;
  language: string;
}

/** The framework-free chat client. */
export interface ChatClient {
  /** The current snapshot; a new object after every change. */
  getSnapshot(): ConversationSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (snapshot: ConversationSnapshot) => void): () => void;
  /** Listens to one kind of event; returns the unsubscribe function. */
  on<Name extends keyof ChatClientEvents>(name: Name, handler: (detail: ChatClientEvents[Name]) => void): () => void;
  /** Connects (or restores a persisted session). Idempotent. */
  start(): void;
  /** Sends a user message; it shows at once as `sending` and is delivered exactly once. */
  send(text: string): void;
  /** Reports a keystroke in the composer (throttled into typing events). */
  typing(): void;
  /** Sends a suggestion's text. */
  chooseSuggestion(text: string): void;
  /** Retries a `failed` user message. */
  retry(messageId: string): void;
  /** Skips the wait before the next reconnect attempt. */
  retryNow(): void;
  /** Ends the session for the user. */
  end(): void;
  /** Drops the current (ended or failed) conversation and starts a fresh one. */
  newConversation(): void;
  /** Closes everything and stops all timers; the client cannot be used again. */
  destroy(): void;
}
