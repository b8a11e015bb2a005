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
}

export interface ReferenceServer {
  /** `http://127.0.0.1:<port>`, the Messaging URL, the Chat API base host and the demo pages' origin. */
  url: string;
  credentials: DemoCredentials;
  faults: FaultControls;
  inspect: ServerInspector;
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
}

export type FaultEndpoint =
  | "access-token"
  | "sessions"
  | "ws"
  | "chat-create"
  | "chat-respond"
  | "chat-close";

/** Test-only faults, all off by default; `reset()` turns them all off again. */
export interface FaultControls {
  /** Closes every socket of the session now, abnormally (code 1006 as the client sees it). */
  dropSockets(sessionId: string): void;
  /** Closes every socket of the session right after it has been sent `liveEvents` more live events. */
  dropSocketsAfter(sessionId: string, liveEvents: number): void;
  /** The next replay (of this session, or any when omitted) sends every event twice. */
  duplicateNextReplay(sessionId?: string): void;
  /** The next replay (of this session, or any) sends its events shuffled out of sequence order. */
  reorderNextReplay(sessionId?: string): void;
  /** The next `count` requests to `endpoint` are answered with `status` (429 carries `Retry-After`). */
  failNextRequests(endpoint: FaultEndpoint, count: number, status: 429 | 500, retryAfterSeconds?: number): void;
  /** Every access token issued so far stops being valid. */
  expireTokens(): void;
  /** Ends the session as abandoned now: `SESSION_END` (`REASON_USER_ABANDONED`), close 4001, then 404. */
  expireSession(sessionId: string): void;
  /** While on, every WebSocket upgrade is refused (as a proxy that blocks WebSockets would). */
  refuseUpgrades(refuse: boolean): void;
  reset(): void;
}

/** Read-only views of the server's record, for tests that compare the client with the server. */
export interface ServerInspector {
  /** Every stored (replayable) event of the session, in sequence order. */
  storedEvents(sessionId: string): readonly StoredEventView[];
  /** Every user message the session received, in order, with the `client_event_id` it carried, if any. */
  receivedUserMessages(sessionId: string): readonly { text: string; clientEventId?: string }[];
  /** Ids of every session that exists now. */
  sessionIds(): readonly string[];
  /** Open sockets of the session. */
  openSocketCount(sessionId: string): number;
}

export interface StoredEventView {
  id: string;
  sequence: number;
  type: string;
  payload: Record<string, unknown>;
  timestamp: string;
  metadata?: { custom?: Record<string, unknown> };
}
