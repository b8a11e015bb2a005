import type { ClientFrame, SessionCapabilities } from "../../protocol/index.ts";
import type { ChatErrorInfo, ConnectionState } from "../conversation.ts";
import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { DeliveryFacts } from "../delivery/delivery.ts";
import type { ChatError } from "../errors.ts";

/** Where the connection stands: the one lifecycle union. */
export type LifecyclePhase =
  | { name: "idle" }
  | { name: "authorizing" }
  | { name: "creating-session" }
  | { name: "connecting" }
  /** The socket is open and the history replay arrives; it is over once it has settled. */
  | { name: "replaying" }
  | { name: "live" }
  | { name: "reconnecting"; attempt: number; nextAttemptAt: number }
  | { name: "offline" }
  /**
   * The session is gone and nothing waits to be sent: the conversation waits for the visitor, with no
   * session, socket or timer, until a message is written or the visitor engages. `notice` is said then.
   */
  | { name: "dormant"; notice: NewSessionNotice }
  /** The Chat API transport has taken over; the lifecycle then only decides message sizes. */
  | { name: "fallback" }
  | { name: "ended"; reason: string }
  | { name: "failed"; error: ChatErrorInfo };

/**
 * Why a conversation goes on in a new session: its session `new-session` expired (the platform said so, or it
 * was idle longer than the platform keeps one), or `session-not-resumed` could not be continued.
 */
export type NewSessionNotice = "new-session" | "session-not-resumed";

/**
 * Where the join request stands. It is `done` only once the history or the live stream shows an agent
 * joined (or the session ended): `due` is to be sent, `sent` went out on the current socket, `echoed` the
 * server has it and the agent has not joined yet.
 */
export type JoinState = "due" | "sent" | "echoed" | "done";

/**
 * The access token the runner holds, as far as the lifecycle needs to know: `fresh` was fetched and has
 * opened nothing yet, `bound` created or opened the current session (a platform may bind tokens to it).
 */
export type TokenState = "none" | "fresh" | "bound";

/** The lifecycle's timers: the current phase's one (cancelled by a change of phase), and the join retry. */
export type TimerName = "phase" | "join";

/** The lifecycle phase and what the lifecycle remembers across phases. Never holds the access token. */
export interface LifecycleState {
  phase: LifecyclePhase;
  transport: "auto" | "messaging";
  /** The X-Host, kept only to name a refused host. */
  host: string;
  online: boolean;
  token: TokenState;
  /**
   * When the held token is to be renewed (epoch milliseconds), at the first quiet moment after: a platform
   * may bind tokens to their session, and a session is left safely only while nothing is on its way.
   * Infinity when the token never runs out.
   */
  tokenRenewAt: number;
  /** When the held token can no longer open a socket (epoch milliseconds); Infinity when it never runs out. */
  tokenExpiresAt: number;
  sessionId: string | null;
  /** The current session came from storage and no socket of it has opened in this client yet. */
  sessionRestored: boolean;
  /** The session may be gone: it was restored, or it closed with no end said (a token new to it, or idleness, also make it so). */
  sessionDoubtful: boolean;
  /** This client created the session and no socket of it has gone live: its history holds nothing to wait for. */
  sessionFresh: boolean;
  /** Some socket of this client has opened, so WebSockets do get through. */
  anySocketOpened: boolean;
  join: JoinState;
  /** The `client_event_id` of the join request last sent, which a server error may answer. */
  joinEventId: string | null;
  /** Join requests sent again after the agent could not start. */
  joinRetries: number;
  /**
   * Whether the next user message must be preceded by a join request: `when-agent-leaves` after
   * `CLIENT_HANDOFF_REQUIRED`, `before-next-message` once the service agent has left after it, `not-needed`
   * otherwise. Only a user message sends that join.
   */
  rejoin: RejoinNeed;
  /** The message sent again after the server lost the conversation: it is sent again only once. */
  resentMessageId: string | null;
  /** The message moved to a new session when joining did not help: it is moved only once, whatever the session. */
  relocatedMessageId: string | null;
  /** `SESSION_END` reason seen on this session, if any. */
  sessionEnded: string | null;
  /** Reconnect attempts spent since the connection last got through (a live frame, or a minute live). */
  attempt: number;
  /** Reconnect attempts allowed; Infinity when the platform announces 0 (unlimited). */
  budget: number;
  /** Sockets in a row that closed before opening. */
  handshakeFailures: number;
  /** A fresh token was already fetched during this run of failed handshakes. */
  tokenRefreshedInStreak: boolean;
  /**
   * Handshakes failed since the platform last answered a handshake call (a token or a session) in this run
   * of failures; null while it has not answered in it.
   */
  refusedSinceAnswer: number | null;
  /** The heartbeat period; 0 when the platform turned heartbeats off. */
  heartbeatMilliseconds: number;
  /** Heartbeats sent since the last frame arrived. */
  heartbeatsUnanswered: number;
  /** This platform has answered a heartbeat, so silence after heartbeats means a dead socket. */
  heartbeatEchoSeen: boolean;
  /** The largest user-message frame the platform takes, in UTF-8 bytes. */
  maxMessageBytes: number;
  /** A history batch arrived on the current socket. */
  batchReceived: boolean;
  /** The current socket resumed the session after a cursor: a platform may send no batch then. */
  cursorResume: boolean;
  /** Epoch milliseconds of the last frame the client sent (or the last socket opened). */
  lastActivityAt: number;
  /** Epoch milliseconds when the connection last went live. */
  liveSince: number;
  /**
   * The visitor engaged (opened the panel) since the connection was last live, while it was on its way:
   * a session found gone then is replaced at once, since someone is there to see the conversation go on.
   */
  visitorEngaged: boolean;
}

