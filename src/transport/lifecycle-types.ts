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
  /** The replay is over: release held events, check unconfirmed messages against it, then send the queue. */
  | { type: "end-replay" }
  /** Forget the session's events and cursor (a new session follows), with a notice when it expired. */
  | { type: "forget-session"; notice: boolean }
  /** Switch to the Chat API. */
  | { type: "hand-over" };

/** The result of one step: the next state and the effects to run, in order. */
export interface Transition {
  state: LifecycleState;
  effects: LifecycleEffect[];
}
