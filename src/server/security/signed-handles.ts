import type { Signer } from "./signing.ts";
import type { Visitor } from "./visitor-cookies.ts";

/** What a handle stands for; the kind is signed in, so a handle of one kind never opens another. */
export type HandleKind = "conversation" | "callback";

/**
 * The id the page sees for something a visitor started on the platform (a Chat API conversation, an
 * outbound call): the platform's id, a dot, and an HMAC of the kind, the id and the visitor who started
 * it. A handle only opens its conversation or call for a request that also proves that visitor with a
 * valid cookie, so a handle copied into another browser is refused, and no server keeps a list of who
 * owns what. The platform's id stays readable before the last dot; the page treats the handle as opaque.
 */
export class SignedHandles {
  constructor(
    private readonly signer: Signer,
    private readonly kind: HandleKind,
  ) {}

  /** The handle of `id` for `visitor`. */
  async wrap(id: string, visitor: Visitor): Promise<string> {
    return `${id}.${await this.signer.sign(this.signedText(id, visitor.id))}`;
  }

  /**
   * The platform's id and its owner when `handle` belongs to one of `visitors`, else undefined (someone
   * else's, a bare platform id, a tampered handle, a handle of another kind).
   */
  async unwrap(handle: string, visitors: readonly Visitor[]): Promise<{ id: string; visitor: Visitor } | undefined> {
    const separator = handle.lastIndexOf(".");
    if (separator <= 0) return undefined;
    const id = handle.slice(0, separator);
    const signature = handle.slice(separator + 1);
    for (const visitor of visitors) {
      if (await this.signer.verify(this.signedText(id, visitor.id), signature)) return { id, visitor };
    }
    return undefined;
  }

  private signedText(id: string, visitorId: string): string {
    return `cap-chat ${this.kind} v1\n${visitorId}\n${id}`;
  }
}
