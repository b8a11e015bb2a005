import type { ChatRespondResponse } from "../../protocol/index.ts";
import type { ChatErrorInfo, NoticeLevel } from "../conversation.ts";
import type { ConversationEvent } from "../conversation/conversation-events.ts";
import { isChatError, isHttpError, type ChatError } from "../errors.ts";
import { classifyTurnFailure } from "./turn-failure.ts";

/** Where the Chat API conversation stands: the one phase union of the Chat API transport. */
export type ChatApiPhase =
  | { name: "idle" }
  /** A create call is in flight. */
  | { name: "creating"; call: number }
  /** Nothing is in flight; `conversationId` is null until a conversation is created (again). */
  | { name: "ready"; conversationId: string | null }
  /** One turn is in flight. */
  | { name: "responding"; conversationId: string; call: number }
  /** The conversation ended; `call` is a call still in flight, whose answer is still read. */
  | { name: "ended"; call: number | null }
  /** Nothing can work (the credentials or the options are refused): every message fails at once. */
  | { name: "failed"; error: ChatErrorInfo }
  | { name: "destroyed" };

/** The Chat API lifecycle's phase and what it remembers across phases. */
export interface ChatApiState {
  phase: ChatApiPhase;
  /** The id the next call gets: an answer counts only for the call in flight, so a late one changes nothing. */
  nextCall: number;
  /** A conversation is to be created even with no message waiting, for its greeting. */
  greetingWanted: boolean;
  /** Turns already moved to a new conversation once; they are never moved again. */
  restarted: readonly string[];
}

/** A user message as a turn carries it. */
export interface TurnEntry {
  id: string;
  text: string;
}

/** Everything that can happen to the Chat API transport. */
export type ChatApiEvent =
  /** `planError`: the options name no usable Chat API. */
  | { type: "start"; planError: ChatErrorInfo | null }
  | { type: "outbox-changed" }
  | { type: "created"; call: number; conversationId: string; greeting: string }
  | { type: "create-failed"; call: number; error: ChatError }
  | { type: "answered"; call: number; entry: TurnEntry; answer: ChatRespondResponse }
  | { type: "respond-failed"; call: number; entry: TurnEntry; error: ChatError }
  | { type: "end-requested" }
  | { type: "new-conversation" }
  | { type: "destroy" };

/** An event with the fact the runner adds to each: the oldest message waiting to be sent, if any. */
export type ChatApiInput = ChatApiEvent & { next: TurnEntry | null };

/** What the runner must do; plain data, run in order. */
export type ChatApiEffect =
  | { type: "create"; call: number }
  /** Sends `entry` (the oldest waiting message, now in flight) as a turn of `conversationId`. */
  | { type: "respond"; call: number; conversationId: string; entry: TurnEntry }
  /** Closes a conversation, best effort. */
  | { type: "close"; conversationId: string }
  | { type: "apply"; event: ConversationEvent }
  /** An agent message with this text; the runner gives it an id and the time. */
  | { type: "say"; text: string }
  /** A notice; the runner gives it an id and the time. */
  | { type: "notify"; level: NoticeLevel; code: "new-session" | "unreadable-answer" }
  /** The answer is the turn's receipt: the message is delivered. */
  | { type: "deliver"; entry: TurnEntry }
  | { type: "fail"; id: string }
  /** The message may have arrived, and nothing will tell. */
  | { type: "unconfirm"; id: string }
  /** The message waits to be sent again, in its place. */
  | { type: "requeue"; id: string }
  | { type: "fail-queued" }
  /** Forgets every message. */
  | { type: "clear-outbox" };

export interface ChatApiTransition {
  state: ChatApiState;
  effects: ChatApiEffect[];
}

/** The Chat API lifecycle before `start`. */
export const initialChatApiState: ChatApiState = { phase: { name: "idle" }, nextCall: 1, greetingWanted: false, restarted: [] };

const showFallback: ChatApiEffect = {
  type: "apply",
  event: { kind: "connection-changed", connection: { status: "fallback" }, transport: "chat" },
};
const pending = (value: boolean): ChatApiEffect => ({ type: "apply", event: { kind: "turn-pending", pending: value } });

