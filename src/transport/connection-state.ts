import { sessionIdleExpiryMilliseconds } from "../protocol/index.ts";
import type { ConnectionState } from "./conversation.ts";
import { classifyFailure, describeFailure, type Failure } from "./failure-classification.ts";
import type {
  AgentPresence,
  LifecycleEffect,
  LifecycleInput,
  LifecyclePhase,
  LifecycleState,
  RejoinNeed,
  Transition,
} from "./lifecycle-types.ts";
import { heartbeatInterval, reconnectBudget, reconnectDelay, stableAfterMilliseconds } from "./reconnect-policy.ts";

export type * from "./lifecycle-types.ts";

/** The pause after a large batch for the next one, before the replay counts as over. */
export const replaySettleMilliseconds = 300;

/** Phases that carry nothing but their name. */
type PlainPhaseName = Exclude<LifecyclePhase, { name: "reconnecting" | "ended" | "failed" }>["name"];

const socketPhases = ["connecting", "replaying", "live"];

/** What a session starts with, and what a replaced session forgets. */
const freshSession = { sessionId: null, sessionRestored: false, joinRequested: false, rejoin: "not-needed", sessionEnded: null } as const;

/** What a new run of connection attempts starts with. */
const freshAttempts = { handshakeFailures: 0, tokenRefreshedInStreak: false, heartbeatsUnanswered: 0 } as const;

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
    liveSince: 0,
  };
}

/** How the lifecycle reads to a person (the snapshot's `connection`). */
export function toConnectionState(phase: LifecyclePhase): ConnectionState {
  const { name, ...details } = phase;
  const status = name === "live" ? "connected" : ["authorizing", "creating-session", "replaying"].includes(name) ? "connecting" : name;
  return { status, ...(name === "ended" ? {} : details) } as ConnectionState;
}

/**
 * The lifecycle's one transition function: pure, total (an input that does not apply in a phase changes
 * nothing), and the only place that decides what happens next. A change of phase cancels the old phase's
 * timer first.
 */
export function transition(state: LifecycleState, input: LifecycleInput): Transition {
  // A minute of stable connection clears the attempt count; it is read whenever something happens.
  if (state.phase.name === "live" && input.now - state.liveSince >= stableAfterMilliseconds) state = { ...state, attempt: 0 };
  const next = step(state, input);
  if (next.state.phase !== state.phase) next.effects.unshift({ type: "cancel-timer" });
  return next;
}

