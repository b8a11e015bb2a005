/**
 * `cap-chat`: the framework-free chat client for the Conversational Agent Platform. `createChatClient`
 * connects over the Messaging API (token, session, WebSocket with resume and exactly-once sending) or the
 * Chat API fallback, and exposes the conversation as one immutable snapshot plus named events.
 */
export { createChatClient } from "./transport/chat-client.ts";
/** The client with its diagnostics (undecodable frames, recent lifecycle phases). */
export type { ChatClientDiagnostics, DiagnosableChatClient } from "./transport/chat-client.ts";
/** The client's contract: options, events, actions. */
export type { ChatClient, ChatClientEvents, ChatClientOptions } from "./transport/chat-client-types.ts";
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