/** Whether the service agent must be asked to join again before the next user message; see `LifecycleState.rejoin`. */
export type RejoinNeed = "not-needed" | "when-agent-leaves" | "before-next-message";

/** A server text whose prescribed remedy is the lifecycle's to choose. */
export type ServerCondition =
  /** The agent failed to start: the join is sent again after a pause. */
  | "unable-to-start"
  /** The session has no conversation: join, then send the message that got the error again. */
  | "conversation-lost"
  /** The session no longer exists: a new one is needed. */
  | "session-lost"
  /** A message sent during a live handoff could not be passed on to the live agent: it was not delivered. */
  | "forward-refused"
  /** The platform could not look the session up for a moment: the message it names was not taken. */
  | "retrieve-failed"
  /** The connector is no longer valid: nothing can work until the site's configuration is fixed. */
  | "connector-lost";

/** What an event applied in order (after de-duplication) tells the lifecycle. */
export type LifecycleSignal =
  | { kind: "session-started"; capabilities: SessionCapabilities }
  /** A service or live agent joined, or the server says one already has. */
  | { kind: "agent-joined" }
  | { kind: "join-echoed" }
  | { kind: "client-handoff" }
  | { kind: "agent-left" }
  /** A handoff to a live agent failed or timed out: the platform's agent is to take the conversation back. */
  | { kind: "handoff-failed" }
  | { kind: "session-ended"; reason: string }
  /** `answers`: the `client_event_id` of the frame the error answers, when the server echoed it. */
  | { kind: "server-condition"; condition: ServerCondition; answers: string | null };

