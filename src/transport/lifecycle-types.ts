import type { ClientFrame, SessionCapabilities } from "../protocol/index.ts";
import type { ChatErrorInfo, ConnectionState } from "./conversation.ts";
import type { ChatError } from "./errors.ts";

/** Where the Messaging connection stands: the one lifecycle union. */
export type LifecyclePhase =
  | { name: "idle" }
  | { name: "authorizing" }
  | { name: "creating-session" }
  | { name: "connecting" }
  | { name: "replaying" }
  | { name: "live" }
  | { name: "reconnecting"; attempt: number; nextAttemptAt: number }
  | { name: "offline" }
  | { name: "fallback" }
  | { name: "ended"; reason: string }
  | { name: "failed"; error: ChatErrorInfo };

/** The lifecycle's timers; starting one that runs restarts it. */
export type TimerName = "reconnect" | "heartbeat" | "heartbeat-deadline" | "stable" | "replay-settle";

/** The lifecycle phase and what the lifecycle remembers across phases. Never holds the access token. */
export interface LifecycleState {
  phase: LifecyclePhase;
  transport: "auto" | "messaging" | "chat";
  /** The X-Host, kept only to explain a refused connector. */
  host: string;
  online: boolean;
  hasToken: boolean;
  sessionId: string | null;
  sessionRestored: boolean;
  sessionOpened: boolean;
  anySocketOpened: boolean;
  joinRequested: boolean;
  /** The history shows an agent joined (or the session ended): no join request is due. */
  agentInHistory: boolean;
  /** `SESSION_END` reason seen on this session, if any. */
  sessionEnded: string | null;
  /** Reconnect attempts spent since the connection was last stable for a minute. */
  attempt: number;
  budget: number;
  handshakeFailures: number;
  tokenRefreshedInStreak: boolean;
  heartbeatMilliseconds: number;
  awaitingHeartbeat: boolean;
  /** Epoch milliseconds of the last frame the client sent (or the last socket opened). */
  lastActivityAt: number;
}

/** Something that happened; the runner adds the clock reading and one random sample to each. */
export type LifecycleInput = LifecycleEvent & { now: number; random: number };

/** Everything that can happen to the lifecycle: answers, socket events, frames read, timers, signals, actions. */
export type LifecycleEvent =
  | {
      type: "start";
      transport: "auto" | "messaging" | "chat";
      useChatApi: boolean;
      host: string;
      online: boolean;
      restored: { sessionId: string; joinRequested: boolean; lastActivityAt: number } | null;
    }
  | { type: "token-received" }
  | { type: "token-failed"; error: ChatError }
  | { type: "session-created"; sessionId: string }
  | { type: "session-failed"; error: ChatError }
  | { type: "socket-opened" }
  | { type: "socket-closed"; code: number }
  | { type: "session-started"; capabilities: SessionCapabilities }
  /** A frame carried `SERVICE_AGENT_JOINED`/`LIVE_AGENT_JOINED` or `SESSION_END` (seen before ordering). */
  | { type: "history-seen"; agentJoined: boolean; sessionEnded: boolean }
  | { type: "batch-received"; mayContinue: boolean }
  | { type: "live-frame-received" }
  | { type: "heartbeat-echo" }
  | { type: "session-ended"; reason: string }
  | { type: "frame-sent" }
  | { type: "timer-fired"; name: TimerName }
  | { type: "went-offline" }
  | { type: "woke" }
  | { type: "retry-now" }
  | { type: "end-requested" }
  | { type: "new-conversation" }
  | { type: "destroy" };

/** What the runner must do; plain data, run in order. */
export type LifecycleEffect =
  | { type: "request-token" }
  | { type: "create-session" }
  | { type: "open-socket"; sessionId: string }
  | { type: "close-socket"; code: number }
  | { type: "start-timer"; name: TimerName; milliseconds: number }
  | { type: "cancel-timer"; name: TimerName }
  | { type: "send-frame"; frame: ClientFrame }
  /** The replay is over: release held events, then check unconfirmed messages against it. */
  | { type: "end-replay" }
  /** Send the queued user messages on the live socket. */
  | { type: "flush-outbox" }
  /** The socket is gone: what was in flight is now unconfirmed. */
  | { type: "socket-lost" }
  /** Forget the session's events and cursor: a new session follows. */
  | { type: "forget-session" }
  | { type: "persist-session" }
  | { type: "notice"; code: "new-session" }
  /** The conversation ended without the server's word (the user ended it while disconnected). */
  | { type: "end-locally"; reason: string }
  /** Switch to the Chat API. */
  | { type: "hand-over" }
  | { type: "notify"; connection: ConnectionState };

/** The result of one step: the next state and the effects to run, in order. */
export interface Transition {
  state: LifecycleState;
  effects: LifecycleEffect[];
}
