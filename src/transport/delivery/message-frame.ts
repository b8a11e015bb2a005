import type { ClientFrame } from "../../protocol/index.ts";

/** The site's context attached to the conversation: a JSON object (see `contextRefusal`). */
export type ConversationContext = Record<string, unknown>;

/**
 * A user message as the client sends it: its `client_event_id` in `metadata.custom`, beside the site's
 * `context` when there is one.
 */
export function userMessageFrame(id: string, text: string, context?: ConversationContext): ClientFrame {
  return { type: "EVENT_TYPE_USER_MESSAGE", payload: { text }, metadata: { custom: { client_event_id: id, context } } };
}

/**
 * The UTF-8 bytes of `value`'s JSON: for a frame, its size as sent, which is what the platform's limit
 * counts.
 */
export function jsonBytes(value: unknown): number {
  let bytes = 0;
  for (const character of JSON.stringify(value)) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