function step(state: LifecycleState, input: LifecycleInput): Transition {
  const phase = state.phase.name;
  if (phase === "fallback") return stay(state);
  switch (input.type) {
    case "start": {
      if (phase !== "idle") return stay(state);
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
      return input.useChatApi ? enter(started, "fallback", [{ type: "hand-over" }]) : proceed(started, input);
    }
    case "token-received":
      return phase === "authorizing" ? proceed({ ...state, hasToken: true }, input) : stay({ ...state, hasToken: true });
    case "request-failed": {
      const expected = input.request === "access-token" ? "authorizing" : "creating-session";
      return phase === expected ? act(state, { kind: "http", request: input.request, error: input.error }, input) : stay(state);
    }
    case "session-created": {
      const created = { ...state, ...freshSession, sessionId: input.sessionId, lastActivityAt: input.now };
      return phase === "creating-session" ? proceed(created, input) : stay(created);
    }
    case "socket-opened":
      if (phase !== "connecting") return stay(state);
      return enter({ ...state, ...freshAttempts, sessionRestored: false, anySocketOpened: true, lastActivityAt: input.now }, "replaying");
    case "socket-closed": {
      if (phase === "connecting") {
        const handshakeFailures = state.handshakeFailures + 1;
        return act({ ...state, handshakeFailures }, { kind: "handshake", consecutive: handshakeFailures }, input);
      }
      if (phase !== "replaying" && phase !== "live") return stay(state);
      return act(state, { kind: "close", code: input.code, sessionEnded: state.sessionEnded !== null }, input, [{ type: "close-socket" }]);
    }
    case "frame-received": {
      // An ended session takes no join request either: both mean "do not join".
      const seen = { ...state, joinRequested: state.joinRequested || input.joinNeedless, heartbeatsUnanswered: 0 };
      const capabilities = input.capabilities;
      if (capabilities) Object.assign(seen, { budget: reconnectBudget(capabilities), heartbeatMilliseconds: heartbeatInterval(capabilities) });
      if (phase !== "replaying") return stay(seen);
      if (!input.batch || !input.mayContinue) return goLive(seen, input);
      return { state: seen, effects: [{ type: "start-timer", milliseconds: replaySettleMilliseconds }] };
    }
    case "session-ended": {
      if (!socketPhases.includes(phase)) return stay({ ...state, sessionEnded: input.reason });
      // An abandoned session is gone on the server (4001 follows): the conversation goes on in a new one.
      if (input.reason === "REASON_USER_ABANDONED") return act(state, { kind: "idle-expired" }, input, [{ type: "close-socket" }]);
      return end(state, input.reason, [{ type: "close-socket" }]);
    }
    case "agent-presence":
      return stay({ ...state, rejoin: followPresence(state.rejoin, input.presence) });
    case "messages-waiting": {
      if (phase !== "live") return stay(state);
      // The agent left for a site-routed handoff: it is asked back first, so that it answers this message.
      if (state.rejoin !== "before-next-message") return { state, effects: [{ type: "send-messages" }] };
      return { state: { ...state, rejoin: "not-needed" }, effects: [sendFrame("EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN"), { type: "send-messages" }] };
    }
    case "frame-sent":
      return stay({ ...state, lastActivityAt: input.now });
    case "timer-fired":
      return timerFired(state, input);
    case "went-offline": {
      const offline = { ...state, online: false };
      return proceeds(phase) ? enter(offline, "offline", [{ type: "close-socket" }]) : stay(offline);
    }
    case "woke":
      return phase === "offline" || phase === "reconnecting" ? proceed({ ...state, online: true }, input) : stay({ ...state, online: true });
    case "retry-now":
      if (phase === "reconnecting") return proceed(state, input);
      return phase === "failed" || phase === "offline" ? proceed({ ...state, attempt: 0 }, input) : stay(state);
    case "end-requested":
      if (phase === "live") return { state, effects: [sendFrame("EVENT_TYPE_USER_END_SESSION")] };
      return phase === "ended" || phase === "idle" ? stay(state) : end(state, "REASON_USER_END", [{ type: "close-socket" }]);
    case "new-conversation":
      return prepend(
        [{ type: "close-socket" }, { type: "forget-session", notice: false }],
        proceed({ ...state, ...freshSession, ...freshAttempts, attempt: 0 }, input),
      );
  }
}

/** Phases on the way to a live socket, which going offline interrupts. */
function proceeds(phase: LifecyclePhase["name"]): boolean {
  return phase === "authorizing" || phase === "creating-session" || phase === "reconnecting" || socketPhases.includes(phase);
}

/** Takes the next step towards a live socket: a token, then a session, then the socket. */
function proceed(state: LifecycleState, input: LifecycleInput): Transition {
  if (!state.online) return enter(state, "offline");
  if (!state.hasToken) return enter(state, "authorizing", [{ type: "request", request: "access-token" }]);
  if (state.sessionId === null) return enter(state, "creating-session", [{ type: "request", request: "sessions" }]);
  if (input.now - state.lastActivityAt > sessionIdleExpiryMilliseconds) return replaceSession(state, input);
  return enter(state, "connecting", [{ type: "open-socket", sessionId: state.sessionId }]);
}

/** The session is gone: forget it, say so, and create another one. */
function replaceSession(state: LifecycleState, input: LifecycleInput): Transition {
  return prepend([{ type: "forget-session", notice: true }], proceed({ ...state, ...freshSession, ...freshAttempts }, input));
}

