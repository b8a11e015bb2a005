import { CloseCode, EventType, SessionEndReason } from "../protocol/index.ts";
import type { ConnectionState } from "./conversation.ts";
import { classifyFailure, describeFailure, type Failure, type FailureAction } from "./failure-classification.ts";
import type { LifecycleEffect, LifecycleInput, LifecyclePhase, LifecycleState, TimerName, Transition } from "./lifecycle-types.ts";
import { heartbeatInterval, reconnectBudget, reconnectDelay, reconnectPolicy } from "./reconnect-policy.ts";

export type * from "./lifecycle-types.ts";

/** The pause after a large batch for the next one, before the replay counts as over. */
export const replaySettleMilliseconds = 300;

/** Phases that carry nothing but their name. */
type PlainPhaseName = Exclude<LifecyclePhase, { name: "reconnecting" | "ended" | "failed" }>["name"];
/** The client frames the lifecycle itself sends, all with an empty payload. */
type EmptyFrameType = typeof EventType.RequestServiceAgentJoin | typeof EventType.Heartbeat | typeof EventType.UserEndSession;

const socketTimers: readonly TimerName[] = ["heartbeat", "heartbeat-deadline", "stable", "replay-settle"];
const allTimers: readonly TimerName[] = ["reconnect", ...socketTimers];
const socketPhases = ["connecting", "replaying", "live"];
const connectionStatus = {
  idle: "idle",
  authorizing: "connecting",
  "creating-session": "connecting",
  connecting: "connecting",
  replaying: "connecting",
  live: "connected",
  reconnecting: "reconnecting",
  offline: "offline",
  fallback: "fallback",
  ended: "ended",
  failed: "failed",
} as const;

/** What a session starts with, and what a replaced session forgets. */
const freshSession = {
  sessionId: null,
  sessionRestored: false,
  sessionOpened: false,
  joinRequested: false,
  agentInHistory: false,
  sessionEnded: null,
} as const;

/** What a new run of connection attempts starts with. */
const freshAttempts = { handshakeFailures: 0, tokenRefreshedInStreak: false, awaitingHeartbeat: false } as const;

/** The lifecycle before `start`. */
export function initialLifecycleState(): LifecycleState {
  return {
    ...freshSession,
    ...freshAttempts,
    phase: { name: "idle" },
    transport: "auto",
    host: "",
    online: true,
    hasToken: false,
    anySocketOpened: false,
    attempt: 0,
    budget: reconnectBudget(null),
    heartbeatMilliseconds: heartbeatInterval(null),
    lastActivityAt: 0,
  };
}

/** How the lifecycle reads to a person (the snapshot's `connection`). */
export function toConnectionState(phase: LifecyclePhase): ConnectionState {
  const status = connectionStatus[phase.name];
  if (phase.name === "reconnecting") return { status: "reconnecting", attempt: phase.attempt, nextAttemptAt: phase.nextAttemptAt };
  if (phase.name === "failed") return { status: "failed", error: phase.error };
  return { status } as ConnectionState;
}

/**
 * The lifecycle's one transition function: pure, total (an input that does not apply in a phase changes
 * nothing), and the only place that decides what happens next. A `notify` effect is appended whenever the
 * public connection state changes.
 */
export function transition(state: LifecycleState, input: LifecycleInput): Transition {
  const next = step(state, input);
  const after = toConnectionState(next.state.phase);
  if (JSON.stringify(toConnectionState(state.phase)) !== JSON.stringify(after)) next.effects.push({ type: "notify", connection: after });
  return next;
}

