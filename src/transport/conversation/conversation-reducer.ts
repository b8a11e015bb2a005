import type { AuthorRole, ChatMessage, ConversationSnapshot, HandoffPhase, Notice, SessionEnd, TypingIndicator } from "../conversation.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import { positionOf, withMessageAt } from "./transcript-array.ts";
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

/** The shared `none` objects, so clearing twice keeps identity. */
const noTyping: TypingIndicator = { kind: "none" };
const noHandoff: HandoffPhase = { phase: "none" };

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

/** Handoff events that set a phase carrying the event's own optional fields. */
const handoffPhases: Partial<Record<ConversationEvent["kind"], HandoffPhase["phase"]>> = {
  "handoff-triggered": "triggered",
  "handoff-accepted": "accepted",
  "handoff-queue-status": "queued",
  "client-handoff-required": "client-handoff-required",
  "handoff-failed": "failed",
  "handoff-timeout": "timed-out",
};

/**
 * Pure reduction of one domain event. Returns the very same state when the event changes nothing (a
 * duplicate message, a repeated status, a held chunk changes only `openStream`), and otherwise a new
 * snapshot in which every unchanged part keeps its identity. Rules:
 * - a queued user message shows as `sending` once per id; `sent`, `failed` and `retrying` move its status
 *   (a retried message moves to the end of the transcript, stamped now, as it is delivered after what came
 *   before); a replayed one is added as `sent` unless its id is known, which then becomes `sent`;
 * - agent and live-agent messages are de-duplicated by id; chunks assemble as `stream-assembly.ts` says,
 *   the message showing `streaming: true` while open; a whole message, a newer stream or the end closes
 *   the open stream, keeping what arrived; a whole message with the id of a streamed one (a platform whose
 *   history holds the assembled message) completes it with the whole message's content;
 * - a message is `history` when the event that adds or finishes it is (a replay after a reload of what the
 *   tab had already received); a stream is history only if its finishing chunk is; so are notices and the end;
 * - typing: `agent-thinking` shows the agent until its next message or chunk, a notice that `answersTurn`
 *   (a server warning or error: the agent has answered, not with a message), `agent-left` or the end;
 *   a live agent's typing shows until its message or it leaves; `turn-pending` shows a Chat API turn;
 * - a failed or timed-out handoff stays visible until the next message in either direction; a client-managed
 *   one (`client-handoff-required`) until the service agent joins again;
 * - `session-ended` clears typing, marks still-`sending` messages `failed` and sets the connection
 *   `ended`; only the first end counts;
 * - `reset` forgets everything but the last-known agent, so a new conversation never shows a placeholder.
 */
export function reduceConversation(state: ConversationState, event: ConversationEvent, context: ReducerContext): ConversationState {
  if (event.kind === "reset") {
    const agent = state.snapshot.agent;
    return agent ? { snapshot: { ...initialConversationSnapshot, agent }, openStream: null } : initialConversationState;
  }
  let { snapshot, openStream } = state;
  // A notice's id names the notice, not a message.
  const index = "id" in event && event.kind !== "notice" ? positionOf(snapshot.messages, event.id) : -1;
  const existing = snapshot.messages[index];
  // A finished, whole or abandoned message never grows again.
  if (event.kind === "agent-message-chunk" && existing && !existing.streaming) return state;
  const newerChunk = event.kind === "agent-message-chunk" && event.id !== openStream?.messageId;
  // A message finished by a history event is history itself, whatever its earlier events were.
  const history = "history" in event && event.history === true;
  if (openStream && (event.kind === "agent-message" || event.kind === "session-ended" || newerChunk)) {
    snapshot = showAssembly(snapshot, closeStream(openStream), 0, history);
    openStream = null;
  }
  if (event.kind === "agent-message-chunk") {
    const assembly = openStream ?? startStream(event.id);
    const next = addChunk(assembly, event);
    // A duplicate chunk of the open stream changes nothing.
    if (next === assembly && openStream) return state;
    snapshot = showAssembly(stopTyping(clearSettledHandoff(snapshot), "agent"), next, event.time, history);
    return { snapshot, openStream: next.complete ? null : next };
  }
  snapshot = reduceSnapshot(snapshot, event, context, index);
  return snapshot === state.snapshot && openStream === state.openStream ? state : { snapshot, openStream };
}

