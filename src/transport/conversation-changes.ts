import type { ChatClientEvents } from "./chat-client-types.ts";
import type { ChatMessage, ConversationSnapshot } from "./conversation.ts";

/** One event for the widget and the embedding site, named as in `ChatClientEvents`. */
export type ConversationChange = {
  [Name in keyof ChatClientEvents]: { name: Name; detail: ChatClientEvents[Name] };
}[keyof ChatClientEvents];

/**
 * The events that one step from `previous` to `next` means, in this order: `state` (the connection object
 * changed) and `error` (it became `failed`), `handoff` (the phase changed) and `handoff-required` (it became
 * `client-handoff-required`), one `message` per message that finished in this step (a user message that
 * became `sent`; an agent or live-agent message that is new and whole, or whose stream stopped), one
 * `notice` per new notice, `language`, and `end` last (the session ended). Comparisons are by identity,
 * which the reducer keeps for unchanged parts, so an unchanged snapshot means no events.
 */
export function describeChanges(previous: ConversationSnapshot, next: ConversationSnapshot): ConversationChange[] {
  if (previous === next) return [];
  const changes: ConversationChange[] = [];
  if (next.connection !== previous.connection) {
    changes.push({ name: "state", detail: next.connection });
    if (next.connection.status === "failed") changes.push({ name: "error", detail: next.connection.error });
  }
  if (next.handoff !== previous.handoff) {
    changes.push({ name: "handoff", detail: next.handoff });
    if (next.handoff.phase === "client-handoff-required") {
      changes.push({ name: "handoff-required", detail: { reason: next.handoff.reason, queueName: next.handoff.queueName } });
    }
  }
  if (next.messages !== previous.messages) {
    for (const message of finishedMessages(previous.messages, next.messages)) changes.push({ name: "message", detail: message });
  }
  if (next.notices !== previous.notices) {
    const known = new Set(previous.notices.map((notice) => notice.id));
    for (const notice of next.notices) if (!known.has(notice.id)) changes.push({ name: "notice", detail: notice });
  }
  if (next.language !== previous.language && next.language !== null) changes.push({ name: "language", detail: next.language });
  if (next.ended && !previous.ended) changes.push({ name: "end", detail: next.ended });
  return changes;
}

function finishedMessages(previous: readonly ChatMessage[], next: readonly ChatMessage[]): ChatMessage[] {
  let before: Map<string, ChatMessage> | null = null;
  const finished: ChatMessage[] = [];
  next.forEach((message, index) => {
    if (previous[index] === message) return;
    before ??= new Map(previous.map((old) => [old.id, old]));
    const old = before.get(message.id);
    if (old === message) return;
    if (message.role === "user") {
      if (message.status === "sent" && old?.status !== "sent") finished.push(message);
    } else if (!message.streaming && (!old || old.streaming)) {
      finished.push(message);
    }
  });
  return finished;
}