/**
 * The Chat API transport's one transition function: pure, total (an input that does not apply in a phase
 * changes nothing), and the only place that decides. Rules, where the platform leaves them to the client:
 * - `start` shows the Chat API as the transport and creates the conversation, whose greeting becomes an
 *   agent message; turns then go out one at a time, oldest first, with `turn-pending` shown meanwhile;
 * - an answer delivers the message; its `response` becomes an agent message (an empty one adds none), a
 *   `handoff` a client-managed handoff (its destination as the queue), `end_conversation` the end;
 * - a failed turn is never repeated (`requestJson` repeats it only when it provably never reached the
 *   server): one that may have been acted on is unconfirmed, a refused one fails; a gone conversation (404, 410, 400 `CHAT_TIMEOUT`) is replaced, with a `new-session` notice,
 *   and the turn is sent there, once; refused credentials (401, 403) fail the connection and every message;
 *   a 2xx whose body cannot be read was received: the message is delivered and `unreadable-answer` said;
 * - a create that fails shows the connection `failed` and fails the waiting messages (a 4xx but 429 for
 *   good); otherwise the next message creates again;
 * - the end, a new conversation and `destroy` close the conversation there is; an answer to a call that is
 *   not the one in flight (one of those came meanwhile) changes nothing, but a conversation created for
 *   nothing is closed.
 */
export function transitionChatApi(state: ChatApiState, input: ChatApiInput): ChatApiTransition {
  const phase = state.phase;
  switch (input.type) {
    case "start":
      if (phase.name !== "idle") return work(state, input);
      if (input.planError) return failFor(state, input.planError);
      return work({ ...state, phase: { name: "ready", conversationId: null }, greetingWanted: true }, input, [showFallback]);
    case "outbox-changed":
      return phase.name === "failed" || phase.name === "ended" ? stay(state, [{ type: "fail-queued" }]) : work(state, input);
    case "created": {
      if (phase.name !== "creating" || phase.call !== input.call) {
        const ending = phase.name === "ended" && phase.call === input.call;
        const closed = ending ? { ...state, phase: { name: "ended", call: null } as const } : state;
        return stay(closed, [{ type: "close", conversationId: input.conversationId }]);
      }
      const effects: ChatApiEffect[] = [pending(false), showFallback];
      if (input.greeting !== "") effects.push({ type: "say", text: input.greeting });
      return work({ ...state, phase: { name: "ready", conversationId: input.conversationId } }, input, effects);
    }
    case "create-failed": {
      if (phase.name !== "creating" || phase.call !== input.call) return stay(settleEnded(state, input.call));
      const error = input.error;
      if (isHttpError(error) && error.status < 500 && error.status !== 429) return failFor(state, refused(error), [pending(false)]);
      const request = { request: "create" };
      const shown: ChatErrorInfo =
        error.kind === "protocol"
          ? { kind: "protocol", code: "invalid-answer", parameters: request }
          : { kind: "network", code: "network-failure", parameters: request };
      const connection: ConversationEvent = {
        kind: "connection-changed",
        connection: { status: "failed", error: shown },
        transport: "chat",
      };
      return stay({ ...state, phase: { name: "ready", conversationId: null } }, [
        pending(false),
        { type: "apply", event: connection },
        { type: "fail-queued" },
      ]);
    }
    case "answered":
    case "respond-failed":
      return turnAnswered(state, input);
    case "end-requested": {
      if (phase.name === "ended" || phase.name === "destroyed") return stay(state);
      const inFlight = phase.name === "creating" || phase.name === "responding" ? phase.call : null;
      return { state: { ...state, phase: { name: "ended", call: inFlight } }, effects: [...finish("REASON_USER_END"), ...closing(phase)] };
    }
    case "new-conversation": {
      if (phase.name === "destroyed") return stay(state);
      const forget: ChatApiEffect[] = [{ type: "apply", event: { kind: "reset" } }, { type: "clear-outbox" }];
      if (phase.name === "failed") return stay(state, forget);
      const fresh = { ...state, phase: { name: "ready", conversationId: null }, greetingWanted: true } as const;
      return work(fresh, input, [...closing(phase), ...forget, showFallback]);
    }
    case "destroy":
      return stay({ ...state, phase: { name: "destroyed" } }, closing(phase));
  }
}

