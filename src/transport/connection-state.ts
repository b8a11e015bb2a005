import { sessionIdleExpiryMilliseconds } from "../protocol/index.ts";
import type { ConnectionState } from "./conversation.ts";
import { classifyFailure, describeFailure, type Failure } from "./failure-classification.ts";
import type { LifecycleEffect, LifecycleInput, LifecyclePhase, LifecycleState, Transition } from "./lifecycle-types.ts";
import { heartbeatInterval, reconnectBudget, reconnectDelay, stableAfterMilliseconds } from "./reconnect-policy.ts";

export type * from "./lifecycle-types.ts";

/** The pause after a large batch for the next one, before the replay counts as over. */
export const replaySettleMilliseconds = 300;

/** Phases that carry nothing but their name. */
type PlainPhaseName = Exclude<LifecyclePhase, { name: "reconnecting" | "ended" | "failed" }>["name"];

const socketPhases = ["connecting", "replaying", "live"];

/** What a session starts with, and what a replaced session forgets. */
const freshSession = { sessionId: null, sessionRestored: false, joinRequested: false, sessionEnded: null } as const;

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
 * nothing), and the only place that decides what happens next. It works on a copy of `state` (nested
 * values are replaced, never changed) and collects effects in order; a change of phase cancels the old
 * phase's timer first.
 */
