import type { Attachment } from "../protocol/index.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import { isHandoffEvent, reduceHandoff } from "./conversation-handoff.ts";
import {
  appendMessage,
  clearSettledHandoffFailure,
  findMessageIndex,
  noHandoff,
  replaceMessageAt,
  setUserMessageStatus,
} from "./conversation-messages.ts";
import type {
  AuthorRole,
  ChatMessage,
  ConnectionState,
  ConversationSnapshot,
  MessageStatus,
  Notice,
  Participant,
  TypingIndicator,
} from "./conversation.ts";
import { definedFields } from "./defined-fields.ts";
import { addChunk, closeStream, startStream, type StreamAssembly } from "./stream-assembly.ts";

/**
 * Everything the reducer keeps: the snapshot the widget reads, and the one stream still receiving chunks
 * (at most one is open: a chunk of a newer message abandons it). Held out-of-order chunks live in the
 * stream, not in the snapshot, so holding one changes nothing visible.
 */
export interface ConversationState {
  readonly snapshot: ConversationSnapshot;
  readonly openStream: StreamAssembly | null;
}

/** The effects the otherwise pure reducer may read. */
export interface ReducerContext {
  /** Epoch milliseconds, for the moments the reducer stamps itself (a retried message). */
  now: () => number;
}

/** The one `none` typing indicator, so clearing it twice keeps identity. */
const noTyping: TypingIndicator = { kind: "none" };

/** The snapshot before anything happened, and after a `reset`. */
export const initialConversationSnapshot: ConversationSnapshot = Object.freeze<ConversationSnapshot>({
  messages: [],
  typing: noTyping,
  agent: null,
  liveAgent: null,
  handoff: noHandoff,
  notices: [],
  language: null,
  ended: null,
  connection: { status: "idle" },
  transport: null,
});

/** The reducer state before anything happened, and after a `reset`. */
export const initialConversationState: ConversationState = Object.freeze<ConversationState>({
  snapshot: initialConversationSnapshot,
  openStream: null,
});

/** Code of the notice raised for `SESSION_IDLE_WARNING`, for localisation. */
export const idleWarningNoticeCode = "session-idle-warning";

/**
 * Pure reduction of one domain event. Returns the very same state when the event changes nothing (a
 * duplicate message, a repeated status, a held chunk changes only `openStream`), and otherwise a new
 * snapshot in which every unchanged part keeps its identity. Rules:
 * - a queued user message shows as `sending` once per id; `sent`, `failed` and `retrying` move its status
 *   (a retried message moves to the end of the transcript, stamped now, as it is delivered after what came
 *   before); a replayed one is added as `sent` unless its id is known, which then becomes `sent`;
 * - agent and live-agent messages are de-duplicated by id; chunks assemble as `stream-assembly.ts` says,
 *   the message showing `streaming: true` while open;
 * - typing: `agent-thinking` shows the agent until its next message or chunk, `agent-left` or the end;
 *   a live agent's typing shows until its message or it leaves; `turn-pending` shows a Chat API turn;
 * - a failed or timed-out handoff stays visible until the next message in either direction;
 * - `session-ended` closes any open stream, clears typing, marks still-`sending` messages `failed` and
 *   sets the connection `ended`; only the first end counts.
 */
export function reduceConversation(state: ConversationState, event: ConversationEvent, context: ReducerContext): ConversationState {
  if (event.kind === "agent-message-chunk") return reduceChunk(state, event);
  if (event.kind === "agent-message" && state.openStream) return reduceConversation(abandonOpenStream(state), event, context);
  if (event.kind === "session-ended" && state.openStream) return reduceConversation(abandonOpenStream(state), event, context);
  if (event.kind === "reset") return state === initialConversationState ? state : initialConversationState;
  const snapshot = reduceSnapshot(state.snapshot, event, context);
  return snapshot === state.snapshot ? state : { ...state, snapshot };
}

