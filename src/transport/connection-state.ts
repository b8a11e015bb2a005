import { CloseCode, EventType, SessionEndReason } from "../protocol/index.ts";
import type { ChatErrorInfo, ConnectionState } from "./conversation.ts";
import { classifyFailure, describeFailure, type Failure, type FailureAction } from "./failure-classification.ts";
import type {
  LifecycleEffect,
  LifecycleInput,
  LifecyclePhase,
  LifecycleState,
  TimerName,
  Transition,
} from "./lifecycle-types.ts";
import { heartbeatInterval, reconnectBudget, reconnectDelay, reconnectPolicy } from "./reconnect-policy.ts";

export type * from "./lifecycle-types.ts";

const allTimers: readonly TimerName[] = ["reconnect", "heartbeat", "heartbeat-deadline", "stable", "replay-settle"];
const socketPhases = new Set(["connecting", "replaying", "live"]);

/** The lifecycle before `start`. */
export function initialLifecycleState(): LifecycleState {
  return {
    phase: { name: "idle" },
    transport: "auto",
    host: "",
    online: true,
    hasToken: false,
    sessionId: null,
    sessionRestored: false,
    sessionOpened: false,
    anySocketOpened: false,
    joinRequested: false,
    agentInHistory: false,
    sessionEnded: null,
    attempt: 0,
    budget: reconnectBudget(null),
    handshakeFailures: 0,
    tokenRefreshedInStreak: false,
    heartbeatMilliseconds: heartbeatInterval(null),
    awaitingHeartbeat: false,
    lastActivityAt: 0,
  };
}

/** How the lifecycle reads to a person (the snapshot's `connection`). */
export function toConnectionState(phase: LifecyclePhase): ConnectionState {
  switch (phase.name) {
    case "idle":
      return { status: "idle" };
    case "authorizing":
    case "creating-session":
    case "connecting":
    case "replaying":
      return { status: "connecting" };
    case "live":
      return { status: "connected" };
    case "reconnecting":
      return { status: "reconnecting", attempt: phase.attempt, nextAttemptAt: phase.nextAttemptAt };
    case "offline":
      return { status: "offline" };
    case "fallback":
      return { status: "fallback" };
    case "ended":
      return { status: "ended" };
    case "failed":
      return { status: "failed", error: phase.error };
  }
}

/**
 * The lifecycle's one transition function: pure, total (an input that does not apply in a phase changes
 * nothing), and the only place that decides what happens next. A `notify` effect is appended whenever the
 * public connection state changes.
 */
export function transition(state: LifecycleState, input: LifecycleInput): Transition {
  const next = step(state, input);
  const before = toConnectionState(state.phase);
  const after = toConnectionState(next.state.phase);
  if (JSON.stringify(before) !== JSON.stringify(after)) next.effects.push({ type: "notify", connection: after });
  return next;
}

