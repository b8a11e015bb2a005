/**
 * `cap-chat`: the framework-free chat client for the Conversational Agent Platform. `createChatClient`
 * connects over the Messaging API (token, session, WebSocket with resume and exactly-once sending) or the
 * Chat API fallback, and exposes the conversation as one immutable snapshot plus named events.
 */
import { resolveEnvironment } from "./browser-environment.ts";
import type { ChatClientOptions } from "./transport/chat-client-types.ts";
import { buildChatClient, type DiagnosableChatClient } from "./transport/chat-client.ts";
import { canShare, loadSharedChatClient } from "./transport/tabs/shared-client-loader.ts";

/**
 * Creates the chat client with the browser's effects (`WebSocket`, `fetch`, timers, the tab's and the
 * browser's storage, the channel between tabs, Web Locks, the online and visibility signals), over which
 * `options.environment` may replace any part, for a host that is not a browser or for tests. With
 * `persist: "local"` (the default) the tabs of the browser share one conversation; where the environment
 * has no shared storage or no channel between tabs, the conversation is kept per tab, as with `session`.
 * Nothing happens until `start()` or a first `send`.
 */
export function createChatClient(options: ChatClientOptions = {}): DiagnosableChatClient {
  const environment = resolveEnvironment(options.environment);
  const persist = options.persist ?? "local";
  if (persist === "local" && canShare(environment)) return loadSharedChatClient(environment, options);
  return buildChatClient(environment, { ...options, persist: persist === "local" ? "session" : persist });
}
/** The client with its diagnostics (undecodable frames, recent lifecycle phases). */
export type { ChatClientDiagnostics, DiagnosableChatClient } from "./transport/chat-client.ts";
/** The client's contract: options, events, actions. */
export type {
  AccessTokenAnswer,
  ChatClient,
  ChatClientEvents,
  ChatClientOptions,
  ContextResult,
  ConversationContext,
  SendResult,
} from "./transport/chat-client-types.ts";
/** The stable codes of notices and errors, which the widget words in the page's language. */
export type { CodeParameters, ErrorCode, NoticeCode } from "./transport/codes.ts";
/** The snapshot the client exposes and everything in it. */
export type {
  AuthorRole,
  ChatErrorInfo,
  ChatMessage,
  ConnectionState,
  ConversationSnapshot,
  HandoffPhase,
  MessageStatus,
  Notice,
  NoticeLevel,
  Participant,
  SessionEnd,
  TypingIndicator,
} from "./transport/conversation.ts";
/** The injected effects, for running the client outside a browser or under test. */
export type { Environment, HttpRequest, HttpResponse, KeyValueStorage, WebSocketLike } from "./transport/environment.ts";
/** An agent message attachment, as the platform sends it. */
export type { Attachment } from "./protocol/index.ts";
/** The client's errors and their guards. */
export { ChatError, HttpError, isChatError, isHttpError } from "./transport/errors.ts";
