import { randomUUID } from "node:crypto";
import type { AgentLanguage } from "../agent/agent-message.ts";

/** One Chat API conversation. `variantId` is fixed for its life. */
export interface ChatConversation {
  id: string;
  variantId?: string;
  channel?: string;
  integrationAttributes?: Record<string, unknown>;
  language: AgentLanguage;
  ended: boolean;
}

/** Most conversations kept at once; the oldest are forgotten first, so a long demo run stays bounded. */
const maxConversations = 10_000;

/** The Chat API's conversations, by id. */
export class ChatConversations {
  private readonly conversations = new Map<string, ChatConversation>();

  /** Opens a conversation with a fresh UUID. */
  create(options: Omit<ChatConversation, "id" | "language" | "ended">): ChatConversation {
    const conversation: ChatConversation = { ...options, id: randomUUID(), language: "en", ended: false };
    this.conversations.set(conversation.id, conversation);
    if (this.conversations.size > maxConversations) {
      const oldest = this.conversations.keys().next().value;
      if (oldest !== undefined) this.conversations.delete(oldest);
    }
    return conversation;
  }

  /** The conversation with this id, if known. */
  get(id: string): ChatConversation | undefined {
    return this.conversations.get(id);
  }
}