function step(state: LifecycleState, input: LifecycleInput): Transition {
  const phase = state.phase.name;
  if (input.type === "destroy") return { state, effects: [...closeIfSocket(state, 1000), ...cancelAll()] };
  if (phase === "fallback") return stay(state);
  switch (input.type) {
    case "start":
      return phase === "idle" ? start(state, input) : stay(state);
    case "token-received":
      return phase === "authorizing" ? proceed({ ...state, hasToken: true }, input) : stay({ ...state, hasToken: true });
    case "token-failed":
      return phase === "authorizing" ? fail(state, { kind: "http", request: "access-token", error: input.error }, input) : stay(state);
    case "session-created": {
      const created = { ...state, sessionId: input.sessionId, sessionRestored: false, sessionOpened: false, joinRequested: false, agentInHistory: false, sessionEnded: null, lastActivityAt: input.now };
      const effects: LifecycleEffect[] = [{ type: "persist-session" }];
      if (phase !== "creating-session") return { state: created, effects };
      const next = proceed(created, input);
      return { state: next.state, effects: [...effects, ...next.effects] };
    }
    case "session-failed":
      return phase === "creating-session" ? fail(state, { kind: "http", request: "sessions", error: input.error }, input) : stay(state);
    case "socket-opened":
      if (phase !== "connecting") return stay(state);
      return {
        state: { ...state, phase: { name: "replaying" }, sessionOpened: true, anySocketOpened: true, handshakeFailures: 0, tokenRefreshedInStreak: false, lastActivityAt: input.now },
        effects: [],
      };
    case "socket-closed":
      return socketClosed(state, input);
    case "session-started":
      return stay({ ...state, budget: reconnectBudget(input.capabilities), heartbeatMilliseconds: heartbeatInterval(input.capabilities) });
    case "history-seen":
      // An ended session takes no join request either: both mean "do not join".
      return stay({ ...state, agentInHistory: state.agentInHistory || input.agentJoined || input.sessionEnded });
    case "batch-received":
      if (phase !== "replaying") return stay(state);
      return input.mayContinue
        ? { state, effects: [{ type: "start-timer", name: "replay-settle", milliseconds: replaySettleMilliseconds }] }
        : finishReplay(state);
    case "live-frame-received":
      return phase === "replaying" ? finishReplay(state) : stay(state);
    case "heartbeat-echo":
      return state.awaitingHeartbeat
        ? { state: { ...state, awaitingHeartbeat: false }, effects: [{ type: "cancel-timer", name: "heartbeat-deadline" }] }
        : stay(state);
    case "session-ended":
      return sessionEnded(state, input);
    case "frame-sent":
      return { state: { ...state, lastActivityAt: input.now }, effects: [{ type: "persist-session" }] };
    case "timer-fired":
      return timerFired(state, input);
    case "went-offline":
      return wentOffline(state);
    case "woke":
      if (phase === "offline" || phase === "reconnecting") return proceed({ ...state, online: true }, input, ["reconnect"]);
      return stay({ ...state, online: true });
    case "retry-now":
      if (phase === "reconnecting") return proceed(state, input, ["reconnect"]);
      if (phase === "failed" || phase === "offline") return proceed({ ...state, attempt: 0 }, input);
      return stay(state);
    case "end-requested":
      return endRequested(state);
    case "new-conversation":
      return newConversation(state, input);
  }
}

/** The pause after a large batch for the next one, before the replay counts as over. */
export const replaySettleMilliseconds = 300;

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
  if (input.useChatApi) return { state: { ...started, phase: { name: "fallback" } }, effects: [{ type: "hand-over" }] };
  if (!input.online) return stay({ ...started, phase: { name: "offline" } });
  return proceed(started, input);
}

/** Takes the next step towards a live socket: a token, then a session, then the socket. */
function proceed(state: LifecycleState, input: LifecycleInput, cancel: readonly TimerName[] = []): Transition {
  const effects: LifecycleEffect[] = cancel.map((name) => ({ type: "cancel-timer", name }));
  if (!state.online) return { state: { ...state, phase: { name: "offline" } }, effects };
  if (!state.hasToken) {
    return { state: { ...state, phase: { name: "authorizing" } }, effects: [...effects, { type: "request-token" }] };
  }
  if (state.sessionId === null) {
    return { state: { ...state, phase: { name: "creating-session" } }, effects: [...effects, { type: "create-session" }] };
  }
  if (input.now - state.lastActivityAt > reconnectPolicy.sessionIdleExpiryMilliseconds) {
    const next = replaceSession(state, input);
    return { state: next.state, effects: [...effects, ...next.effects] };
  }
  return {
    state: { ...state, phase: { name: "connecting" } },
    effects: [...effects, { type: "open-socket", sessionId: state.sessionId }],
  };
}

/** The session is gone: forget it, say so, and create another one. */
function replaceSession(state: LifecycleState, input: LifecycleInput): Transition {
  const forgotten: LifecycleState = {
    ...state,
    sessionId: null,
    sessionRestored: false,
    sessionOpened: false,
    joinRequested: false,
    agentInHistory: false,
    sessionEnded: null,
    handshakeFailures: 0,
    tokenRefreshedInStreak: false,
    awaitingHeartbeat: false,
  };
  const next = proceed(forgotten, input);
  return {
    state: next.state,
    effects: [{ type: "forget-session" }, { type: "notice", code: "new-session" }, ...next.effects],
  };
}

function socketClosed(state: LifecycleState, input: Extract<LifecycleInput, { type: "socket-closed" }>): Transition {
  const phase = state.phase.name;
  if (phase === "connecting") {
    const handshakeFailures = state.handshakeFailures + 1;
    const failure: Failure = { kind: "handshake", consecutive: handshakeFailures };
    return act(classifyFailure(failure, state), { ...state, handshakeFailures }, failure, input, []);
  }
  if (phase !== "replaying" && phase !== "live") return stay(state);
  const failure: Failure = { kind: "close", code: input.code, sessionEnded: state.sessionEnded !== null };
  return act(classifyFailure(failure, state), { ...state, awaitingHeartbeat: false }, failure, input, [
    { type: "socket-lost" },
    ...cancelTimers(["heartbeat", "heartbeat-deadline", "stable", "replay-settle"]),
  ]);
}