function step(state: LifecycleState, input: LifecycleInput): Transition {
  const phase = state.phase.name;
  if (input.type === "destroy") return { state, effects: shutDown(state) };
  if (phase === "fallback") return stay(state);
  switch (input.type) {
    case "start":
      return phase === "idle" ? start(state, input) : stay(state);
    case "token-received":
      return phase === "authorizing" ? proceed({ ...state, hasToken: true }, input) : stay({ ...state, hasToken: true });
    case "token-failed":
    case "session-failed": {
      const request = input.type === "token-failed" ? "access-token" : "sessions";
      const expected = request === "access-token" ? "authorizing" : "creating-session";
      return phase === expected ? act(state, { kind: "http", request, error: input.error }, input) : stay(state);
    }
    case "session-created": {
      const created = { ...state, ...freshSession, sessionId: input.sessionId, lastActivityAt: input.now };
      const persist: LifecycleEffect[] = [{ type: "persist-session" }];
      return phase === "creating-session" ? prepend(persist, proceed(created, input)) : { state: created, effects: persist };
    }
    case "socket-opened":
      if (phase !== "connecting") return stay(state);
      return enter({ ...state, ...freshAttempts, sessionOpened: true, anySocketOpened: true, lastActivityAt: input.now }, "replaying");
    case "socket-closed":
      return socketClosed(state, input);
    case "session-started":
      return stay({ ...state, budget: reconnectBudget(input.capabilities), heartbeatMilliseconds: heartbeatInterval(input.capabilities) });
    case "history-seen":
      // An ended session takes no join request either: both mean "do not join".
      return stay({ ...state, agentInHistory: state.agentInHistory || input.agentJoined || input.sessionEnded });
    case "batch-received":
      if (phase !== "replaying") return stay(state);
      return input.mayContinue ? { state, effects: [startTimer("replay-settle", replaySettleMilliseconds)] } : finishReplay(state);
    case "live-frame-received":
      return phase === "replaying" ? finishReplay(state) : stay(state);
    case "heartbeat-echo":
      return state.awaitingHeartbeat ? { state: { ...state, awaitingHeartbeat: false }, effects: cancel(["heartbeat-deadline"]) } : stay(state);
    case "session-ended":
      return sessionEnded(state, input);
    case "frame-sent":
      return { state: { ...state, lastActivityAt: input.now }, effects: [{ type: "persist-session" }] };
    case "timer-fired":
      return timerFired(state, input);
    case "went-offline": {
      const offline = { ...state, online: false, awaitingHeartbeat: false };
      if (!["authorizing", "creating-session", ...socketPhases, "reconnecting"].includes(phase)) return stay(offline);
      return enter(offline, "offline", dropSocket(state));
    }
    case "woke":
      if (phase === "offline" || phase === "reconnecting") return prepend(cancel(["reconnect"]), proceed({ ...state, online: true }, input));
      return stay({ ...state, online: true });
    case "retry-now":
      if (phase === "reconnecting") return prepend(cancel(["reconnect"]), proceed(state, input));
      return phase === "failed" || phase === "offline" ? proceed({ ...state, attempt: 0 }, input) : stay(state);
    case "end-requested": {
      if (phase === "live") return { state, effects: [sendFrame(EventType.UserEndSession)] };
      if (phase === "ended" || phase === "idle") return stay(state);
      const reason = SessionEndReason.UserEnd;
      return {
        state: { ...state, sessionEnded: reason, phase: { name: "ended", reason } },
        effects: [...shutDown(state), { type: "end-locally", reason }],
      };
    }
    case "new-conversation":
      return prepend([...dropSocket(state), { type: "forget-session" }], proceed({ ...state, ...freshSession, ...freshAttempts, attempt: 0 }, input));
  }
}

function start(state: LifecycleState, input: Extract<LifecycleInput, { type: "start" }>): Transition {
  const restored = input.restored;
  const started: LifecycleState = {
    ...state,
    transport: input.transport,
    host: input.host,
    online: input.online,
    sessionId: restored?.sessionId ?? null,
    sessionRestored: restored !== null,
    joinRequested: restored?.joinRequested ?? false,
    lastActivityAt: restored?.lastActivityAt ?? input.now,
  };
  if (input.useChatApi) return enter(started, "fallback", [{ type: "hand-over" }]);
  return proceed(started, input);
}