function reduceSnapshot(snapshot: ConversationSnapshot, event: ConversationEvent, context: ReducerContext): ConversationSnapshot {
  if (isHandoffEvent(event)) return reduceHandoff(snapshot, event);
  switch (event.kind) {
    case "user-message-queued": {
      if (findMessageIndex(snapshot.messages, event.id) !== -1) return snapshot;
      return appendMessage(clearSettledHandoffFailure(snapshot), newMessage("user", { ...event, status: "sending" }));
    }
    case "user-message-sent":
      return setUserMessageStatus(snapshot, event.id, "sent", event.time);
    case "user-message-failed":
      return setUserMessageStatus(snapshot, event.id, "failed");
    case "user-message-retrying":
      return retryUserMessage(snapshot, event.id, context.now());
    case "user-message-replayed":
      if (findMessageIndex(snapshot.messages, event.id) !== -1) return setUserMessageStatus(snapshot, event.id, "sent");
      return appendMessage(snapshot, newMessage("user", { ...event, status: "sent" }));
    case "agent-joined":
      return { ...snapshot, agent: event.agent };
    case "agent-thinking":
      return showTyping(snapshot, { kind: "agent" });
    case "agent-left":
      return stopTyping(snapshot, "agent");
    case "agent-message":
      return addAgentMessage(snapshot, "agent", event, snapshot.agent);
    case "live-agent-message":
      return addAgentMessage(snapshot, "live-agent", event, snapshot.liveAgent);
    case "live-agent-typing":
      return event.typing ? showTyping(snapshot, { kind: "live-agent", agent: snapshot.liveAgent }) : stopTyping(snapshot, "live-agent");
    case "turn-pending":
      return event.pending ? showTyping(snapshot, { kind: "pending" }) : stopTyping(snapshot, "pending");
    case "notice":
      return addNotice(snapshot, definedFields({ id: event.id, level: event.level, text: event.text, time: event.time, code: event.code }));
    case "session-idle-warning":
      return addNotice(snapshot, {
        id: `${idleWarningNoticeCode}-${event.time}`,
        level: "warning",
        text: "The conversation will close soon without activity.",
        time: event.time,
        code: idleWarningNoticeCode,
      });
    case "language-changed":
      return snapshot.language === event.languageCode ? snapshot : { ...snapshot, language: event.languageCode };
    case "session-ended":
      return endSession(snapshot, event.reason);
    case "connection-changed":
      return reduceConnection(snapshot, event.connection, event.transport);
    default:
      return snapshot;
  }
}

function reduceChunk(state: ConversationState, event: Extract<ConversationEvent, { kind: "agent-message-chunk" }>): ConversationState {
  const index = findMessageIndex(state.snapshot.messages, event.id);
  const existing = state.snapshot.messages[index];
  // A finished, whole or abandoned message never grows again.
  if (existing && !existing.streaming) return state;
  const base = state.openStream && state.openStream.messageId !== event.id ? abandonOpenStream(state) : state;
  const assembly = base.openStream ?? startStream(event.id);
  const next = addChunk(assembly, event);
  if (next === assembly && base.openStream) return base;
  let snapshot = clearSettledHandoffFailure(base.snapshot);
  snapshot = showAssembly(stopTyping(snapshot, "agent"), next, event.time);
  return { snapshot, openStream: next.complete ? null : next };
}

/** Closes the open stream, keeping what arrived, and shows its message as finished. */
function abandonOpenStream(state: ConversationState): ConversationState {
  if (!state.openStream) return state;
  const closed = closeStream(state.openStream);
  return { snapshot: showAssembly(state.snapshot, closed, 0), openStream: null };
}

