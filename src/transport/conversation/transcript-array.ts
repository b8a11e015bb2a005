import type { ChatMessage } from "../conversation.ts";

/**
 * Where each id stands, shared by a transcript and the transcripts made from it by `withMessageAt`, so
 * that finding a message never walks a long transcript. An entry is only a hint, checked before use: two
 * transcripts made from one may disagree on it.
 */
const positionsOf = new WeakMap<readonly ChatMessage[], Map<string, number>>();

/**
 * Transcripts that nobody but their store has seen, which `withMessageAt` may change in place rather than
 * copy: a store drafts its transcript during a batch, between the moments it shows it to anyone.
 */
const drafts = new WeakSet<readonly ChatMessage[]>();

/**
 * The position of the message `id` in `messages`, or -1. Pure: the answer is the one a search would give.
 * A transcript shares the index of the one it was made from, which holds each of its ids, so an id missing
 * from it is missing from the transcript, and one found there is checked; any other transcript is indexed
 * at its first look-up.
 */
export function positionOf(messages: readonly ChatMessage[], id: string): number {
  let positions = positionsOf.get(messages);
  if (!positions) positionsOf.set(messages, (positions = new Map(messages.map((message, index) => [message.id, index]))));
  let index = positions.get(id) ?? -1;
  if (index < 0 || messages[index]?.id === id) return index;
  // Another transcript made from the same one moved the hint: a search answers.
  for (index = messages.length - 1; index >= 0 && messages[index]!.id !== id;) index--;
  return index;
}

/**
 * `messages` with `message` at `index`: replacing the message there, which has the same id, or at the end
 * (`index` is the length) when its id is not in the transcript. The result shares the index; a draft
 * changes in place. A first message starts an index of its own, since every conversation starts from the
 * same empty transcript.
 */
export function withMessageAt(messages: readonly ChatMessage[], index: number, message: ChatMessage): readonly ChatMessage[] {
  const next = drafts.has(messages) ? (messages as ChatMessage[]) : messages.slice();
  const positions = messages.length > 0 ? positionsOf.get(messages) : new Map<string, number>();
  positions?.set(message.id, index);
  if (positions && next !== messages) positionsOf.set(next, positions);
  next[index] = message;
  return next;
}

/**
 * Marks `messages` as a draft (`true`), which `withMessageAt` may then change in place, or as shown
 * (`false`), which it copies from then on. An empty transcript is never a draft: it may be shared.
 */
export function setDraft(messages: readonly ChatMessage[], draft: boolean): void {
  if (draft && messages.length > 0) drafts.add(messages);
  else drafts.delete(messages);
}