/** Carries out the classified answer to a failure; `cleanUp` runs first. */
function act(state: LifecycleState, failure: Failure, input: LifecycleInput, cleanUp: LifecycleEffect[] = []): Transition {
  switch (classifyFailure(failure, state)) {
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
      return enter(state, "fallback", [...cleanUp, { type: "hand-over" }]);
    case "fatal":
      if (state.sessionEnded !== null) return end(state, state.sessionEnded, cleanUp);
      return { state: { ...state, phase: { name: "failed", error: describeFailure(failure, state.host) } }, effects: cleanUp };
  }
}

/** Spends one attempt of the budget and waits the backoff, or fails when the budget is spent. */
function scheduleReconnect(state: LifecycleState, input: LifecycleInput): Transition {
  if (!state.online) return enter(state, "offline");
  const attempt = state.attempt + 1;
  if (attempt > state.budget) {
    const message = `Could not reconnect after ${state.budget} attempts: start a new conversation.`;
    return { state: { ...state, attempt, phase: { name: "failed", error: { kind: "budget-exhausted", message } } }, effects: [] };
  }
  const delay = reconnectDelay(attempt, () => input.random);
  return {
    state: { ...state, attempt, phase: { name: "reconnecting", attempt, nextAttemptAt: input.now + delay } },
    effects: [{ type: "start-timer", milliseconds: delay }],
  };
}

/** The replay is over: join when due (before anything queued goes out), then start the heartbeat. */
function goLive(state: LifecycleState, input: LifecycleInput): Transition {
  const joinDue = state.sessionEnded === null && !state.joinRequested;
  const effects: LifecycleEffect[] = [{ type: "end-replay" }, { type: "start-timer", milliseconds: state.heartbeatMilliseconds }];
  if (joinDue) effects.unshift(sendFrame("EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN"));
  return enter({ ...state, joinRequested: true, heartbeatsUnanswered: 0, liveSince: input.now }, "live", effects);
}

function timerFired(state: LifecycleState, input: LifecycleInput): Transition {
  const phase = state.phase.name;
  if (phase === "reconnecting") return proceed(state, input);
  if (phase === "replaying") return goLive(state, input);
  if (phase !== "live") return stay(state);
  // Two heartbeats with nothing received since mean a dead socket, and a message echo missing as long means
  // a lost frame: either way the socket is replaced at once (spending one attempt), and the replay then
  // tells which messages arrived, so nothing is sent twice.
  if (state.heartbeatsUnanswered < 2 && !(input.type === "timer-fired" && input.echoOverdue)) {
    return {
      state: { ...state, heartbeatsUnanswered: state.heartbeatsUnanswered + 1 },
      effects: [sendFrame("EVENT_TYPE_HEARTBEAT"), { type: "start-timer", milliseconds: state.heartbeatMilliseconds }],
    };
  }
  const attempt = state.attempt + 1;
  const lost: LifecycleEffect[] = [{ type: "close-socket" }];
  if (attempt > state.budget) return act(state, { kind: "dead-socket" }, input, lost);
  return prepend(lost, proceed({ ...state, attempt, heartbeatsUnanswered: 0 }, input));
}

/**
 * Who is left to answer the user: any agent joining settles it; after a client-managed handoff the
 * service agent's leaving leaves nobody, as does a conversation the server no longer finds.
 */
function followPresence(rejoin: RejoinNeed, presence: AgentPresence): RejoinNeed {
  switch (presence) {
    case "agent-joined":
      return "not-needed";
    case "client-handoff":
      return "when-agent-leaves";
    case "agent-left":
      return rejoin === "when-agent-leaves" ? "before-next-message" : rejoin;
    case "conversation-lost":
      return "before-next-message";
  }
}

function end(state: LifecycleState, reason: string, effects: LifecycleEffect[]): Transition {
  return { state: { ...state, sessionEnded: reason, phase: { name: "ended", reason } }, effects };
}

function sendFrame(type: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN" | "EVENT_TYPE_HEARTBEAT" | "EVENT_TYPE_USER_END_SESSION"): LifecycleEffect {
  return { type: "send-frame", frame: { type, payload: {} } };
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