/** Carries out a classified failure. `effects` (clean-up) run first. */
function act(action: FailureAction, state: LifecycleState, failure: Failure, input: LifecycleInput, effects: LifecycleEffect[]): Transition {
  const then = (next: Transition): Transition => ({ state: next.state, effects: [...effects, ...next.effects] });
  switch (action) {
    case "retry":
      return then(scheduleReconnect(state, input));
    case "refresh-token": {
      const refreshed = { ...state, hasToken: false, tokenRefreshedInStreak: true };
      // A second refusal in the same run waits the backoff, so a persistent 401 cannot spin.
      return then(state.tokenRefreshedInStreak ? scheduleReconnect(refreshed, input) : proceed(refreshed, input));
    }
    case "new-session":
      return then(replaceSession(state, input));
    case "fall-back":
      return then({ state: { ...state, phase: { name: "fallback" } }, effects: [...cancelAll(), { type: "hand-over" }] });
    case "fatal":
      if (state.sessionEnded !== null) return then({ state: { ...state, phase: { name: "ended", reason: state.sessionEnded } }, effects: cancelAll() });
      return then({ state: { ...state, phase: { name: "failed", error: describeFailure(failure, state.host) } }, effects: cancelAll() });
  }
}

function fail(state: LifecycleState, failure: Failure, input: LifecycleInput): Transition {
  return act(classifyFailure(failure, state), state, failure, input, []);
}

/** Spends one attempt of the budget and waits the backoff, or fails when the budget is spent. */
function scheduleReconnect(state: LifecycleState, input: LifecycleInput): Transition {
  if (!state.online) return { state: { ...state, phase: { name: "offline" } }, effects: [] };
  const attempt = state.attempt + 1;
  if (attempt > state.budget) {
    const error: ChatErrorInfo = {
      kind: "budget-exhausted",
      message: `Could not reconnect after ${state.budget} attempts. Start a new conversation to continue.`,
    };
    return { state: { ...state, attempt, phase: { name: "failed", error } }, effects: cancelAll() };
  }
  const delay = reconnectDelay(attempt, () => input.random);
  return {
    state: { ...state, attempt, phase: { name: "reconnecting", attempt, nextAttemptAt: input.now + delay } },
    effects: [{ type: "start-timer", name: "reconnect", milliseconds: delay }],
  };
}

function finishReplay(state: LifecycleState): Transition {
  const effects: LifecycleEffect[] = [{ type: "cancel-timer", name: "replay-settle" }, { type: "end-replay" }];
  let joinRequested = state.joinRequested;
  if (state.sessionEnded === null && !state.agentInHistory && !joinRequested) {
    joinRequested = true;
    effects.push({ type: "send-frame", frame: { type: EventType.RequestServiceAgentJoin, payload: {} } }, { type: "persist-session" });
  }
  effects.push(
    { type: "flush-outbox" },
    { type: "start-timer", name: "heartbeat", milliseconds: state.heartbeatMilliseconds },
    { type: "start-timer", name: "stable", milliseconds: reconnectPolicy.stableAfterMilliseconds },
  );
  return { state: { ...state, joinRequested, awaitingHeartbeat: false, phase: { name: "live" } }, effects };
}

function sessionEnded(state: LifecycleState, input: Extract<LifecycleInput, { type: "session-ended" }>): Transition {
  const phase = state.phase.name;
  // An abandoned session is gone on the server (4001 follows): the conversation goes on in a new one.
  if (input.reason === SessionEndReason.UserAbandoned && socketPhases.has(phase)) {
    return act("new-session", state, { kind: "idle-expired" }, input, [
      { type: "close-socket", code: CloseCode.Normal },
      { type: "socket-lost" },
      ...cancelTimers(["heartbeat", "heartbeat-deadline", "stable", "replay-settle"]),
    ]);
  }
  const ended = { ...state, sessionEnded: input.reason };
  if (!socketPhases.has(phase)) return stay(ended);
  return {
    state: { ...ended, phase: { name: "ended", reason: input.reason } },
    effects: [{ type: "close-socket", code: CloseCode.Normal }, ...cancelAll()],
  };
}

