import type { ConversationSnapshot } from "../conversation.ts";
import type { ConversationEvent } from "./conversation-events.ts";

/** Offers to try a turn again, by notice id: the id of the user message each would send again. */
export type RetryOffers = ReadonlyMap<string, string>;

export const noOffers: RetryOffers = new Map();

type NoticeEvent = Extract<ConversationEvent, { kind: "notice" }>;

/** The pause the platform asks for before a busy turn is tried again: "retry after 2 to 5 seconds". */
function pause(random: number): number {
  return 2000 + Math.round(random * 3000);
}

/**
 * Makes the notice `event` just added offer Try again, when the platform asks for a retry (and the notice
 * is not history): of the message it names, else of the last user message, from `now` on or after the pause
 * it asks for. Nothing changes when there is no such message.
 */
export function offerRetry(
  snapshot: ConversationSnapshot,
  offers: RetryOffers,
  event: NoticeEvent,
  now: number,
  random: number,
): { snapshot: ConversationSnapshot; offers: RetryOffers } {
  const index = snapshot.notices.findIndex((notice) => notice.id === event.id);
  const target = event.answers ?? lastUserMessageId(snapshot, snapshot.messages.length);
  if (!event.retry || event.history || index < 0 || target === undefined) return { snapshot, offers };
  const notices = snapshot.notices.slice();
  notices[index] = { ...notices[index]!, retryAt: now + (event.retry === "pause" ? pause(random) : 0) };
  return { snapshot: { ...snapshot, notices }, offers: new Map(offers).set(event.id, target) };
}

/** The offer of notice `id` was taken: it is offered no more. */
export function takeRetry(
  snapshot: ConversationSnapshot,
  offers: RetryOffers,
  id: string,
): { snapshot: ConversationSnapshot; offers: RetryOffers } {
  if (!offers.has(id)) return { snapshot, offers };
  const remaining = new Map(offers);
  remaining.delete(id);
  const notices = snapshot.notices.map((notice) => {
    if (notice.id !== id) return notice;
    const { retryAt: _retryAt, ...rest } = notice;
    return rest;
  });
  return { snapshot: { ...snapshot, notices }, offers: remaining };
}

/**
 * The user message a Try again of `id` sends again: the one a notice's offer names, or, for an agent
 * message whose answer was cut, the user message before it; null when `id` offers nothing.
 */
export function retryTarget(snapshot: ConversationSnapshot, offers: RetryOffers, id: string): string | null {
  const offered = offers.get(id);
  if (offered !== undefined) return offered;
  const index = snapshot.messages.findIndex((message) => message.id === id);
  if (!snapshot.messages[index]?.incomplete) return null;
  return lastUserMessageId(snapshot, index) ?? null;
}

/** The id of the last user message before position `end` of the transcript. */
function lastUserMessageId(snapshot: ConversationSnapshot, end: number): string | undefined {
  for (let position = end - 1; position >= 0; position--) {
    const message = snapshot.messages[position]!;
    if (message.role === "user") return message.id;
  }
  return undefined;
}
