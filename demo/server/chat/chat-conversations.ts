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
  /** When a call last reached it (milliseconds of the server clock). */
  lastActivity: number;
  /**
   * What the agent has to say since the last turn, such as a booking the site confirmed through the
   * External Events API: the turn-based API can only say it in its next answer.
   */
  pendingReplies: string[];
}

/** A conversation looked up by id: open (or ended), never known, or gone quiet past the chat timeout. */
export type ChatLookup = { kind: "found"; conversation: ChatConversation } | { kind: "unknown" } | { kind: "timed-out" };

/** Most conversations kept at once; the oldest are forgotten first, so a long demo run stays bounded. */
const maxConversations = 10_000;

/**
 * The Chat API's conversations, by id. With a `timeout` (milliseconds), a conversation that no call has
 * reached for that long times out: the lookup that finds it so says it once and forgets it.
 */
export class ChatConversations {
  private readonly conversations = new Map<string, ChatConversation>();

  constructor(
    private readonly now: () => number,
    private readonly timeout: number | undefined,
  ) {}

  /** Opens a conversation with a fresh UUID. */
  create(options: Pick<ChatConversation, "variantId" | "channel" | "integrationAttributes">): ChatConversation {
    const conversation: ChatConversation = {
      ...options,
      id: randomUUID(),
      language: "en",
      ended: false,
      lastActivity: this.now(),
      pendingReplies: [],
    };
    this.conversations.set(conversation.id, conversation);
    if (this.conversations.size > maxConversations) {
      const oldest = this.conversations.keys().next().value;
      if (oldest !== undefined) this.conversations.delete(oldest);
    }
    return conversation;
  }

  /** Every conversation held, oldest first. */
  list(): readonly ChatConversation[] {
    return [...this.conversations.values()];
  }

  /** Finds a conversation and counts the lookup as activity on it; see the class for the timeout. */
  lookup(id: string): ChatLookup {
    const conversation = this.conversations.get(id);
    if (!conversation) return { kind: "unknown" };
    const now = this.now();
    if (this.timeout !== undefined && now - conversation.lastActivity >= this.timeout) {
      this.conversations.delete(id);
      return { kind: "timed-out" };
    }
    conversation.lastActivity = now;
    return { kind: "found", conversation };
  }
}
