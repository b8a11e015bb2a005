import { maxFrameBytes } from "../../protocol/index.ts";
import { act, dueForRenewal, idleTooLong, proceed, replaceSocket, resumeDormant } from "./connecting.ts";
import { applySignal } from "./event-signals.ts";
import {
  end,
  enter,
  freshSession,
  freshAttempts,
  prepend,
  sendFrame,
  socketPhases,
  startTimer,
  stay,
  toConnectionState,
} from "./lifecycle-state.ts";
import type { LifecycleEffect, LifecycleInput, LifecycleState, Transition } from "./lifecycle-types.ts";
import { defaultHeartbeatMilliseconds, stableAfterMilliseconds } from "./reconnect-policy.ts";

export type * from "./lifecycle-types.ts";
export { joinRetryLimit } from "./event-signals.ts";
export { initialLifecycleState, toConnectionState } from "./lifecycle-state.ts";

/** A resumed session's replay is over once no batch has come for this long, whatever the batches' size. */
export const replaySettleMilliseconds = 1000;
/**
 * A new socket that has sent no history batch this long after opening is dead; one that resumed after a
 * cursor had nothing to replay, on a platform that then sends no batch.
 */
export const replayWaitMilliseconds = 10_000;
/** A message sent on sockets that dropped before its echo, this many times, fails until the user retries. */
export const maxSendAttempts = 3;
/** A held token is renewed at the first quiet moment once this share of its announced lifetime has passed. */
const tokenRenewShare = 0.8;
/** A held token opens no socket once this share has passed: its lifetime was counted from when it arrived. */
const tokenExpiryShare = 0.95;
/**
 * The lifetime assumed for a token that announces none: one hour, well inside the platform's day, so a
 * token that does expire is renewed before it is refused rather than held for ever.
 */
export const defaultTokenLifetimeSeconds = 3600;

/**
 * The size rule of user messages, for both transports: a frame over `limitBytes` (UTF-8 bytes as sent) is
 * refused before it is queued. The Chat API, which announces no limit, uses the Messaging default.
 */
export function sizeRefusal(frameBytes: number, limitBytes: number = maxFrameBytes): { limitBytes: number } | null {
  return frameBytes > limitBytes ? { limitBytes } : null;
}

/**
 * The lifecycle's one transition function: pure, total (an input that does not apply in a phase changes
 * nothing), and the only place that decides what happens next. It reads the facts each input carries (the
 * clock, delivery: queued messages and those awaiting a replay, the oldest unanswered send, the message answered last)
 * and the limits the platform announced. A change of phase cancels the old phase's timer first, and
 * ends by showing the store how the connection reads (the Chat API does that itself after the hand-over).
 * Every input with a session (but the question `message-written`) ends by storing it.
 */
export function transition(state: LifecycleState, input: LifecycleInput): Transition {
  // Once the connection got through the attempt count starts again, so the backoff and the budget count
  // failures in a row to get through, not drops. It got through once the platform sends a frame that is
  // not the replay (a live event or a heartbeat's echo: it serves the session on this socket), or once it
  // has been live a minute (read whenever something happens: a quiet socket on a platform that echoes no
  // heartbeat). The replay alone proves nothing: a platform that accepts every socket and drops it at once
  // may send one first, and must still meet growing waits and, at last, the spent budget.
  const stable = state.phase.name === "live" && input.now - state.liveSince >= stableAfterMilliseconds;
  if (state.attempt && ((input.type === "frame-received" && !input.batch) || stable)) state = { ...state, attempt: 0 };
  const next = renewsToken(state, input) ? renewToken(state, input) : step(state, input);
  const { phase, sessionId, lastActivityAt } = next.state;
  if (phase !== state.phase) {
    next.effects.unshift({ type: "cancel-timer", timer: "phase" });
    if (phase.name !== "fallback") next.effects.push({ type: "show-connection", connection: toConnectionState(phase) });
  }
  if (sessionId !== null && phase.name !== "fallback" && input.type !== "message-written")
    next.effects.push({ type: "persist", sessionId, lastActivityAt });
  return next;
}

