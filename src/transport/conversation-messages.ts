import type { ChatMessage, ConversationSnapshot, HandoffPhase, MessageStatus } from "./conversation.ts";

/** The position of the message with `id`, or -1. */
export function findMessageIndex(messages: readonly ChatMessage[], id: string): number {
  return messages.findIndex((message) => message.id === id);
}

/** A copy of `messages` with the one at `index` replaced; every other message keeps its identity. */
export function replaceMessageAt(messages: readonly ChatMessage[], index: number, message: ChatMessage): readonly ChatMessage[] {
  const next = messages.slice();
  next[index] = message;
  return next;
}

/**
 * Sets the delivery status of the user message `id`. Returns the snapshot unchanged when there is no such
 * user message or it already has that status.
 */
export function setUserMessageStatus(
  snapshot: ConversationSnapshot,
  id: string,
  status: MessageStatus,
  time?: number,
): ConversationSnapshot {
  const index = findMessageIndex(snapshot.messages, id);
  const message = snapshot.messages[index];
  if (!message || message.role !== "user") return snapshot;
  if (message.status === status && (time === undefined || message.time === time)) return snapshot;
  const updated: ChatMessage = { ...message, status, time: time ?? message.time };
  return { ...snapshot, messages: replaceMessageAt(snapshot.messages, index, updated) };
}

/** Appends a message; the caller has checked that its id is new. */
export function appendMessage(snapshot: ConversationSnapshot, message: ChatMessage): ConversationSnapshot {
  return { ...snapshot, messages: [...snapshot.messages, message] };
}

/**
 * A handoff that failed or timed out stays visible (the widget shows a banner) until the conversation
 * moves on with a new message in either direction; then the phase returns to `none`.
 */
export function clearSettledHandoffFailure(snapshot: ConversationSnapshot): ConversationSnapshot {
  const phase = snapshot.handoff.phase;
  return phase === "failed" || phase === "timed-out" ? { ...snapshot, handoff: noHandoff } : snapshot;
}

/** The one `none` phase object, so resetting to it twice keeps identity. */
export const noHandoff: HandoffPhase = { phase: "none" };
