import type { ChatMessage, ConversationSnapshot } from "../../transport/conversation.ts";

/**
 * The text of the one message that changed from `shown` to `next` if that message streams in both and
 * nothing but its text changed, neither in any other message nor in the rest of the snapshot; null otherwise.
 */
export function grownText(shown: ConversationSnapshot, next: ConversationSnapshot): { id: string; text: string } | null {
  if (shown.messages === next.messages || shown.messages.length !== next.messages.length) return null;
  for (const key in next) {
    const part = key as keyof ConversationSnapshot;
    if (part !== "messages" && next[part] !== shown[part]) return null;
  }
  let grown: ChatMessage | null = null;
  // Identity checks only, every frame of a stream: cheap however long the transcript.
  for (let index = 0; index < next.messages.length; index++) {
    const after = next.messages[index]!;
    const before = shown.messages[index]!;
    if (before === after) continue;
    if (grown || !before.streaming || !after.streaming || !sameButText(before, after)) return null;
    grown = after;
  }
  return grown && { id: grown.id, text: grown.text };
}

/** Whether two messages hold the same fields, as the same values, their text aside. */
function sameButText(left: ChatMessage, right: ChatMessage): boolean {
  const keys = Object.keys(right) as (keyof ChatMessage)[];
  return keys.length === Object.keys(left).length && keys.every((key) => key === "text" || left[key] === right[key]);
}
