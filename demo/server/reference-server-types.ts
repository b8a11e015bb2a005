/** The reference server's programmatic surface, used by `npm start`, the conformance suite and e2e. */

export interface ReferenceServerOptions {
  /** 0 (default in tests) picks a free port; the CLI uses 8787 or `PORT`. */
  port?: number;
  /** Always a loopback address; default `127.0.0.1`. */
  host?: string;
  /**
   * Multiplies every timer of the server: the demo agent's pacing, chunk intervals, queue countdowns,
   * idle expiry and warnings. `0.01` makes a 10-minute expiry 6 seconds. Default 1.
   */
  timeScale?: number;
  /** Overrides the idle expiry (after `timeScale` is applied it is this value, unscaled). */
  sessionIdleMilliseconds?: number;
  /** Overrides the pause between streamed chunks (unscaled). */
  chunkIntervalMilliseconds?: number;
  /**
   * Folder served as static files at `/` (the demo pages), if any. A page `name.html` with a sibling
   * `name.headers.json` (an object of header names to values) is served with those headers too, which is
   * how the strict-CSP demo page gets its `Content-Security-Policy`.
   */
  staticRoot?: string;
  /** Folder served at `/dist/` (the built widget), if any. */
  distRoot?: string;
  /** Exposes the fault controls over HTTP under `/__faults/` for out-of-process tests. Off by default. */
  exposeFaultEndpoint?: boolean;
  /** Secret that signs access tokens; random per start when absent. */
  tokenSecret?: string;
  /**
   * Where the platform decides differently from the server's default decisions, as a real platform that
   * follows the spec may. Every switch is off when absent, and `{}` (the default) changes nothing. Named
   * sets are in `platformProfiles`.
   */
  platform?: PlatformVariants;
  /**
   * The site's own fetch handlers on the server's origin: a request whose path is `prefix` or starts with
   * `prefix/` goes to the first mount that matches, before any other route. See `Mount`.
   */
  mounts?: readonly Mount[];
  /**
   * Folder served at `/` ahead of `staticRoot`: the avatars and images the demo agent links to. Default:
   * the repository's `public/` folder.
   */
  publicRoot?: string;
  /**
   * The server's time: what rate limits, token and chat expiry read, and what schedules every timer.
   * Default: the system clock. Tests pass a manual clock to move time on command.
   */
  clock?: ServerClock;
}

/**
 * Ways a platform that follows the spec may differ from the server's default decisions. Durations follow
 * `timeScale` like every timer of the server; numbers on the wire (`expires_in`) stay unscaled, as
 * `heartbeat_interval_seconds` does.
 */
export interface PlatformVariants {
  /** The `EVENT_BATCH` wrapper carries only `type` and `payload.events`: no `id`, `sequence` or `timestamp`. */
  batchWithoutId?: boolean;
  /**
   * A replay goes out in batches of at most this many events, however small they are (a batch is still
   * cut early rather than exceed the frame limit).
   */
  replayBatchSize?: number;
  /** Pause between two batches of one replay. Live events that occur meanwhile wait until the last batch. */
  replayBatchDelayMilliseconds?: number;
  /**
   * Sequences increase but skip numbers: every transient event consumes one, and every stored event skips
   * one more, so no two stored events are ever consecutive.
   */
  skippingSequences?: boolean;
  /**
   * Streamed chunks go out live with `sequence: null` and are never stored. When a stream completes, one
   * whole `SERVICE_AGENT_MESSAGE` (same `message_id`, the whole text, every attachment and suggestion) is
   * stored and sent right after its last chunk, so history holds the assembled message.
   */
  assembledHistory?: boolean;
  /** `"full"` (default): the whole echo; `"without-id"`: no `id` or `timestamp`; `"none"`: no echo. */
  heartbeatEcho?: "full" | "without-id" | "none";
  /**
   * An access token opens only the session it created; a handshake with any other token gets 401
   * `authentication failed`. Any valid token still creates sessions.
   */
  sessionBoundTokens?: boolean;
  /** Idle expiry closes the session's sockets with 1000 and sends no `SESSION_END`; the session is gone (404). */
  idleCloseWithoutEnd?: boolean;
  /**
   * Access tokens expire this many seconds after they are issued, and `expires_in` says so. An expired
   * token gets 401 `Invalid access token` from sessions and `authentication failed` from the upgrade.
   */
  tokenExpirySeconds?: number;
  /**
   * A Chat API `respond` after this long without a call on its conversation answers 400 `CHAT_TIMEOUT`
   * ("Chat session exceeded the timeout limit.") and the conversation is gone: later calls get 404.
   */
  chatTimeoutSeconds?: number;
  /** `SESSION_START` announces `max_reconnect_attempts: 0` (unlimited) and `heartbeat_interval_seconds: 0` (off). */
  zeroCapabilities?: boolean;
  /**
   * A join request while an agent is in the session is refused, not echoed: a transient `SYSTEM_MESSAGE`
   * at level error, `Error: Service agent already joined`, carrying the join frame's `metadata`.
   */
  refuseSecondJoin?: boolean;
  /**
   * The history replay carries no event's `metadata`: a user message comes back without the
   * `metadata.custom` it was sent with. The live echo, and an error answering a frame, still carry it.
   */
  historyWithoutMetadata?: boolean;
  /** A socket whose cursor is already at the latest stored event gets no `EVENT_BATCH` at all: live events simply follow. */
  silentResume?: boolean;
  /**
   * The first WebSocket upgrade made with an access token to a session that token did not create (after a
   * reload or a token renewal) is refused once, with 503, as a busy gateway might; the next may pass.
   */
  refuseFirstResume?: boolean;
  /**
   * Every this many streamed agent messages of a session, one is cut halfway: after half its chunks, the
   * stored error `Sorry, I encountered an error. Please try again.`, and nothing more of that message. (A
   * history of assembled messages keeps what streamed as the whole message, before the error.)
   */
  streamErrorEvery?: number;
  /**
   * A user message sent while a live handoff waits for its live agent (accepted, not yet joined) is refused:
   * not echoed nor stored, answered with the transient error `Failed to forward message to live agent`,
   * which carries the frame's `metadata`.
   */
  forwardFailures?: boolean;
  /** Only a user message counts as activity: heartbeats and other frames do not put off the idle expiry. */
  heartbeatsNotActivity?: boolean;
}