function timerFired(state: LifecycleState, input: Extract<LifecycleInput, { type: "timer-fired" }>): Transition {
  const phase = state.phase.name;
  switch (input.name) {
    case "reconnect":
      return phase === "reconnecting" ? proceed(state, input) : stay(state);
    case "replay-settle":
      return phase === "replaying" ? finishReplay(state) : stay(state);
    case "stable":
      return phase === "live" ? stay({ ...state, attempt: 0 }) : stay(state);
    case "heartbeat": {
      if (phase !== "live") return stay(state);
      const effects: LifecycleEffect[] = [
        { type: "send-frame", frame: { type: EventType.Heartbeat, payload: {} } },
        { type: "start-timer", name: "heartbeat", milliseconds: state.heartbeatMilliseconds },
      ];
      if (!state.awaitingHeartbeat) {
        effects.push({ type: "start-timer", name: "heartbeat-deadline", milliseconds: 2 * state.heartbeatMilliseconds });
      }
      return { state: { ...state, awaitingHeartbeat: true }, effects };
    }
    case "heartbeat-deadline": {
      if (phase !== "live") return stay(state);
      // A dead socket is replaced at once; the replacement still spends one attempt of the budget.
      const attempt = state.attempt + 1;
      const cleanUp: LifecycleEffect[] = [
        { type: "close-socket", code: CloseCode.Normal },
        { type: "socket-lost" },
        ...cancelTimers(["heartbeat", "heartbeat-deadline", "stable"]),
      ];
      if (attempt > state.budget) return act("retry", state, { kind: "dead-socket" }, input, cleanUp);
      const next = proceed({ ...state, attempt, awaitingHeartbeat: false }, input);
      return { state: next.state, effects: [...cleanUp, ...next.effects] };
    }
  }
}

function wentOffline(state: LifecycleState): Transition {
  const phase = state.phase.name;
  const offline = { ...state, online: false, awaitingHeartbeat: false };
  if (!["authorizing", "creating-session", "connecting", "replaying", "live", "reconnecting"].includes(phase)) return stay(offline);
  const effects: LifecycleEffect[] = [...closeIfSocket(state, CloseCode.Normal), ...cancelAll()];
  if (socketPhases.has(phase)) effects.push({ type: "socket-lost" });
  return { state: { ...offline, phase: { name: "offline" } }, effects };
}

function endRequested(state: LifecycleState): Transition {
  const phase = state.phase.name;
  if (phase === "live") return { state, effects: [{ type: "send-frame", frame: { type: EventType.UserEndSession, payload: {} } }] };
  if (phase === "ended" || phase === "idle") return stay(state);
  const reason = SessionEndReason.UserEnd;
  return {
    state: { ...state, sessionEnded: reason, phase: { name: "ended", reason } },
    effects: [...closeIfSocket(state, CloseCode.Normal), ...cancelAll(), { type: "end-locally", reason }],
  };
}

function newConversation(state: LifecycleState, input: LifecycleInput): Transition {
  const effects: LifecycleEffect[] = [...closeIfSocket(state, CloseCode.Normal), ...cancelAll()];
  if (socketPhases.has(state.phase.name)) effects.push({ type: "socket-lost" });
  const next = proceed(
    {
      ...state,
      sessionId: null,
      sessionRestored: false,
      sessionOpened: false,
      joinRequested: false,
      agentInHistory: false,
      sessionEnded: null,
      attempt: 0,
      handshakeFailures: 0,
      tokenRefreshedInStreak: false,
      awaitingHeartbeat: false,
    },
    input,
  );
  return { state: next.state, effects: [...effects, { type: "forget-session" }, ...next.effects] };
}

function closeIfSocket(state: LifecycleState, code: number): LifecycleEffect[] {
  return socketPhases.has(state.phase.name) ? [{ type: "close-socket", code }] : [];
}

function cancelTimers(names: readonly TimerName[]): LifecycleEffect[] {
  return names.map((name) => ({ type: "cancel-timer", name }));
}

function cancelAll(): LifecycleEffect[] {
  return cancelTimers(allTimers);
}

function stay(state: LifecycleState): Transition {
  return { state, effects: [] };
}
