import type { AuthorRole, ChatMessage, ConversationSnapshot } from "../conversation.ts";
import type { StreamAssembly } from "./stream-assembly.ts";

/** How the reducer writes messages into the transcript: appended, streamed, or cut. */

/**
 * Writes an assembly into its message, creating it at its first chunk; unchanged content keeps identity.
 * The message is `history` exactly when the event that wrote it last is; `incomplete` when its stream was cut.
 */
export function showAssembly(
  snapshot: ConversationSnapshot,
  assembly: StreamAssembly,
  time: number,
  history: boolean,
  incomplete = false,
): ConversationSnapshot {
  const index = snapshot.messages.findIndex((message) => message.id === assembly.messageId);
  const existing = snapshot.messages[index];
  const { text, attachments, suggestions } = assembly;
  const streaming = !assembly.complete;
  const flags = { ...(history && { history: true as const }), ...(incomplete && { incomplete: true as const }) };
  if (!existing) return append(snapshot, "agent", { id: assembly.messageId, text, attachments, suggestions, streaming, time, ...flags });
  const sameContent = existing.text === text && existing.attachments === attachments && existing.suggestions === suggestions;
  if (sameContent && existing.streaming === streaming && (existing.history === true) === history && !incomplete) return snapshot;
  const { history: _history, ...rest } = existing;
  const messages = snapshot.messages.slice();
  messages[index] = { ...rest, text, attachments, suggestions, streaming, ...flags };
  return { ...snapshot, messages };
}

/** Marks the last message `incomplete` when it is a finished agent message: its answer was cut. */
export function markIncomplete(snapshot: ConversationSnapshot): ConversationSnapshot {
  const last = snapshot.messages.at(-1);
  if (last?.role !== "agent" || last.streaming || last.incomplete) return snapshot;
  return { ...snapshot, messages: [...snapshot.messages.slice(0, -1), { ...last, incomplete: true }] };
}

/**
 * Appends a message of `role` (its id is new); lists default to empty, agents' messages name their author,
 * and `history` and `incomplete` are kept only when set.
 */
export function append(
  snapshot: ConversationSnapshot,
  role: AuthorRole,
  fields: Partial<ChatMessage> & { id: string; text: string; time: number },
): ConversationSnapshot {
  const { id, text, time, attachments = [], suggestions = [], status, streaming = false, history, incomplete } = fields;
  const message: ChatMessage = { id, role, text, attachments, suggestions, streaming, time };
  const author = role === "agent" ? snapshot.agent : role === "live-agent" ? snapshot.liveAgent : null;
  if (status) message.status = status;
  if (author) message.author = author;
  if (history) message.history = true;
  if (incomplete) message.incomplete = true;
  return { ...snapshot, messages: [...snapshot.messages, message] };
}