/** Takes the next step towards a live socket: a token, then a session, then the socket. */
function proceed(state: LifecycleState, input: LifecycleInput): Transition {
  if (!state.online) return enter(state, "offline");
  if (!state.hasToken) return enter(state, "authorizing", [{ type: "request-token" }]);
  if (state.sessionId === null) return enter(state, "creating-session", [{ type: "create-session" }]);
  if (input.now - state.lastActivityAt > reconnectPolicy.sessionIdleExpiryMilliseconds) return replaceSession(state, input);
  return enter(state, "connecting", [{ type: "open-socket", sessionId: state.sessionId }]);
}

/** The session is gone: forget it, say so, and create another one. */
function replaceSession(state: LifecycleState, input: LifecycleInput): Transition {
  return prepend(
    [{ type: "forget-session" }, { type: "notice", code: "new-session" }],
    proceed({ ...state, ...freshSession, ...freshAttempts }, input),
  );
}

function socketClosed(state: LifecycleState, input: Extract<LifecycleInput, { type: "socket-closed" }>): Transition {
  const phase = state.phase.name;
  if (phase === "connecting") {
    const handshakeFailures = state.handshakeFailures + 1;
    return act({ ...state, handshakeFailures }, { kind: "handshake", consecutive: handshakeFailures }, input);
  }
  if (phase !== "replaying" && phase !== "live") return stay(state);
  const failure: Failure = { kind: "close", code: input.code, sessionEnded: state.sessionEnded !== null };
  return act({ ...state, awaitingHeartbeat: false }, failure, input, [{ type: "socket-lost" }, ...cancel(socketTimers)]);
}

/** Carries out the classified answer to a failure (or `action` when already decided); `cleanUp` runs first. */
function act(
  state: LifecycleState,
  failure: Failure,
  input: LifecycleInput,
  cleanUp: LifecycleEffect[] = [],
  action: FailureAction = classifyFailure(failure, state),
): Transition {
  switch (action) {
    case "retry":
      return prepend(cleanUp, scheduleReconnect(state, input));
    case "refresh-token": {
      const refreshed = { ...state, hasToken: false, tokenRefreshedInStreak: true };
      // A second refusal in the same run waits the backoff, so a persistent 401 cannot spin.
      return prepend(cleanUp, state.tokenRefreshedInStreak ? scheduleReconnect(refreshed, input) : proceed(refreshed, input));
    }
    case "new-session":
      return prepend(cleanUp, replaceSession(state, input));
    case "fall-back":
      return { state: { ...state, phase: { name: "fallback" } }, effects: [...cleanUp, ...cancel(allTimers), { type: "hand-over" }] };
    case "fatal": {
      const phase: LifecyclePhase =
        state.sessionEnded !== null ? { name: "ended", reason: state.sessionEnded } : { name: "failed", error: describeFailure(failure, state.host) };
      return { state: { ...state, phase }, effects: [...cleanUp, ...cancel(allTimers)] };
    }
  }
}

/** Spends one attempt of the budget and waits the backoff, or fails when the budget is spent. */
function scheduleReconnect(state: LifecycleState, input: LifecycleInput): Transition {
  if (!state.online) return enter(state, "offline");
  const attempt = state.attempt + 1;
  if (attempt > state.budget) {
    const message = `Could not reconnect after ${state.budget} attempts. Start a new conversation to continue.`;
    return { state: { ...state, attempt, phase: { name: "failed", error: { kind: "budget-exhausted", message } } }, effects: cancel(allTimers) };
  }
  const delay = reconnectDelay(attempt, () => input.random);
  return {
    state: { ...state, attempt, phase: { name: "reconnecting", attempt, nextAttemptAt: input.now + delay } },
    effects: [startTimer("reconnect", delay)],
  };
}

