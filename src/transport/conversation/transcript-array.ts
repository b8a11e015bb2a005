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
 * The transcript asked about last, with its index, the position found or written last, and the draft
 * changed last: the store and the reducer ask about the same message of the same transcript several times
 * an event, and a comparison costs far less than a look-up in a map.
 */
let lastIndexed: readonly ChatMessage[] | null = null;
let lastPositions: Map<string, number> | undefined;
let lastPosition = 0;
/** An id that `missingFrom` was found not to hold: a new message's id is asked about before it is added. */
let lastMissing: string | null = null;
let missingFrom: readonly ChatMessage[] | null = null;
let draft: readonly ChatMessage[] | null = null;

/**
 * The position of the message `id` in `messages`, or -1. Pure: the answer is the one a search would give.
 * A transcript shares the index of the one it was made from, which holds each of its ids, so an id missing
 * from it is missing from the transcript, and one found there is checked; any other transcript is indexed
 * at its first look-up.
 */
export function positionOf(messages: readonly ChatMessage[], id: string): number {
  // Ids are unique in a transcript: a message that has the id is the one.
  if (lastPosition < messages.length && messages[lastPosition]!.id === id) return lastPosition;
  if (id === lastMissing && messages === missingFrom) return -1;
  let index = indexOf(messages).get(id) ?? -1;
  if (index >= 0 && messages[index]?.id !== id)
    // Another transcript made from the same one moved the hint: a search answers.
    for (index = messages.length - 1; index >= 0 && messages[index]!.id !== id;) index--;
  if (index >= 0) lastPosition = index;
  else {
    lastMissing = id;
    missingFrom = messages;
  }
  return index;
}

/**
 * `messages` with `message` at `index`: replacing the message there, which has the same id, or at the end
 * (`index` is the length) when its id is not in the transcript. The result shares the index; a draft
 * changes in place. A first message starts an index of its own, since every conversation starts from the
 * same empty transcript.
 */
export function withMessageAt(messages: readonly ChatMessage[], index: number, message: ChatMessage): readonly ChatMessage[] {
  const positions = messages.length > 0 ? indexOf(messages) : new Map<string, number>();
  positions.set(message.id, index);
  lastPosition = index;
  lastMissing = null;
  if (messages === draft) {
    (messages as ChatMessage[])[index] = message;
    return messages;
  }
  if (drafts.has(messages)) {
    (messages as ChatMessage[])[index] = message;
    draft = messages;
    return messages;
  }
  // One copy, of the length it will have.
  const next = index === messages.length ? messages.concat(message) : messages.slice();
  next[index] = message;
  positionsOf.set(next, positions);
  lastIndexed = next;
  lastPositions = positions;
  return next;
}

/**
 * Marks `messages` as a draft (`true`), which `withMessageAt` may then change in place, or as shown
 * (`false`), which it copies from then on. An empty transcript is never a draft: it may be shared.
 */
export function setDraft(messages: readonly ChatMessage[], drafting: boolean): void {
  if (drafting && messages.length > 0) drafts.add(messages);
  else drafts.delete(messages);
  if (messages === draft || drafting) draft = drafting && messages.length > 0 ? messages : null;
}

/** The index of `messages`, made at its first look-up when it shares none. */
function indexOf(messages: readonly ChatMessage[]): Map<string, number> {
  if (messages === lastIndexed) return lastPositions!;
  let positions = positionsOf.get(messages);
  if (!positions) positionsOf.set(messages, (positions = new Map(messages.map((message, index) => [message.id, index]))));
  lastIndexed = messages;
  lastPositions = positions;
  return positions;
}
