import type { ConversationSnapshot, HandoffPhase, Notice, SessionEnd, TypingIndicator } from "../conversation.ts";
import { messageIdOf, type ConversationEvent } from "./conversation-events.ts";
import { noOffers, offerRetry, takeRetry, type RetryOffers } from "./retry-offers.ts";
import { addChunk, closeStream, startStream, type StreamAssembly } from "./stream-assembly.ts";
import { positionOf, withMessageAt } from "./transcript-array.ts";
import { append, markIncomplete, showAssembly, withMessages } from "./transcript-messages.ts";

/**
 * Everything the reducer keeps: the snapshot the widget reads, the one stream still receiving chunks
 * (at most one is open: a chunk of a newer message abandons it), and the notices' offers to try a turn
 * again. Held out-of-order chunks live in the stream, not in the snapshot, so holding one changes nothing
 * visible.
 */
export interface ConversationState {
  readonly snapshot: ConversationSnapshot;
  readonly openStream: StreamAssembly | null;
  readonly offers: RetryOffers;
}

/** The effects the otherwise pure reducer may read. */
export interface ReducerContext {
  /** Epoch milliseconds, for the moments the reducer stamps itself (a retried message, a retry offer). */
  now: () => number;
  /** Uniform in [0, 1), for the pause before a retry the platform asks for. */
  random: () => number;
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
  offers: noOffers,
});

/** Notices that say a handoff to a person failed. */
const handoffFailures: readonly string[] = ["handoff-connect-failed", "handoff-not-initiated"];
/** Handoff phases still waiting for a person. */
const underWay: readonly string[] = ["triggered", "accepted", "queued"];

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
 * - a queued user message shows as `sending` once per id; `sent`, `failed`, `unconfirmed` and `retrying`
 *   move its status (a retried message moves to the end of the transcript, stamped now, as it is delivered
 *   after what came before); a replayed one is added as `sent` unless its id is known, which then becomes `sent`;
 * - agent and live-agent messages are de-duplicated by id; chunks assemble as `stream-assembly.ts` says,
 *   the message showing `streaming: true` while open; a whole message, a newer stream, the platform's
 *   streaming error (notice `agent-error`), `answer-cut` or the end closes the open stream, keeping what
 *   arrived and marking it `incomplete`; a whole message with the id of a streamed one (a platform whose
 *   history holds the assembled message) completes it with the whole message's content instead; the
 *   streaming error with no stream open marks the last message `incomplete` when it is the agent's (a
 *   history that kept the cut answer whole);
 * - a message is `history` when the event that adds or finishes it is (a replay after a reload of what the
 *   tab had already received); a stream is history only if its finishing chunk is; so are notices and the end;
 * - typing: `agent-thinking` shows the agent until its next message or chunk, a notice that `answersTurn`
 *   (a server warning or error: the agent has answered, not with a message), `agent-left` or the end;
 *   a live agent's typing shows until its message or it leaves; `turn-pending` shows a Chat API turn;
 * - a failed or timed-out handoff stays visible until the next message in either direction (a notice that
 *   says it failed fails one still under way); a client-managed one (`client-handoff-required`) until the
 *   service agent joins again;
 * - `session-ended` clears typing, marks still-`sending` messages `failed` and sets the connection
 *   `ended`; only the first end counts;
 * - `reset` forgets everything but the last-known agent, so a new conversation never shows a placeholder.
 */
export function reduceConversation(state: ConversationState, event: ConversationEvent, context: ReducerContext): ConversationState {
  if (event.kind === "reset") {
    const agent = state.snapshot.agent;
    return agent ? { ...initialConversationState, snapshot: { ...initialConversationSnapshot, agent } } : initialConversationState;
  }
  if (event.kind === "retry-taken") {
    const taken = takeRetry(state.snapshot, state.offers, event.id);
    return taken.offers === state.offers ? state : { ...state, ...taken };
  }
  let { snapshot, openStream, offers } = state;
  const messageId = messageIdOf(event);
  const index = messageId === undefined ? -1 : positionOf(snapshot.messages, messageId);
  const existing = snapshot.messages[index];
  // A finished, whole or abandoned message never grows again.
  if (event.kind === "agent-message-chunk" && existing && !existing.streaming) return state;
  const newerChunk = event.kind === "agent-message-chunk" && event.id !== openStream?.messageId;
  const cut = event.kind === "answer-cut" || (event.kind === "notice" && event.code === "agent-error");
  // A message finished by a history event is history itself, whatever its earlier events were.
  const history = (event as { history?: true }).history === true;
  // The answer a streaming error cut offers Try again itself, in place of its notice.
  let cutAnswer = false;
  if (openStream && (event.kind === "agent-message" || event.kind === "session-ended" || newerChunk || cut)) {
    const completed = event.kind === "agent-message" && event.id === openStream.messageId;
    snapshot = showAssembly(snapshot, closeStream(openStream), 0, history, !completed);
    openStream = null;
    cutAnswer = cut;
  } else if (cut && event.kind === "notice") {
    const marked = markIncomplete(snapshot);
    cutAnswer = marked !== snapshot;
    snapshot = marked;
  }
  if (event.kind === "agent-message-chunk") {
    const assembly = openStream ?? startStream(event.id);
    const next = addChunk(assembly, event);
    // A duplicate chunk of the open stream changes nothing.
    if (next === assembly && openStream) return state;
    snapshot = showAssembly(stopTyping(clearSettledHandoff(snapshot), "agent"), next, event.time, history);
    return { snapshot, openStream: next.complete ? null : next, offers };
  }
  snapshot = reduceSnapshot(snapshot, event, context, index);
  if (event.kind === "notice" && !cutAnswer && snapshot.notices !== state.snapshot.notices)
    ({ snapshot, offers } = offerRetry(snapshot, offers, event, context.now(), context.random()));
  return snapshot === state.snapshot && openStream === state.openStream ? state : { snapshot, openStream, offers };
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
      return existing ? snapshot : append(clearSettledHandoff(snapshot), "user", event, "sending");
    case "user-message-replayed":
    case "user-message-sent":
    case "user-message-failed":
    case "user-message-unconfirmed": {
      // A replayed message the transcript does not show yet is added; a known one only becomes sent.
      if (event.kind === "user-message-replayed" && !existing) return append(snapshot, "user", event, "sent");
      const status = event.kind === "user-message-failed" ? "failed" : event.kind === "user-message-unconfirmed" ? "unconfirmed" : "sent";
      const time = event.kind === "user-message-sent" && event.time !== undefined ? event.time : existing?.time;
      if (existing?.role !== "user" || (existing.status === status && existing.time === time)) return snapshot;
      return withMessages(snapshot, withMessageAt(snapshot.messages, index, { ...existing, status, time: time ?? existing.time }));
    }
    case "user-message-retrying":
      if (existing?.role !== "user" || (existing.status !== "failed" && existing.status !== "unconfirmed")) return snapshot;
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
    case "answer-cut":
      return stopTyping(snapshot, "agent");
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
      const { kind: _kind, answersTurn, retry: _retry, answers: _answers, ...notice } = event;
      // The platform's word that a handoff under way failed settles it, as its failure event would.
      const failing = handoffFailures.includes(event.code) && underWay.includes(snapshot.handoff.phase);
      const withNotice = addNotice(failing ? withHandoff(snapshot, { phase: "failed" }) : snapshot, notice);
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