/** Writes an assembly into its message, creating it at its first chunk; unchanged content keeps identity. */
function showAssembly(snapshot: ConversationSnapshot, assembly: StreamAssembly, time: number): ConversationSnapshot {
  const index = findMessageIndex(snapshot.messages, assembly.messageId);
  const existing = snapshot.messages[index];
  const streaming = !assembly.complete;
  if (!existing) return appendMessage(snapshot, newMessage("agent", { ...assembly, id: assembly.messageId, streaming, time }, snapshot.agent));
  if (
    existing.text === assembly.text &&
    existing.attachments === assembly.attachments &&
    existing.suggestions === assembly.suggestions &&
    existing.streaming === streaming
  ) {
    return snapshot;
  }
  const updated: ChatMessage = {
    ...existing,
    text: assembly.text,
    attachments: assembly.attachments,
    suggestions: assembly.suggestions,
    streaming,
  };
  return { ...snapshot, messages: replaceMessageAt(snapshot.messages, index, updated) };
}

/** Adds a whole agent or live-agent message (once per id); the author's typing indicator ends with it. */
function addAgentMessage(
  snapshot: ConversationSnapshot,
  role: "agent" | "live-agent",
  event: Parameters<typeof newMessage>[1],
  author: Participant | null,
): ConversationSnapshot {
  if (findMessageIndex(snapshot.messages, event.id) !== -1) return snapshot;
  return stopTyping(appendMessage(clearSettledHandoffFailure(snapshot), newMessage(role, event, author)), role);
}

/** Shows `typing`; the snapshot stays as it is when it already shows the same. */
function showTyping(snapshot: ConversationSnapshot, typing: TypingIndicator): ConversationSnapshot {
  const current = snapshot.typing;
  const same = current.kind === typing.kind && (current.kind !== "live-agent" || current.agent === (typing as typeof current).agent);
  return same ? snapshot : { ...snapshot, typing };
}

/** Ends the typing indicator when it shows `kind`. */
function stopTyping(snapshot: ConversationSnapshot, kind: TypingIndicator["kind"]): ConversationSnapshot {
  return snapshot.typing.kind === kind ? { ...snapshot, typing: noTyping } : snapshot;
}

function retryUserMessage(snapshot: ConversationSnapshot, id: string, now: number): ConversationSnapshot {
  const index = findMessageIndex(snapshot.messages, id);
  const message = snapshot.messages[index];
  if (!message || message.role !== "user" || message.status !== "failed") return snapshot;
  const others = snapshot.messages.filter((_, position) => position !== index);
  return { ...snapshot, messages: [...others, { ...message, status: "sending", time: now }] };
}

function endSession(snapshot: ConversationSnapshot, reason: string): ConversationSnapshot {
  if (snapshot.ended) return snapshot;
  const stuck = snapshot.messages.some((message) => message.status === "sending");
  const messages = stuck
    ? snapshot.messages.map((message) => (message.status === "sending" ? { ...message, status: "failed" as const } : message))
    : snapshot.messages;
  return { ...snapshot, messages, ended: { reason }, connection: { status: "ended" }, typing: noTyping };
}

function reduceConnection(
  snapshot: ConversationSnapshot,
  connection: ConnectionState,
  transport: "messaging" | "chat" | undefined,
): ConversationSnapshot {
  const nextTransport = transport ?? snapshot.transport;
  if (JSON.stringify(connection) === JSON.stringify(snapshot.connection) && nextTransport === snapshot.transport) return snapshot;
  return { ...snapshot, connection, transport: nextTransport };
}

function addNotice(snapshot: ConversationSnapshot, notice: Notice): ConversationSnapshot {
  if (snapshot.notices.some((existing) => existing.id === notice.id)) return snapshot;
  return { ...snapshot, notices: [...snapshot.notices, notice] };
}

/** A transcript message of `role` from the fields given; lists default to empty, `author` is set when known. */
function newMessage(
  role: AuthorRole,
  fields: { id: string; text: string; time: number; attachments?: readonly Attachment[]; suggestions?: readonly string[]; status?: MessageStatus; streaming?: boolean },
  author: Participant | null = null,
): ChatMessage {
  const { id, text, time, attachments = [], suggestions = [], status, streaming = false } = fields;
  const message: ChatMessage = { id, role, text, attachments, suggestions, streaming, time };
  if (status) message.status = status;
  if (author) message.author = author;
  return message;
}

