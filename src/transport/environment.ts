/**
 * Every effect the transport layer performs comes through here, so the same code runs in a page, under
 * Node against the reference server, and under fake timers with mock-socket. The `cap-chat` entry supplies
 * the browser's (`src/browser-environment.ts`), outside this layer.
 */
export interface Environment {
  /** Opens a WebSocket; null when the platform has none (the Chat API is then used). */
  createWebSocket: ((url: string) => WebSocketLike) | null;
  /** Sends one HTTP request; a rejection whose `code` (or `cause.code`) is `ECONNREFUSED` never reached the server. */
  fetch: (url: string, init: HttpRequest) => Promise<HttpResponse>;
  setTimeout: (callback: () => void, milliseconds: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Epoch milliseconds. */
  now: () => number;
  /** Uniform in [0, 1). */
  random: () => number;
  /** Unique ids for `client_event_id`. */
  createId: () => string;
  /** Tab-scoped storage (the page's session storage), or null when there is none. */
  storage: KeyValueStorage | null;
  /** Whether the network is believed up. */
  isOnline: () => boolean;
  /**
   * Calls `listener` when the network comes back, the page becomes visible again or regains focus (each a
   * moment the platform may be reachable again); returns the remover.
   */
  onWake: (listener: (reason: "online" | "visible" | "focus") => void) => () => void;
  /** Calls `listener` when the network goes away; returns the remover. */
  onOffline: (listener: () => void) => () => void;
  /** The page's host name, the default `X-Host`. */
  pageHost: () => string;
  /** Storage every tab of the site shares (the page's local storage); absent or null where there is none. */
  sharedStorage?: KeyValueStorage | null;
  /** Opens the channel `name` to the site's other tabs in this browser (`BroadcastChannel`); absent or null without one. */
  openChannel?: ((name: string) => TabChannel) | null;
  /** The browser's Web Locks (`navigator.locks`); absent or null without them. */
  locks?: TabLocks | null;
  /**
   * Calls `listener(true)` when the page is frozen or hidden for good or for the back-forward cache
   * (`freeze`, `pagehide`), and `listener(false)` when it comes back (`resume`, `pageshow`); returns the remover.
   */
  onFreeze?: ((listener: (frozen: boolean) => void) => () => void) | null;
}

/** A channel to the other tabs (`BroadcastChannel`): what one posts, every other one receives, in the order posted. */
export interface TabChannel {
  postMessage(message: unknown): void;
  /** Called with each message another tab posts. */
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

/** The part of Web Locks (`LockManager`) the tabs use. */
export interface TabLocks {
  /**
   * Waits for the browser-wide lock `name`, then calls `granted`, holding the lock until the promise it
   * returns settles (or the tab goes away); `granted` returning nothing releases it at once.
   */
  request(name: string, granted: () => Promise<void> | undefined): Promise<unknown>;
}

/** The part of the WebSocket API the client uses. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface HttpRequest {
  method: "GET" | "POST" | "PUT";
  headers: Record<string, string>;
  body?: string;
  /** Set only for the site's own token endpoint, whose cookies identify the visitor. */
  credentials?: "include";
}

export interface HttpResponse {
  status: number;
  /** Reads one header, case-insensitively; null when absent. */
  header(name: string): string | null;
  text(): Promise<string>;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
