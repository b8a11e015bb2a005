import type { ChatClientEvents, ChatMessage, ConversationSnapshot } from "../conversation.ts";
import { positionOf } from "./transcript-array.ts";

/** One event for the widget and the embedding site, named as in `ChatClientEvents`. */
export type ConversationChange = {
  [Name in keyof ChatClientEvents]: { name: Name; detail: ChatClientEvents[Name] };
}[keyof ChatClientEvents];

/**
 * The events that one step from `previous` to `next` means, in this order: `state` (the connection object
 * changed) and `error` (it became `failed`), `handoff` (the phase changed) and `handoff-required` (it became
 * `client-handoff-required`), one `message` per message that finished in this step (a user message that
 * became `sent`; an agent or live-agent message that is new and whole, or whose stream stopped; never a
 * message marked `history`, which this tab had already received before a reload), one
 * `notice` per new notice (not `history`), `language`, and `end` last (the session ended, unless that end
 * is `history`: the tab reported it before a reload). Comparisons are by identity,
 * which the reducer keeps for unchanged parts, so an unchanged snapshot means no events. `touched` holds
 * every message the step may have changed, by id, as it was before the step (undefined: it was not there),
 * which the store knows from the event: so a long transcript is not walked at each step, and it may have
 * changed in place.
 */
export function describeChanges(
  previous: ConversationSnapshot,
  next: ConversationSnapshot,
  touched: ReadonlyMap<string, ChatMessage | undefined>,
): ConversationChange[] {
  if (previous === next) return [];
  const changes: ConversationChange[] = [];
  if (next.connection !== previous.connection) {
    changes.push({ name: "state", detail: next.connection });
    if (next.connection.status === "failed") changes.push({ name: "error", detail: next.connection.error });
  }
  if (next.handoff !== previous.handoff) {
    changes.push({ name: "handoff", detail: next.handoff });
    if (next.handoff.phase === "client-handoff-required") {
      const { phase: _phase, ...detail } = next.handoff;
      changes.push({ name: "handoff-required", detail });
    }
  }
  // In transcript order: an event may name the stream it closes and itself.
  const finishedNow: [position: number, message: ChatMessage][] = [];
  for (const [id, old] of touched) {
    const position = positionOf(next.messages, id);
    const message = next.messages[position];
    if (message && finished(message, old)) finishedNow.push([position, message]);
  }
  if (finishedNow.length > 1) finishedNow.sort((left, right) => left[0] - right[0]);
  for (const [, message] of finishedNow) changes.push({ name: "message", detail: message });
  if (next.notices !== previous.notices)
    for (const notice of next.notices)
      if (!notice.history && !previous.notices.includes(notice)) changes.push({ name: "notice", detail: notice });
  if (next.language !== previous.language && next.language !== null) changes.push({ name: "language", detail: next.language });
  if (next.ended && !previous.ended && !next.ended.history) changes.push({ name: "end", detail: next.ended });
  return changes;
}

/**
 * Whether `message`, once `old`, finished in between: a user message that became `sent`, an agent message
 * that is new and whole or whose stream stopped; never one marked `history`.
 */
function finished(message: ChatMessage, old: ChatMessage | undefined): boolean {
  if (message === old || message.history) return false;
  return message.role === "user" ? message.status === "sent" && old?.status !== "sent" : !message.streaming && (!old || old.streaming);
}
