import { defaultMaxReconnectAttempts, maxFrameBytes } from "../../protocol/index.ts";
import type { ChatErrorInfo, ConnectionState } from "../conversation.ts";
import type { LifecycleEffect, LifecyclePhase, LifecycleState, NewSessionNotice, TimerName, Transition } from "./lifecycle-types.ts";
import { defaultHeartbeatMilliseconds } from "./reconnect-policy.ts";

/** Phases that carry nothing but their name. */
export type PlainPhaseName = Exclude<LifecyclePhase, { name: "reconnecting" | "ended" | "failed" | "dormant" }>["name"];

/** The phases with a socket, open or opening. */
export const socketPhases: readonly LifecyclePhase["name"][] = ["connecting", "replaying", "live"];

/** What a session starts with, and what a replaced session forgets. */
export const freshSession = {
  sessionId: null,
  sessionRestored: false,
  sessionDoubtful: false,
  sessionFresh: false,
  join: "due",
  joinEventId: null,
  joinRetries: 0,
  rejoin: "not-needed",
  resentMessageId: null,
  sessionEnded: null,
} as const satisfies Partial<LifecycleState>;

/** What a new run of connection attempts starts with. */
export const freshAttempts = {
  handshakeFailures: 0,
  tokenRefreshedInStreak: false,
  refusedSinceAnswer: null,
  heartbeatsUnanswered: 0,
} as const;

/**
 * The lifecycle before `start`: `idle`, or `dormant` with `notice` for a conversation whose session was
 * forgotten while it waited for the visitor (in another tab), which starts a new one only when the visitor
 * engages and says why then.
 */
export function initialLifecycleState(notice?: NewSessionNotice): LifecycleState {
  return {
    ...freshSession,
    ...freshAttempts,
    phase: notice ? { name: "dormant", notice } : { name: "idle" },
    transport: "auto",
    host: "",
    online: true,
    token: "none",
    tokenRenewAt: Number.POSITIVE_INFINITY,
    tokenExpiresAt: Number.POSITIVE_INFINITY,
    anySocketOpened: false,
    relocatedMessageId: null,
    attempt: 0,
    budget: defaultMaxReconnectAttempts,
    heartbeatMilliseconds: defaultHeartbeatMilliseconds,
    heartbeatEchoSeen: false,
    maxMessageBytes: maxFrameBytes,
    batchReceived: false,
    cursorResume: false,
    lastActivityAt: 0,
    liveSince: 0,
    visitorEngaged: false,
  };
}

/** How the lifecycle reads to a person (the snapshot's `connection`): a dormant conversation is not connected. */
export function toConnectionState(phase: LifecyclePhase): ConnectionState {
  if (phase.name === "dormant") return { status: "idle" };
  const { name, ...details } = phase;
  const status = name === "live" ? "connected" : ["authorizing", "creating-session", "replaying"].includes(name) ? "connecting" : name;
  return { status, ...(name === "ended" ? {} : details) } as ConnectionState;
}

export function enter(state: LifecycleState, name: PlainPhaseName, effects: LifecycleEffect[] = []): Transition {
  return { state: { ...state, phase: { name } }, effects };
}

export function prepend(effects: LifecycleEffect[], next: Transition): Transition {
  return { state: next.state, effects: [...effects, ...next.effects] };
}

export function stay(state: LifecycleState, effects: LifecycleEffect[] = []): Transition {
  return { state, effects };
}

/** The conversation ended: the phase, and the store told once (`history` when this tab had told it before a reload). */
export function end(state: LifecycleState, reason: string, history: boolean, effects: LifecycleEffect[]): Transition {
  return {
    state: { ...state, sessionEnded: reason, phase: { name: "ended", reason } },
    effects: [
      ...effects,
      { type: "cancel-timer", timer: "join" },
      { type: "apply", event: { kind: "session-ended", reason, ...(history && { history }) } },
    ],
  };
}

/** The connection failed for good, with `error` to show; only the visitor's action starts again. */
export function fail(state: LifecycleState, error: ChatErrorInfo, effects: LifecycleEffect[] = []): Transition {
  return { state: { ...state, phase: { name: "failed", error } }, effects };
}

export function startTimer(timer: TimerName, milliseconds: number): LifecycleEffect {
  return { type: "start-timer", timer, milliseconds };
}

export function sendFrame(type: "EVENT_TYPE_HEARTBEAT" | "EVENT_TYPE_USER_END_SESSION", leaving?: true): LifecycleEffect {
  return { type: "send-frame", frame: { type, payload: {} }, leaving };
}
