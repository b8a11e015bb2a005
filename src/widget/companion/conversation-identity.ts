import type { ChatClient } from "../../transport/chat-client-types.ts";

/**
 * The conversation as the companion's routes take it: `{session_id}` on Messaging, `{conversation_id}` (the
 * companion's handle of the visitor's conversation) on the Chat API, and nothing before there is one.
 */
export function conversationIdentity(client: ChatClient): Record<string, string> {
  const id = client.conversationId();
  return id === null ? {} : { [client.getSnapshot().transport === "chat" ? "conversation_id" : "session_id"]: id };
}