function step(state: LifecycleState, input: LifecycleInput): Transition {
  const phase = state.phase.name;
  // The size of a message is decided in every phase, the Chat API's included.
  if (input.type === "message-written") {
    const refusal = sizeRefusal(input.frameBytes, state.maxMessageBytes);
    return stay(state, refusal ? [{ type: "refuse-message", ...refusal }] : []);
  }
  if (phase === "fallback") return stay(state);
  switch (input.type) {
    case "start": {
      // A lifecycle may begin dormant (see `initialLifecycleState`): its start is the visitor's engagement.
      if (phase !== "idle" && phase !== "dormant") return stay(state);
      const restored = input.restored;
      const started: LifecycleState = {
        ...state,
        transport: input.transport,
        host: input.host,
        online: input.online,
        sessionId: restored?.sessionId ?? null,
        sessionRestored: restored !== null,
        sessionDoubtful: restored !== null,
        join: restored?.agentJoined ? "done" : state.join,
        lastActivityAt: restored?.lastActivityAt ?? input.now,
      };
      return input.useChatApi ? enter(started, "fallback", [{ type: "hand-over" }]) : resumeDormant(started, input);
    }
    case "token-received": {
      const lifetime = (input.expiresInSeconds ?? defaultTokenLifetimeSeconds) * 1000;
      // A session this token did not create may be bound to another token: it is doubtful until it opens.
      const received = {
        ...state,
        token: "fresh",
        tokenRenewAt: input.now + lifetime * tokenRenewShare,
        tokenExpiresAt: input.now + lifetime * tokenExpiryShare,
        sessionDoubtful: state.sessionDoubtful || state.sessionId !== null,
        refusedSinceAnswer: 0,
      } as const;
      return phase === "authorizing" ? proceed(received, input) : stay(received);
    }
    case "request-failed": {
      const expected = input.request === "access-token" ? "authorizing" : "creating-session";
      return phase === expected ? act(state, { kind: "http", request: input.request, error: input.error }, input) : stay(state);
    }
    case "session-created": {
      const created = {
        ...state,
        ...freshSession,
        sessionId: input.sessionId,
        sessionFresh: true,
        token: "bound",
        lastActivityAt: input.now,
        refusedSinceAnswer: 0,
      } as const;
      return phase === "creating-session" ? proceed(created, input) : stay(created);
    }
    case "socket-opened": {
      if (phase !== "connecting") return stay(state);
      const opened = {
        ...state,
        ...freshAttempts,
        sessionRestored: false,
        sessionDoubtful: false,
        anySocketOpened: true,
        token: "bound",
        batchReceived: false,
        cursorResume: input.afterCursor,
        lastActivityAt: input.now,
      } as const;
      // A resume with nothing at risk may go live after a quiet second with no batch (there may be none).
      const quickly = input.afterCursor && !atRisk(state, input);
      return enter(opened, "replaying", [startTimer("phase", quickly ? replaySettleMilliseconds : replayWaitMilliseconds)]);
    }
    case "socket-closed": {
      if (phase === "connecting") {
        const handshakeFailures = state.handshakeFailures + 1;
        const sinceAnswer = state.refusedSinceAnswer === null ? null : state.refusedSinceAnswer + 1;
        const doubtful = state.sessionDoubtful || state.token === "fresh" || idleTooLong(state, input);
        const failure = { kind: "handshake", consecutive: handshakeFailures, doubtful, sinceAnswer } as const;
        return act({ ...state, handshakeFailures, refusedSinceAnswer: sinceAnswer }, failure, input);
      }
      if (phase !== "replaying" && phase !== "live") return stay(state);
      const sessionEnded = state.sessionEnded !== null;
      // A normal close with no end said may be a platform's idle expiry: the session is doubtful.
      const closed = { ...state, sessionDoubtful: input.code === 1000 && !sessionEnded };
      return act(closed, { kind: "close", code: input.code, sessionEnded }, input, [{ type: "close-socket" }]);
    }
    case "frame-received": {
      const heartbeatEchoSeen = state.heartbeatEchoSeen || input.heartbeatEcho;
      // Most frames are live events that change nothing here: the state stays the same object.
      const unchanged = state.heartbeatsUnanswered === 0 && heartbeatEchoSeen === state.heartbeatEchoSeen;
      const seen = unchanged ? state : { ...state, heartbeatsUnanswered: 0, heartbeatEchoSeen };
      if (phase !== "replaying") return stay(seen);
      // Every batch comes before any live event: one first, on a resume, means there was nothing to replay.
      if (!input.batch) return state.batchReceived || !state.cursorResume || input.heartbeatEcho ? stay(seen) : goLive(seen, input);
      const replayed = { ...seen, batchReceived: true };
      // Waiting for the replay to settle protects only what a later batch could still confirm.
      if (state.sessionFresh || !atRisk(state, input)) return goLive(replayed, input);
      return stay(replayed, [startTimer("phase", replaySettleMilliseconds)]);
    }
    case "event-applied":
      return applySignal(state, input.signal, input.history, input);
    case "outbox-changed":
      if (!input.delivery.queued) return stay(state);
      return phase === "live" ? sendQueued(state) : phase === "dormant" ? resumeDormant(state, input) : stay(state);
    case "engaged":
      if (phase === "dormant") return resumeDormant(state, input);
      // An engagement while the session is still being tried counts once it turns out gone.
      return stay(phase === "live" || state.visitorEngaged ? state : { ...state, visitorEngaged: true });
    case "frame-sent": {
      const sent = { ...state, lastActivityAt: input.now };
      return stay(input.joinEventId === undefined ? sent : { ...sent, join: "sent", joinEventId: input.joinEventId });
    }
    case "timer-fired":
      return input.timer === "join" ? joinTimerFired(state) : timerFired(state, input);
    case "went-offline": {
      const offline = { ...state, online: false };
      return proceeds(phase) ? enter(offline, "offline", [{ type: "close-socket" }]) : stay(offline);
    }
    case "woke": {
      const online = { ...state, online: true };
      return phase === "offline" || phase === "reconnecting" ? proceed(online, input) : stay(online);
    }
    case "retry-now":
      if (phase === "dormant" || phase === "reconnecting") return resumeDormant(state, input);
      return phase === "failed" || phase === "offline" ? proceed({ ...state, attempt: 0 }, input) : stay(state);
    case "end-requested":
      if (phase === "live") return stay(state, [sendFrame("EVENT_TYPE_USER_END_SESSION")]);
      // Ended without the server knowing: nothing of the session is kept for a reload to resume.
      if (phase === "ended" || phase === "idle") return stay(state);
      return end({ ...state, sessionId: null }, "REASON_USER_END", false, [{ type: "close-socket" }, { type: "forget-session" }]);
    case "new-conversation":
      // A live session hears that it is over, so the platform ends it now instead of at its idle timeout.
      return prepend(
        [
          ...(phase === "live" && state.sessionEnded === null ? [sendFrame("EVENT_TYPE_USER_END_SESSION", true)] : []),
          { type: "close-socket" },
          { type: "cancel-timer", timer: "join" },
          { type: "forget-session" },
          { type: "reset-conversation" },
        ],
        proceed({ ...state, ...freshSession, ...freshAttempts, attempt: 0 }, input),
      );
  }
}