/** Everything that can happen to the lifecycle: answers, socket events, frames read, timers, signals, actions. */
export type LifecycleEvent =
  | {
      type: "start";
      transport: "auto" | "messaging";
      useChatApi: boolean;
      host: string;
      online: boolean;
      /** `agentJoined`: the store already shows the agent joined (another tab received it), so no join is due. */
      restored: { sessionId: string; lastActivityAt: number; agentJoined?: boolean } | null;
    }
  /** `expiresInSeconds`: the token's announced lifetime, null when unknown. */
  | { type: "token-received"; expiresInSeconds: number | null }
  | { type: "session-created"; sessionId: string }
  /** A handshake call failed after its own retries. */
  | { type: "request-failed"; request: "access-token" | "sessions"; error: ChatError }
  /** `afterCursor`: it resumes the session after a cursor, so the platform may have nothing to replay. */
  | { type: "socket-opened"; afterCursor: boolean }
  | { type: "socket-closed"; code: number }
  /** A frame arrived (after its events were applied), which shows the socket alive. */
  | { type: "frame-received"; batch: boolean; heartbeatEcho: boolean }
  /** An event was applied in order; `history` when this tab had received it before a reload. */
  | { type: "event-applied"; signal: LifecycleSignal; history: boolean }
  /** The outbox changed: a message may wait to go out. */
  | { type: "outbox-changed" }
  /** The user wrote a message whose frame is `frameBytes` long: may it be queued? Changes no state. */
  | { type: "message-written"; frameBytes: number }
  /** A frame went out; `joinEventId` when it was the join request. */
  | { type: "frame-sent"; joinEventId?: string }
  | { type: "timer-fired"; timer: TimerName }
  | { type: "went-offline" }
  | { type: "woke" }
  | { type: "retry-now" }
  /** The visitor engaged (opened the panel) or the site asked to start: a conversation left dormant goes on. */
  | { type: "engaged" }
  | { type: "end-requested" }
  | { type: "new-conversation" };

/**
 * Something that happened, with the facts the runner adds to each: the clock, one random sample, delivery,
 * and whether an agent is answering or on the way (see `ConversationStore.agentEngaged`).
 */
export type LifecycleInput = LifecycleEvent & { now: number; random: number; delivery: DeliveryFacts; agentEngaged: boolean };

/** What the runner must do; plain data, run in order. */
export type LifecycleEffect =
  | { type: "request"; request: "access-token" | "sessions" }
  | { type: "open-socket"; sessionId: string }
  /** Closes the socket if one is open; what was in flight on it now awaits the next replay. */
  | { type: "close-socket" }
  | { type: "start-timer"; timer: TimerName; milliseconds: number }
  | { type: "cancel-timer"; timer: TimerName }
  /**
   * A heartbeat or the user's end of the session. `leaving`: the last frame of a session being left, sent
   * on its socket whatever the phase now is, and reported to nobody.
   */
  | { type: "send-frame"; frame: ClientFrame; leaving?: true }
  /** Send the join request with a new `client_event_id`, then report it as `frame-sent`. */
  | { type: "send-join" }
  /** Send the outbox's queued messages on the live socket. */
  | { type: "send-messages" }
  /** The replay has settled: queue again, or fail once it has had `maxAttempts`, what it did not confirm. */
  | { type: "settle-replay"; maxAttempts: number }
  /**
   * The session is left: what may have reached it is `unconfirmed`, never sent to the next one behind the
   * user's back.
   */
  | { type: "leave-session" }
  /**
   * Put the delivered message `id` back: `queued` to send it again with its id, `failed` for the user to
   * retry with one tap.
   */
  | { type: "place-back"; id: string; state: "queued" | "failed" }
  /**
   * The platform refused message `id` (or, when it named none, the oldest one in flight): it was not
   * delivered, and fails for the user to retry.
   */
  | { type: "not-delivered"; id: string | null }
  /** The platform did not take message `id`, which was in flight: it waits to be sent again, in its place. */
  | { type: "requeue"; id: string }
  /** The message just written is refused: its frame is over `limitBytes`. */
  | { type: "refuse-message"; limitBytes: number }
  /** Forget the session: its events, its cursor and its stored record. */
  | { type: "forget-session" }
  /** Forget the conversation: the transcript and the outbox. */
  | { type: "reset-conversation" }
  /** Tell the conversation store: a notice, an answer cut by the loss of its session, or the end of the conversation. */
  | { type: "apply"; event: Extract<ConversationEvent, { kind: "notice" | "session-ended" | "answer-cut" }> }
  /** Switch to the Chat API. */
  | { type: "hand-over" }
  /** Tell the store how the connection reads now (the phase changed). */
  | { type: "show-connection"; connection: ConnectionState }
  /** Store the session as it stands, with delivery's outbox and how far the history was received. */
  | { type: "persist"; sessionId: string; lastActivityAt: number };

/** The result of one step: the next state and the effects to run, in order. */
export interface Transition {
  state: LifecycleState;
  effects: LifecycleEffect[];
}