/**
 * A fetch handler mounted on the reference server's origin, such as the site's server companion. The
 * request carries the client's address in `x-forwarded-for` (set by this server, replacing any value the
 * client sent) and an abort `signal` that fires when the client goes away. The response body is streamed
 * as the handler produces it; every `set-cookie` header is kept.
 */
export interface Mount {
  /** A path prefix such as `/companion`: matches `/companion` and `/companion/…`, never `/companionship`. */
  prefix: string;
  handler: (request: Request) => Promise<Response>;
}

/** The time source and scheduler the server runs on. */
export interface ServerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `action` once, `milliseconds` from now; the handle goes to `clearTimeout`. */
  setTimeout(action: () => void, milliseconds: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReferenceServer {
  /** `http://127.0.0.1:<port>`, the Messaging URL, the Chat API base host and the demo pages' origin. */
  url: string;
  credentials: DemoCredentials;
  faults: FaultControls;
  inspect: ServerInspector;
  /** The platform variants this server runs with (`{}` for the default decisions). */
  platform: Readonly<PlatformVariants>;
  close(): Promise<void>;
}

export interface DemoCredentials {
  /** Connector registered to `registeredHost` (a host name; subdomains accepted). */
  connectorToken: string;
  registeredHost: string;
  /**
   * Connector the demo pages use: registered to the loopback names in `demoHosts` (`127.0.0.1` and
   * `localhost`), so a page served by the reference server can use its own host name as `X-Host`.
   */
  demoConnectorToken: string;
  demoHosts: readonly string[];
  /** Connector registered to an app namespace, which must match exactly. */
  appConnectorToken: string;
  appNamespace: string;
  /** Connector with no host configured (answers `Connector missing host domain`). */
  hostlessConnectorToken: string;
  /** A second web connector, for tokens that must not open the first one's sessions. */
  otherConnectorToken: string;
  otherRegisteredHost: string;
  chat: {
    accountId: string;
    projectId: string;
    apiKey: string;
    token: string;
    /** `${url}/v1/${accountId}/${projectId}/chat` */
    baseUrl: string;
  };
  /** Outbound Calling: its `{base_url}` and the `X-Service-Auth-Token` it takes. */
  outbound: { url: string; serviceAuthToken: string };
  /** DNI: its `{base_url}` and its `x-api-key`. */
  dni: { url: string; apiKey: string };
  /** External Events: its `{base_url}`, its `X-Api-Key`, and the account and project its events go to. */
  externalEvents: { url: string; apiKey: string; accountId: string; projectId: string };
}

export type FaultEndpoint =
  | "access-token"
  | "sessions"
  | "ws"
  | "chat-create"
  | "chat-respond"
  | "chat-close"
  | "outbound-call"
  | "outbound-status"
  | "dni-reservation"
  | "external-event";

/**
 * How one outbound call goes: `queuedMilliseconds` in `queued`, then `callingMilliseconds` in `calling`,
 * then `outcome` for good (a failure with `reason`, by default the platform's queueing timeout). The
 * durations are as given, not scaled by `timeScale`.
 */
export interface CallScript {
  queuedMilliseconds: number;
  callingMilliseconds: number;
  outcome: "success" | "failure";
  reason?: string;
}

/** Test-only faults, all off by default; `reset()` turns them all off again. */
export interface FaultControls {
  /** Closes every socket of the session now, abnormally (code 1006 as the client sees it). */
  dropSockets(sessionId: string): void;
  /** Closes every socket of the session right after it has been sent `liveEvents` more live events. */
  dropSocketsAfter(sessionId: string, liveEvents: number): void;
  /**
   * While `muted`, the session's sockets are sent no live event, as a connection whose way back died would
   * be: what happens is still stored, and a later replay carries it.
   */
  muteLiveEvents(sessionId: string, muted: boolean): void;
  /** The session's next streamed agent message is cut halfway by the platform's streaming error. */
  cutNextStream(sessionId: string): void;
  /**
   * The session's next user message to a live agent (awaited or joined) is refused with the transient error
   * `Failed to forward message to live agent`, carrying its metadata: neither echoed nor stored nor
   * answered. Once; messages before the handoff go through and leave the fault pending.
   */
  failNextForward(sessionId: string): void;
  /** The next replay (of this session, or any when omitted) sends every event twice. */
  duplicateNextReplay(sessionId?: string): void;
  /** The next replay (of this session, or any) sends its events shuffled out of sequence order. */
  reorderNextReplay(sessionId?: string): void;
  /** The next `count` requests to `endpoint` are answered with `status` (429 carries `Retry-After`). */
  failNextRequests(endpoint: FaultEndpoint, count: number, status: 429 | 500, retryAfterSeconds?: number): void;
  /** Every access token issued so far stops being valid. */
  expireTokens(): void;
  /**
   * Expires the session now as its idle expiry would: `SESSION_END` (`REASON_USER_ABANDONED`), close 4001,
   * then 404 (with `idleCloseWithoutEnd`: close 1000 and no `SESSION_END`).
   */
  expireSession(sessionId: string): void;
  /** While on, every WebSocket upgrade is refused (as a proxy that blocks WebSockets would). */
  refuseUpgrades(refuse: boolean): void;
  /**
   * Stores a `SERVICE_AGENT_MESSAGE` with `text` in the session now, as the agent would send it: live to its
   * sockets, and in every later replay. For text no demo phrase produces, such as hostile Markdown.
   */
  sendAgentMessage(sessionId: string, text: string): void;
  /**
   * The next outbound calls go as `scripts` say, one script per call in order; later calls go the
   * default way again (a few seconds queued and calling at full scale, then `success`). A script's
   * `retentionMilliseconds`, when given, is how long its status stays readable after it ends.
   */
  scriptCalls(scripts: readonly (CallScript & { retentionMilliseconds?: number })[]): void;
  reset(): void;
}

/** Read-only views of the server's record, for tests that compare the client with the server. */
export interface ServerInspector {
  /** Every stored (replayable) event of the session, in sequence order. */
  storedEvents(sessionId: string): readonly StoredEventView[];
  /** Every user message the session received, in order, with the `client_event_id` it carried, if any. */
  receivedUserMessages(sessionId: string): readonly { text: string; clientEventId?: string }[];
  /** The Chat API conversations the server holds, oldest first, with the `integration_attributes` each was created with. */
  chatConversations(): readonly { id: string; integrationAttributes?: Record<string, unknown> }[];
  /** Ids of every session that exists now. */
  sessionIds(): readonly string[];
  /** Open sockets of the session. */
  openSocketCount(sessionId: string): number;
  /** Client frames of the session dropped without notice by the socket rate limit so far. */
  droppedFrameCount(sessionId: string): number;
  /**
   * Resolves once the session's demo agent has nothing left to send (every scheduled step has run); at
   * once for an idle or unknown session.
   */
  whenAgentIdle(sessionId: string): Promise<void>;
  /** Every outbound call placed so far, oldest first, with the times its status was asked for. */
  outboundCalls(): readonly OutboundCallView[];
  /** Every DNI reservation made so far, oldest first. */
  dniReservations(): readonly DniReservationView[];
  /** Every event id the demo agent issued, oldest first, with the bodies the External Events API bound to it. */
  externalEvents(): readonly ExternalEventView[];
}

/** One outbound call as the platform recorded it. */
export interface OutboundCallView {
  callSid: string;
  toNumber: string;
  metadata?: Record<string, unknown>;
  status: "queued" | "calling" | "success" | "failure";
  reason: string;
  /** Server clock milliseconds of every status request for this call, in order. */
  statusRequests: readonly number[];
}

/** One DNI reservation. */
export interface DniReservationView {
  dni: string;
  attributes: Record<string, unknown>;
  /** Server clock milliseconds. */
  reservedAt: number;
  expiresAt: number;
}

/** One event id issued by the demo agent, and what arrived for it. */
export interface ExternalEventView {
  eventId: string;
  /** The conversation it belongs to: a Messaging session id or a Chat API conversation id. */
  conversationId: string;
  /** Bodies received for it, in order: the content type and the text as sent. */
  received: readonly { contentType: string; text: string }[];
}

export interface StoredEventView {
  id: string;
  sequence: number;
  type: string;
  payload: Record<string, unknown>;
  timestamp: string;
  metadata?: { custom?: Record<string, unknown> };
}