/**
 * Whether a live connection renews its token now: the token is due for renewal, and this is a quiet moment
 * after a frame, a heartbeat tick or a message written (never in the middle of a frame's events).
 */
function renewsToken(state: LifecycleState, input: LifecycleInput): boolean {
  const moment =
    input.type === "frame-received" || input.type === "outbox-changed" || (input.type === "timer-fired" && input.timer === "phase");
  return moment && state.phase.name === "live" && dueForRenewal(state, input);
}

/**
 * Renews the token through a planned reconnect: the socket closes with nothing on its way, and a fresh
 * token opens the next one. A platform that binds tokens to their session refuses it, and the conversation
 * moves to a new session now, losing nothing, rather than at the first drop after the token expired, when
 * a message or an answer may be on its way.
 */
function renewToken(state: LifecycleState, input: LifecycleInput): Transition {
  return prepend([{ type: "close-socket" }], proceed({ ...state, token: "none" }, input));
}

/** Whether a later batch could still confirm something: a message awaiting the replay, or the join request. */
function atRisk(state: LifecycleState, input: LifecycleInput): boolean {
  return input.delivery.awaitingReplay || state.join === "due" || state.join === "sent";
}

/** Phases on the way to a live socket, which going offline interrupts. */
function proceeds(phase: LifecycleState["phase"]["name"]): boolean {
  return ["authorizing", "creating-session", "reconnecting", ...socketPhases].includes(phase);
}

