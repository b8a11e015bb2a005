import { maxContextBytes } from "../protocol/index.ts";
import { jsonBytes, type ConversationContext } from "./delivery/message-frame.ts";

export type { ConversationContext };

/** Whether `setContext` took the context, and if not, why, as a code the widget or page words. */
export type ContextResult =
  | { accepted: true }
  | { accepted: false; code: "invalid-context"; parameters: Record<string, never> }
  | { accepted: false; code: "context-too-large"; parameters: { limitBytes: number } };

/**
 * Checks a context a page gives: `undefined` or `null` (no context) and a JSON object of at most
 * `maxContextBytes` bytes of JSON are accepted; anything else is refused with its code. The server
 * companion applies the same limit, so a context the client accepts is never refused there.
 */
export function checkContext(context: unknown): ContextResult {
  return context == null
    ? { accepted: true }
    : typeof context !== "object" || Array.isArray(context)
      ? { accepted: false, code: "invalid-context", parameters: {} }
      : jsonBytes(context) > maxContextBytes
        ? { accepted: false, code: "context-too-large", parameters: { limitBytes: maxContextBytes } }
        : { accepted: true };
}
