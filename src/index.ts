/**
 * `cap-chat`: the framework-free chat client for the Conversational Agent Platform. `createChatClient`
 * connects over the Messaging API (token, session, WebSocket with resume and exactly-once sending) or the
 * Chat API fallback, and exposes the conversation as one immutable snapshot plus named events.
 */
export { createChatClient } from "./transport/chat-client.ts";
export type { ChatClientDiagnostics, DiagnosableChatClient } from "./transport/chat-client.ts";
export type { ChatClient, ChatClientEvents, ChatClientOptions } from "./transport/chat-client-types.ts";
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
export type { Environment, HttpRequest, HttpResponse, KeyValueStorage, WebSocketLike } from "./transport/environment.ts";
export type { Attachment } from "./protocol/index.ts";
export { ChatError, HttpError, isChatError, isHttpError } from "./transport/errors.ts";