function reduceSnapshot(
  snapshot: ConversationSnapshot,
  event: ConversationEvent,
  context: ReducerContext,
  index: number,
): ConversationSnapshot {
  const existing = snapshot.messages[index];
  const phase = handoffPhases[event.kind];
  if (phase) {
    const { kind: _kind, ...fields } = event;
    const handoff: Record<string, unknown> = { phase, ...fields };
    // A queue status without a queue name keeps the name already known.
    if (phase === "queued" && "queueName" in snapshot.handoff && snapshot.handoff.queueName !== undefined)
      handoff.queueName ??= snapshot.handoff.queueName;
    return withHandoff(snapshot, handoff as HandoffPhase);
  }
  switch (event.kind) {
    case "user-message-queued":
      return existing ? snapshot : append(clearSettledHandoff(snapshot), "user", { ...event, status: "sending" });
    case "user-message-replayed":
    case "user-message-sent":
    case "user-message-failed": {
      // A replayed message the transcript does not show yet is added; a known one only becomes sent.
      if (event.kind === "user-message-replayed" && !existing) return append(snapshot, "user", { ...event, status: "sent" });
      const status = event.kind === "user-message-failed" ? "failed" : "sent";
      const time = event.kind === "user-message-sent" && event.time !== undefined ? event.time : existing?.time;
      if (existing?.role !== "user" || (existing.status === status && existing.time === time)) return snapshot;
      return withMessages(snapshot, withMessageAt(snapshot.messages, index, { ...existing, status, time: time ?? existing.time }));
    }
    case "user-message-retrying":
      if (existing?.role !== "user" || existing.status !== "failed") return snapshot;
      return {
        ...snapshot,
        messages: [...snapshot.messages.filter((message) => message !== existing), { ...existing, status: "sending", time: context.now() }],
      };
    case "agent-message":
    case "live-agent-message": {
      const role = event.kind === "agent-message" ? "agent" : "live-agent";
      if (!existing) return stopTyping(append(clearSettledHandoff(snapshot), role, event), role);
      // The whole message completes what streamed under its id: its content is the one that counts.
      if (existing.role !== role || (existing.text === event.text && !existing.streaming)) return snapshot;
      const { text, attachments, suggestions } = event;
      return {
        ...snapshot,
        messages: withMessageAt(snapshot.messages, index, { ...existing, text, attachments, suggestions, streaming: false }),
      };
    }
    case "agent-joined": {
      // The service agent asked back after a site-routed handoff takes the conversation over again.
      const handoff = snapshot.handoff.phase === "client-handoff-required" ? noHandoff : snapshot.handoff;
      return { ...snapshot, agent: event.agent, handoff };
    }
    case "agent-thinking":
      return showTyping(snapshot, { kind: "agent" });
    case "agent-left":
      return stopTyping(snapshot, "agent");
    case "live-agent-typing":
      return event.typing ? showTyping(snapshot, { kind: "live-agent", agent: snapshot.liveAgent }) : stopTyping(snapshot, "live-agent");
    case "turn-pending":
      return event.pending ? showTyping(snapshot, { kind: "pending" }) : stopTyping(snapshot, "pending");
    case "live-agent-joined": {
      const agent = event.agent;
      const typing = snapshot.typing.kind === "live-agent" ? { kind: "live-agent" as const, agent } : snapshot.typing;
      return { ...snapshot, handoff: { phase: "live-agent", agent }, liveAgent: agent, typing };
    }
    case "live-agent-left":
      return { ...stopTyping(withHandoff(snapshot, { phase: "live-agent-left" }), "live-agent"), liveAgent: null };
    case "notice": {
      const { kind: _kind, answersTurn, ...notice } = event;
      const withNotice = addNotice(snapshot, notice);
      return answersTurn && withNotice !== snapshot ? stopTyping(withNotice, "agent") : withNotice;
    }
    case "language-changed":
      return snapshot.language === event.languageCode ? snapshot : { ...snapshot, language: event.languageCode };
    case "session-ended": {
      if (snapshot.ended) return snapshot;
      const messages = snapshot.messages.map((message) =>
        message.status === "sending" ? { ...message, status: "failed" as const } : message,
      );
      const unchanged = messages.every((message, position) => message === snapshot.messages[position]);
      const ended: SessionEnd = event.history ? { reason: event.reason, history: true } : { reason: event.reason };
      return {
        ...snapshot,
        messages: unchanged ? snapshot.messages : messages,
        ended,
        connection: { status: "ended" },
        typing: noTyping,
      };
    }
    case "connection-changed": {
      const transport = event.transport ?? snapshot.transport;
      if (same(event.connection, snapshot.connection) && transport === snapshot.transport) return snapshot;
      return { ...snapshot, connection: event.connection, transport };
    }
    default:
      return snapshot;
  }
}