/**
 * The replay is over: what it did not confirm is queued again (or fails), the join goes out when no agent
 * is in the session and its request is not known to have arrived, then what is queued, then heartbeats.
 */
function goLive(state: LifecycleState, input: LifecycleInput): Transition {
  const effects: LifecycleEffect[] = [{ type: "settle-replay", maxAttempts: maxSendAttempts }];
  let live: LifecycleState = { ...state, sessionFresh: false, heartbeatsUnanswered: 0, liveSince: input.now, visitorEngaged: false };
  if (state.sessionEnded === null && (state.join === "due" || state.join === "sent")) {
    effects.push({ type: "send-join" });
    live = { ...live, rejoin: "not-needed" };
  }
  effects.push(startTimer("phase", state.heartbeatMilliseconds || defaultHeartbeatMilliseconds));
  const entered = enter(live, "live", effects);
  return input.delivery.queued ? prepend(entered.effects, sendQueued(entered.state)) : entered;
}

/** Sends what is queued, asking the service agent back first when it left after a client-managed handoff. */
function sendQueued(state: LifecycleState): Transition {
  if (state.rejoin !== "before-next-message") return stay(state, [{ type: "send-messages" }]);
  return stay({ ...state, rejoin: "not-needed" }, [{ type: "send-join" }, { type: "send-messages" }]);
}

function joinTimerFired(state: LifecycleState): Transition {
  if (state.join === "done") return stay(state);
  return state.phase.name === "live" ? stay(state, [{ type: "send-join" }]) : stay({ ...state, join: "due" });
}

function timerFired(state: LifecycleState, input: LifecycleInput): Transition {
  const phase = state.phase.name;
  if (phase === "reconnecting") return proceed(state, input);
  if (phase === "replaying") return state.batchReceived || state.cursorResume ? goLive(state, input) : replaceSocket(state, input);
  if (phase !== "live") return stay(state);
  // A message echo missing for two heartbeat periods means a lost frame, and two heartbeats with nothing
  // received (on a platform known to answer them) a dead socket: either way the socket is replaced at once,
  // and the replay then tells which messages arrived, so nothing is sent twice.
  const period = state.heartbeatMilliseconds || defaultHeartbeatMilliseconds;
  const sentAt = input.delivery.oldestInFlightSentAt;
  const echoOverdue = sentAt !== null && input.now - sentAt >= 2 * period;
  if (echoOverdue || (state.heartbeatEchoSeen && state.heartbeatsUnanswered >= 2)) return replaceSocket(state, input);
  const tick = startTimer("phase", period);
  if (state.heartbeatMilliseconds === 0) return stay(state, [tick]);
  return stay({ ...state, heartbeatsUnanswered: state.heartbeatsUnanswered + 1 }, [sendFrame("EVENT_TYPE_HEARTBEAT"), tick]);
}
