import type { ClientFrame, SessionCapabilities } from "../protocol/index.ts";
import type { ChatErrorInfo } from "./conversation.ts";
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

/** The lifecycle phase and what the lifecycle remembers across phases. Never holds the access token. */
export interface LifecycleState {
  phase: LifecyclePhase;
  transport: "auto" | "messaging" | "chat";
  /** The X-Host, kept only to explain a refused connector. */
  host: string;
  online: boolean;
  hasToken: boolean;
  sessionId: string | null;
  /** The current session came from storage and no socket of it has opened in this client yet. */
  sessionRestored: boolean;
  /** Some socket of this client has opened, so WebSockets do get through. */
  anySocketOpened: boolean;
  /** No join request is due on this session: it was sent, or the history shows an agent or the end. */
  joinRequested: boolean;
  /**
   * Whether the next user message must be preceded by a join request: `when-agent-leaves` after
   * `CLIENT_HANDOFF_REQUIRED`, `before-next-message` once the service agent has left after it (or the server
   * said the conversation is not found), `not-needed` otherwise. Only a user message sends that join.
   */
  rejoin: RejoinNeed;
  /** `SESSION_END` reason seen on this session, if any. */
  sessionEnded: string | null;
  /** Reconnect attempts spent since the connection was last stable for a minute. */
  attempt: number;
  budget: number;
  /** Sockets in a row that closed before opening. */
  handshakeFailures: number;
  /** A fresh token was already fetched during this run of failed handshakes. */
  tokenRefreshedInStreak: boolean;
  heartbeatMilliseconds: number;
  /** Heartbeats sent since the last frame arrived. */
  heartbeatsUnanswered: number;
  /** Epoch milliseconds of the last frame the client sent (or the last socket opened). */
  lastActivityAt: number;
  /** Epoch milliseconds when the connection last went live. */
  liveSince: number;
}

/** Whether the service agent must be asked to join again before the next user message; see `LifecycleState.rejoin`. */
export type RejoinNeed = "not-needed" | "when-agent-leaves" | "before-next-message";

/**
 * An ordered event that changes who is in the conversation: an agent (service or live) joined, the site
 * must route the user (a client-managed handoff), the service agent left, or the server answered that the
 * conversation is not found (whose remedy is the join request).
 */
export type AgentPresence = "agent-joined" | "client-handoff" | "agent-left" | "conversation-lost";

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
  | { type: "session-created"; sessionId: string }
  /** A handshake call failed after its own retries. */
  | { type: "request-failed"; request: "access-token" | "sessions"; error: ChatError }
  | { type: "socket-opened" }
  | { type: "socket-closed"; code: number }
  /**
   * A frame arrived, which shows the socket alive. Read before ordering: `batch` for a history batch,
   * which `mayContinue` when close to the frame limit; `joinNeedless` when it shows an agent joined or the
   * session ended; `capabilities` when it carried `SESSION_START`.
   */
  | { type: "frame-received"; batch: boolean; mayContinue: boolean; joinNeedless: boolean; capabilities?: SessionCapabilities }
  | { type: "session-ended"; reason: string }
  /** An event applied in order (after de-duplication) changed who is in the conversation. */
  | { type: "agent-presence"; presence: AgentPresence }
  /** The outbox holds messages waiting to go out. */
  | { type: "messages-waiting" }
  | { type: "frame-sent" }
  /**
   * The phase's one timer fired. `echoOverdue`: a user message sent on this socket has had no echo for
   * two heartbeat intervals (a frame the server may drop under its rate limit).
   */
  | { type: "timer-fired"; echoOverdue?: boolean }
  | { type: "went-offline" }
  | { type: "woke" }
  | { type: "retry-now" }
  | { type: "end-requested" }
  | { type: "new-conversation" };

/**
 * What the runner must do; plain data, run in order. The lifecycle has at most one timer, owned by the
 * current phase: a change of phase cancels it, and `start-timer` (re)starts it.
 */
export type LifecycleEffect =
  | { type: "request"; request: "access-token" | "sessions" }
  | { type: "open-socket"; sessionId: string }
  /** Closes the socket if one is open; what was in flight on it is now unconfirmed. */
  | { type: "close-socket" }
  | { type: "start-timer"; milliseconds: number }
  | { type: "cancel-timer" }
  | { type: "send-frame"; frame: ClientFrame }
  /**
   * The replay is over: release held events and check unconfirmed messages against it; what is then queued
   * is reported as `messages-waiting`.
   */
  | { type: "end-replay" }
  /** Send the outbox's queued messages on the live socket. */
  | { type: "send-messages" }
  /** Forget the session's events and cursor (a new session follows), with a notice when it expired. */
  | { type: "forget-session"; notice: boolean }
  /** Switch to the Chat API. */
  | { type: "hand-over" };

/** The result of one step: the next state and the effects to run, in order. */
export interface Transition {
  state: LifecycleState;
  effects: LifecycleEffect[];
}
