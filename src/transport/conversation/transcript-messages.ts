import type { AuthorRole, ChatMessage, ConversationSnapshot } from "../conversation.ts";
import type { StreamAssembly } from "./stream-assembly.ts";
import { positionOf, withMessageAt } from "./transcript-array.ts";

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
  const index = positionOf(snapshot.messages, assembly.messageId);
  const existing = snapshot.messages[index];
  const { text, attachments, suggestions } = assembly;
  const streaming = !assembly.complete;
  if (!existing)
    return append(snapshot, "agent", { id: assembly.messageId, text, attachments, suggestions, streaming, time, history, incomplete });
  const sameContent = existing.text === text && existing.attachments === attachments && existing.suggestions === suggestions;
  if (sameContent && existing.streaming === streaming && (existing.history === true) === history && !incomplete) return snapshot;
  // Written out rather than spread from `existing`: a chunk is the commonest event, and spreads cost far more.
  const { id, role, time: shownTime, status, author } = existing;
  const cut = incomplete || existing.incomplete === true;
  return withMessages(
    snapshot,
    withMessageAt(
      snapshot.messages,
      index,
      message(id, role, text, shownTime, { attachments, suggestions, streaming, history, incomplete: cut }, status, author),
    ),
  );
}

/** Marks the last message `incomplete` when it is a finished agent message: its answer was cut. */
export function markIncomplete(snapshot: ConversationSnapshot): ConversationSnapshot {
  const index = snapshot.messages.length - 1;
  const last = snapshot.messages[index];
  if (last?.role !== "agent" || last.streaming || last.incomplete) return snapshot;
  return withMessages(snapshot, withMessageAt(snapshot.messages, index, { ...last, incomplete: true }));
}

/** The fields a message is written from: a message event's own, read as they are rather than copied. */
type MessageFields = Pick<Partial<ChatMessage>, "attachments" | "suggestions" | "streaming"> & {
  history?: boolean;
  incomplete?: boolean;
};

/**
 * Appends a message of `role` (its id is new) with `status`; lists default to empty, agents' messages name
 * their author, and `history` and `incomplete` are kept only when set. `fields` is often the event itself,
 * which is read, not copied: a replay appends thousands of messages.
 */
export function append(
  snapshot: ConversationSnapshot,
  role: AuthorRole,
  fields: MessageFields & { id: string; text: string; time: number },
  status?: ChatMessage["status"],
): ConversationSnapshot {
  const author = role === "agent" ? snapshot.agent : role === "live-agent" ? snapshot.liveAgent : null;
  const shown = message(fields.id, role, fields.text, fields.time, fields, status, author ?? undefined);
  return withMessages(snapshot, withMessageAt(snapshot.messages, snapshot.messages.length, shown));
}

/** A message with its optional fields set only when present: lists default to empty. */
function message(
  id: string,
  role: AuthorRole,
  text: string,
  time: number,
  fields: MessageFields,
  status: ChatMessage["status"],
  author: ChatMessage["author"],
): ChatMessage {
  const { attachments = [], suggestions = [], streaming = false, history, incomplete } = fields;
  const shown: ChatMessage = { id, role, text, attachments, suggestions, streaming, time };
  if (status) shown.status = status;
  if (author) shown.author = author;
  if (history) shown.history = true;
  if (incomplete) shown.incomplete = true;
  return shown;
}

/**
 * `snapshot` with `messages`, written out part by part: every message and chunk makes one, and V8 spends
 * many times longer on a spread of the snapshot.
 */
export function withMessages(snapshot: ConversationSnapshot, messages: readonly ChatMessage[]): ConversationSnapshot {
  const { typing, agent, liveAgent, handoff, notices, language, ended, connection, transport } = snapshot;
  return { messages, typing, agent, liveAgent, handoff, notices, language, ended, connection, transport };
}
