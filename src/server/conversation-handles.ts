import type { Signer } from "./signing.ts";
import type { Visitor } from "./visitor-cookies.ts";

/**
 * The `conversation_id` the page sees: the platform's id, a dot, and an HMAC of that id and the visitor
 * who created the conversation. A handle only opens its conversation for a request that also proves that
 * visitor with a valid cookie, so a handle copied into another browser is refused, and no server keeps a
 * list of who owns what. The platform's id stays readable before the last dot.
 */
export class ConversationHandles {
  constructor(private readonly signer: Signer) {}

  /** The handle of `conversationId` for `visitor`. */
  async wrap(conversationId: string, visitor: Visitor): Promise<string> {
    return `${conversationId}.${await this.signer.sign(signedText(conversationId, visitor.id))}`;
  }

  /**
   * The platform's conversation id and its owner when `handle` belongs to one of `visitors`, else
   * undefined (someone else's conversation, a bare platform id, a tampered handle).
   */
  async unwrap(handle: string, visitors: readonly Visitor[]): Promise<{ conversationId: string; visitor: Visitor } | undefined> {
    const separator = handle.lastIndexOf(".");
    if (separator <= 0) return undefined;
    const conversationId = handle.slice(0, separator);
    const signature = handle.slice(separator + 1);
    for (const visitor of visitors) {
      if (await this.signer.verify(signedText(conversationId, visitor.id), signature)) return { conversationId, visitor };
    }
    return undefined;
  }
}

function signedText(conversationId: string, visitorId: string): string {
  return `cap-chat conversation v1\n${visitorId}\n${conversationId}`;
}