/**
 * Writes an assembly into its message, creating it at its first chunk; unchanged content keeps identity.
 * The message is `history` exactly when the event that wrote it last is.
 */
function showAssembly(snapshot: ConversationSnapshot, assembly: StreamAssembly, time: number, history: boolean): ConversationSnapshot {
  const index = positionOf(snapshot.messages, assembly.messageId);
  const existing = snapshot.messages[index];
  const { text, attachments, suggestions } = assembly;
  const streaming = !assembly.complete;
  const historyField = history ? { history: true as const } : {};
  if (!existing)
    return append(snapshot, "agent", { id: assembly.messageId, text, attachments, suggestions, streaming, time, ...historyField });
  const sameContent = existing.text === text && existing.attachments === attachments && existing.suggestions === suggestions;
  if (sameContent && existing.streaming === streaming && (existing.history === true) === history) return snapshot;
  // Written out rather than spread from `existing`: a chunk is the commonest event, and spreads cost far more.
  const { id, role, time: shownTime, status, author } = existing;
  const message: ChatMessage = { id, role, text, attachments, suggestions, streaming, time: shownTime };
  if (status) message.status = status;
  if (author) message.author = author;
  if (history) message.history = true;
  return withMessages(snapshot, withMessageAt(snapshot.messages, index, message));
}

/**
 * Appends a message of `role` (its id is new); lists default to empty, agents' messages name their author,
 * and `history` is kept only when set.
 */
function append(
  snapshot: ConversationSnapshot,
  role: AuthorRole,
  fields: Partial<ChatMessage> & { id: string; text: string; time: number },
): ConversationSnapshot {
  const { id, text, time, attachments = [], suggestions = [], status, streaming = false, history } = fields;
  const message: ChatMessage = { id, role, text, attachments, suggestions, streaming, time };
  const author = role === "agent" ? snapshot.agent : role === "live-agent" ? snapshot.liveAgent : null;
  if (status) message.status = status;
  if (author) message.author = author;
  if (history) message.history = true;
  return withMessages(snapshot, withMessageAt(snapshot.messages, snapshot.messages.length, message));
}

/**
 * `snapshot` with `messages`, written out part by part: every message and chunk makes one, and V8 spends
 * many times longer on a spread of the snapshot.
 */
function withMessages(snapshot: ConversationSnapshot, messages: readonly ChatMessage[]): ConversationSnapshot {
  const { typing, agent, liveAgent, handoff, notices, language, ended, connection, transport } = snapshot;
  return { messages, typing, agent, liveAgent, handoff, notices, language, ended, connection, transport };
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

/**
 * A handoff that failed or timed out stays visible (the widget shows a banner) until the conversation
 * moves on with a new message in either direction; then the phase returns to `none`.
 */
function clearSettledHandoff(snapshot: ConversationSnapshot): ConversationSnapshot {
  const phase = snapshot.handoff.phase;
  return phase === "failed" || phase === "timed-out" ? { ...snapshot, handoff: noHandoff } : snapshot;
}

function withHandoff(snapshot: ConversationSnapshot, handoff: HandoffPhase): ConversationSnapshot {
  return same(snapshot.handoff, handoff) ? snapshot : { ...snapshot, handoff };
}

function addNotice(snapshot: ConversationSnapshot, notice: Notice): ConversationSnapshot {
  if (snapshot.notices.some((existing) => existing.id === notice.id)) return snapshot;
  return { ...snapshot, notices: [...snapshot.notices, notice] };
}

/** Field-by-field equality of plain data built in one field order (phases, connection states). */
function same(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}