function finishReplay(state: LifecycleState): Transition {
  const joinDue = state.sessionEnded === null && !state.agentInHistory && !state.joinRequested;
  return enter({ ...state, joinRequested: state.joinRequested || joinDue, awaitingHeartbeat: false }, "live", [
    ...cancel(["replay-settle"]),
    { type: "end-replay" },
    ...(joinDue ? [sendFrame(EventType.RequestServiceAgentJoin), { type: "persist-session" } as const] : []),
    { type: "flush-outbox" },
    startTimer("heartbeat", state.heartbeatMilliseconds),
    startTimer("stable", reconnectPolicy.stableAfterMilliseconds),
  ]);
}

function sessionEnded(state: LifecycleState, input: Extract<LifecycleInput, { type: "session-ended" }>): Transition {
  if (!socketPhases.includes(state.phase.name)) return stay({ ...state, sessionEnded: input.reason });
  // An abandoned session is gone on the server (4001 follows): the conversation goes on in a new one.
  if (input.reason === SessionEndReason.UserAbandoned) return act(state, { kind: "idle-expired" }, input, loseSocket(), "new-session");
  return { state: { ...state, sessionEnded: input.reason, phase: { name: "ended", reason: input.reason } }, effects: shutDown(state) };
}

function timerFired(state: LifecycleState, input: Extract<LifecycleInput, { type: "timer-fired" }>): Transition {
  const phase = state.phase.name;
  const name = input.name;
  if (name === "reconnect") return phase === "reconnecting" ? proceed(state, input) : stay(state);
  if (name === "replay-settle") return phase === "replaying" ? finishReplay(state) : stay(state);
  if (phase !== "live") return stay(state);
  if (name === "stable") return stay({ ...state, attempt: 0 });
  if (name === "heartbeat") {
    const effects = [sendFrame(EventType.Heartbeat), startTimer("heartbeat", state.heartbeatMilliseconds)];
    if (!state.awaitingHeartbeat) effects.push(startTimer("heartbeat-deadline", 2 * state.heartbeatMilliseconds));
    return { state: { ...state, awaitingHeartbeat: true }, effects };
  }
  // The heartbeat went unanswered: a dead socket is replaced at once, which still spends one attempt.
  const attempt = state.attempt + 1;
  if (attempt > state.budget) return act(state, { kind: "dead-socket" }, input, loseSocket(), "retry");
  return prepend(loseSocket(), proceed({ ...state, attempt, awaitingHeartbeat: false }, input));
}

/** Closes the socket of a socket phase and stops every timer. */
function shutDown(state: LifecycleState): LifecycleEffect[] {
  return [...(socketPhases.includes(state.phase.name) ? [closeSocket()] : []), ...cancel(allTimers)];
}

/** As `shutDown`, and what was in flight on the socket becomes unconfirmed. */
function dropSocket(state: LifecycleState): LifecycleEffect[] {
  return [...shutDown(state), ...(socketPhases.includes(state.phase.name) ? [{ type: "socket-lost" } as const] : [])];
}

/** The clean-up of a socket given up on while its session goes on. */
function loseSocket(): LifecycleEffect[] {
  return [closeSocket(), { type: "socket-lost" }, ...cancel(socketTimers)];
}

function closeSocket(): LifecycleEffect {
  return { type: "close-socket", code: CloseCode.Normal };
}

function sendFrame(type: EmptyFrameType): LifecycleEffect {
  return { type: "send-frame", frame: { type, payload: {} } };
}

function startTimer(name: TimerName, milliseconds: number): LifecycleEffect {
  return { type: "start-timer", name, milliseconds };
}

function cancel(names: readonly TimerName[]): LifecycleEffect[] {
  return names.map((name) => ({ type: "cancel-timer", name }));
}

function enter(state: LifecycleState, name: PlainPhaseName, effects: LifecycleEffect[] = []): Transition {
  return { state: { ...state, phase: { name } }, effects };
}

function prepend(effects: LifecycleEffect[], next: Transition): Transition {
  return { state: next.state, effects: [...effects, ...next.effects] };
}

function stay(state: LifecycleState): Transition {
  return { state, effects: [] };
}