export function transition(state: LifecycleState, input: LifecycleInput): Transition {
  const next: LifecycleState = { ...state };
  const effects: LifecycleEffect[] = [];
  const phase = state.phase.name;
  const close: LifecycleEffect = { type: "close-socket" };
  const push = (...added: LifecycleEffect[]) => void effects.push(...added);
  const enter = (name: PlainPhaseName, ...added: LifecycleEffect[]) => {
    next.phase = { name };
    push(...added);
  };
  const end = (reason: string) => {
    next.sessionEnded = reason;
    next.phase = { name: "ended", reason };
  };

  /** Takes the next step towards a live socket: a token, then a session, then the socket. */
  const proceed = (): void => {
    if (!next.online) return enter("offline");
    if (!next.hasToken) return enter("authorizing", { type: "request", request: "access-token" });
    if (next.sessionId === null) return enter("creating-session", { type: "request", request: "sessions" });
    if (input.now - next.lastActivityAt > sessionIdleExpiryMilliseconds) return replaceSession();
    enter("connecting", { type: "open-socket", sessionId: next.sessionId });
  };

  /** The session is gone: forget it, say so, and create another one. */
  const replaceSession = () => {
    push({ type: "forget-session", notice: true });
    Object.assign(next, freshSession, freshAttempts);
    proceed();
  };

  /** Spends one attempt of the budget and waits the backoff, or fails when the budget is spent. */
  const scheduleReconnect = (): void => {
    if (!next.online) return enter("offline");
    const attempt = (next.attempt += 1);
    if (attempt > next.budget) {
      const message = `Could not reconnect after ${next.budget} attempts: start a new conversation.`;
      next.phase = { name: "failed", error: { kind: "budget-exhausted", message } };
      return;
    }
    const delay = reconnectDelay(attempt, () => input.random);
    next.phase = { name: "reconnecting", attempt, nextAttemptAt: input.now + delay };
    push({ type: "start-timer", milliseconds: delay });
  };

  /** Carries out the classified answer to a failure; `cleanUp` runs first. */
  const act = (failure: Failure, ...cleanUp: LifecycleEffect[]): void => {
    push(...cleanUp);
    switch (classifyFailure(failure, next)) {
      case "retry":
        return scheduleReconnect();
      case "refresh-token": {
        const again = next.tokenRefreshedInStreak;
        next.hasToken = false;
        next.tokenRefreshedInStreak = true;
        // A second refusal in the same run waits the backoff, so a persistent 401 cannot spin.
        return again ? scheduleReconnect() : proceed();
      }
      case "new-session":
        return replaceSession();
      case "fall-back":
        return enter("fallback", { type: "hand-over" });
      case "fatal":
        if (next.sessionEnded !== null) return end(next.sessionEnded);
        next.phase = { name: "failed", error: describeFailure(failure, next.host) };
    }
  };

  /** The replay is over: join when due (before anything queued goes out), then start the heartbeat. */
  const goLive = () => {
    if (next.sessionEnded === null && !next.joinRequested) push(sendFrame("EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN"));
    Object.assign(next, { joinRequested: true, heartbeatsUnanswered: 0, liveSince: input.now });
    enter("live", { type: "end-replay" }, heartbeat());
  };
  const heartbeat = (): LifecycleEffect => ({ type: "start-timer", milliseconds: next.heartbeatMilliseconds });

  // A minute of stable connection clears the attempt count; it is read whenever something happens.
  if (phase === "live" && input.now - state.liveSince >= stableAfterMilliseconds) next.attempt = 0;
  if (phase !== "fallback") {
    switch (input.type) {
      case "start":
        if (phase !== "idle") break;
        Object.assign(next, {
          transport: input.transport,
          host: input.host,
          online: input.online,
          sessionId: input.restored?.sessionId ?? null,
          sessionRestored: input.restored !== null,
          joinRequested: input.restored?.joinRequested ?? false,
          lastActivityAt: input.restored?.lastActivityAt ?? input.now,
        });
        if (input.useChatApi) enter("fallback", { type: "hand-over" });
        else proceed();
        break;
      case "token-received":
        next.hasToken = true;
        if (phase === "authorizing") proceed();
        break;
      case "request-failed":
        if (phase === (input.request === "access-token" ? "authorizing" : "creating-session")) act({ kind: "http", request: input.request, error: input.error });
        break;
      case "session-created":
        Object.assign(next, freshSession, { sessionId: input.sessionId, lastActivityAt: input.now });
        if (phase === "creating-session") proceed();
        break;
      case "socket-opened":
        if (phase !== "connecting") break;
        Object.assign(next, freshAttempts, { sessionRestored: false, anySocketOpened: true, lastActivityAt: input.now });
        enter("replaying");
        break;
      case "socket-closed":
        if (phase === "connecting") act({ kind: "handshake", consecutive: (next.handshakeFailures += 1) });
        else if (phase === "replaying" || phase === "live") act({ kind: "close", code: input.code, sessionEnded: next.sessionEnded !== null }, close);
        break;
      case "frame-received":
        // An ended session takes no join request either: both mean "do not join".
        next.joinRequested ||= input.joinNeedless;
        next.heartbeatsUnanswered = 0;
        if (input.capabilities) {
          next.budget = reconnectBudget(input.capabilities);
          next.heartbeatMilliseconds = heartbeatInterval(input.capabilities);
        }
        if (phase !== "replaying") break;
        if (input.batch && input.mayContinue) push({ type: "start-timer", milliseconds: replaySettleMilliseconds });
        else goLive();
        break;
      case "session-ended":
        if (!socketPhases.includes(phase)) next.sessionEnded = input.reason;
        // An abandoned session is gone on the server (4001 follows): the conversation goes on in a new one.
        else if (input.reason === "REASON_USER_ABANDONED") act({ kind: "idle-expired" }, close);
        else {
          push(close);
          end(input.reason);
        }
        break;
      case "frame-sent":
        next.lastActivityAt = input.now;
        break;
      case "timer-fired":
        if (phase === "reconnecting") proceed();
        else if (phase === "replaying") goLive();
        // Two heartbeats with nothing received since mean a dead socket, and a message echo missing as long
        // means a lost frame: either way the socket is replaced at once (spending one attempt), and the
        // replay then tells which messages arrived, so nothing is sent twice.
        else if (phase !== "live") break;
        else if (next.heartbeatsUnanswered < 2 && !input.echoOverdue) {
          next.heartbeatsUnanswered += 1;
          push(sendFrame("EVENT_TYPE_HEARTBEAT"), heartbeat());
        } else if (next.attempt + 1 > next.budget) act({ kind: "dead-socket" }, close);
        else {
          push(close);
          next.attempt += 1;
          next.heartbeatsUnanswered = 0;
          proceed();
        }
        break;
      case "went-offline":
        next.online = false;
        if (proceeds(phase)) enter("offline", close);
        break;
      case "woke":
        next.online = true;
        if (phase === "offline" || phase === "reconnecting") proceed();
        break;
      case "retry-now":
        if (phase === "failed" || phase === "offline") next.attempt = 0;
        if (phase === "reconnecting" || phase === "failed" || phase === "offline") proceed();
        break;
      case "end-requested":
        if (phase === "live") push(sendFrame("EVENT_TYPE_USER_END_SESSION"));
        else if (phase !== "ended" && phase !== "idle") {
          push(close);
          end("REASON_USER_END");
        }
        break;
      case "new-conversation":
        push(close, { type: "forget-session", notice: false });
        Object.assign(next, freshSession, freshAttempts, { attempt: 0 });
        proceed();
    }
  }
  if (next.phase !== state.phase) effects.unshift({ type: "cancel-timer" });
  return { state: next, effects };
}

/** Phases on the way to a live socket, which going offline interrupts. */
function proceeds(phase: LifecyclePhase["name"]): boolean {
  return phase === "authorizing" || phase === "creating-session" || phase === "reconnecting" || socketPhases.includes(phase);
}

function sendFrame(type: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN" | "EVENT_TYPE_HEARTBEAT" | "EVENT_TYPE_USER_END_SESSION"): LifecycleEffect {
  return { type: "send-frame", frame: { type, payload: {} } };
}