/** A turn's answer or failure, read only when it answers the call in flight. */
function turnAnswered(state: ChatApiState, input: Extract<ChatApiInput, { type: "answered" | "respond-failed" }>): ChatApiTransition {
  const phase = state.phase;
  const ended = phase.name === "ended" && phase.call === input.call;
  if (!ended && (phase.name !== "responding" || phase.call !== input.call)) return stay(state);
  const conversationId = phase.name === "responding" ? phase.conversationId : null;
  const after = ended ? settleEnded(state, input.call) : { ...state, phase: { name: "ready", conversationId } as const };
  const effects: ChatApiEffect[] = [pending(false)];
  const { entry } = input;
  if (input.type === "answered") {
    effects.push({ type: "deliver", entry });
    if (ended) return stay(after, effects);
    const { response, handoff, end_conversation: endConversation } = input.answer;
    effects.push(showFallback);
    if (response !== "") effects.push({ type: "say", text: response });
    // The platform cannot route the user: the site must, as after a Messaging client-managed handoff.
    if (handoff) {
      const { reason, destination } = handoff;
      effects.push({ type: "apply", event: { kind: "client-handoff-required", reason, queueName: destination, destination } });
    }
    if (endConversation)
      return { state: { ...after, phase: { name: "ended", call: null } }, effects: [...effects, ...finish("REASON_NATURAL_END")] };
    return work(after, input, effects);
  }
  const error = input.error;
  // A 2xx whose body could not be read was received: the turn happened.
  if (isChatError(error) && error.kind === "protocol") {
    effects.push({ type: "deliver", entry }, { type: "notify", level: "error", code: "unreadable-answer" });
    return ended ? stay(after, effects) : work(after, input, effects);
  }
  const action = classifyTurnFailure(error, ended || state.restarted.includes(entry.id));
  if (action === "new-conversation") {
    const restarted = { ...after, phase: { name: "ready", conversationId: null } as const, restarted: [...state.restarted, entry.id] };
    return work(restarted, input, [...effects, { type: "notify", level: "info", code: "new-session" }, { type: "requeue", id: entry.id }]);
  }
  effects.push({ type: action === "unconfirmed" ? "unconfirm" : "fail", id: entry.id });
  if (action === "fatal" && !ended) return failFor(after, refused(error), effects);
  return ended ? stay(after, effects) : work(after, input, effects);
}

/**
 * Sends what can go now: with no conversation, creates one when the greeting is wanted or a message
 * waits; with one, sends the oldest waiting message. Only when nothing is in flight.
 */
function work(state: ChatApiState, input: ChatApiInput, effects: ChatApiEffect[] = []): ChatApiTransition {
  const phase = state.phase;
  if (phase.name !== "ready") return stay(state, effects);
  const call = state.nextCall;
  const counted = { ...state, nextCall: call + 1 };
  if (phase.conversationId === null) {
    if (!state.greetingWanted && input.next === null) return stay(state, effects);
    return {
      state: { ...counted, greetingWanted: false, phase: { name: "creating", call } },
      effects: [...effects, pending(true), { type: "create", call }],
    };
  }
  if (input.next === null) return stay(state, effects);
  const { conversationId } = phase;
  return {
    state: { ...counted, phase: { name: "responding", conversationId, call } },
    effects: [...effects, pending(true), { type: "respond", call, conversationId, entry: input.next }],
  };
}

/** Closes the conversation `phase` holds, if any: the platform frees it at once instead of at its timeout. */
function closing(phase: ChatApiPhase): ChatApiEffect[] {
  return (phase.name === "ready" || phase.name === "responding") && phase.conversationId !== null
    ? [{ type: "close", conversationId: phase.conversationId }]
    : [];
}

/** The call an ended conversation still waited for has been answered: nothing is in flight any more. */
function settleEnded(state: ChatApiState, call: number): ChatApiState {
  return state.phase.name === "ended" && state.phase.call === call ? { ...state, phase: { name: "ended", call: null } } : state;
}

/** The conversation ends: waiting messages fail, and the store hears the end. */
function finish(reason: string): ChatApiEffect[] {
  return [{ type: "fail-queued" }, { type: "apply", event: { kind: "session-ended", reason } }];
}

/** Nothing can work: the connection fails with `error`, and so does every waiting message. */
function failFor(state: ChatApiState, error: ChatErrorInfo, effects: ChatApiEffect[] = []): ChatApiTransition {
  const connection: ConversationEvent = { kind: "connection-changed", connection: { status: "failed", error }, transport: "chat" };
  return {
    state: { ...state, phase: { name: "failed", error } },
    effects: [...effects, { type: "apply", event: connection }, { type: "fail-queued" }],
  };
}

/** The Chat API refused the credentials or the conversation, as a configuration error with its status. */
function refused(error: ChatError): ChatErrorInfo {
  return { kind: "configuration", code: "chat-api-refused", parameters: error.parameters };
}

function stay(state: ChatApiState, effects: ChatApiEffect[] = []): ChatApiTransition {
  return { state, effects };
}
