import type {
  Environment,
  HttpRequest,
  HttpResponse,
  KeyValueStorage,
  TabChannel,
  TabLocks,
  WebSocketLike,
} from "./transport/environment.ts";

/**
 * The slice of a page's globals this module reads, typed locally so the transport layer compiles without
 * the DOM library. Every member is optional: Node, workers and locked-down pages lack some of them.
 * This file is the one documented boundary where the transport touches browser globals.
 */
interface BrowserGlobals {
  WebSocket?: new (url: string) => WebSocketLike;
  fetch?: (url: string, init: HttpRequest) => Promise<FetchResponse>;
  setTimeout: (callback: () => void, milliseconds: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  crypto?: { randomUUID?: () => string };
  sessionStorage?: KeyValueStorage;
  localStorage?: KeyValueStorage;
  BroadcastChannel?: new (name: string) => TabChannel;
  navigator?: { onLine?: boolean; locks?: TabLocks };
  location?: { hostname?: string };
  document?: EventTargetLike & { visibilityState?: string };
  addEventListener?: EventTargetLike["addEventListener"];
  removeEventListener?: EventTargetLike["removeEventListener"];
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** One listener: where it listens (absent on some hosts), to which event, and what it runs. */
type Listener = [target: Partial<EventTargetLike> | undefined, event: string, handler: () => void];

/** Adds every listener where its target exists, and returns what removes them all. */
function listenAll(listeners: Listener[]): () => void {
  for (const [target, event, handler] of listeners) target?.addEventListener?.(event, handler);
  return () => {
    for (const [target, event, handler] of listeners) target?.removeEventListener?.(event, handler);
  };
}

interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The key written once to check that storage accepts writes, then removed. */
const storageProbeKey = "cap-chat:probe";

/**
 * The default effects for a page: the global WebSocket (null when absent), fetch (its Headers read
 * case-insensitively), timers, `Date.now`, `Math.random`, ids from `crypto.randomUUID` (a random UUID v4
 * from `Math.random` where that is unavailable, as on plain-http pages),
 * sessionStorage (null when the browser refuses it, for example with cookies blocked; later read and
 * write failures are left to session persistence, which swallows them), `navigator.onLine` (true when unknown), the `online` event and the
 * page becoming visible as wake signals, the `offline` event, and `location.hostname` ("" when absent).
 */
export function createBrowserEnvironment(): Environment {
  const browser = globalThis as unknown as BrowserGlobals;
  const WebSocketClass = browser.WebSocket;
  return {
    createWebSocket: typeof WebSocketClass === "function" ? (url) => new WebSocketClass(url) : null,
    fetch: (url, init) => browserFetch(browser, url, init),
    setTimeout: (callback, milliseconds) => browser.setTimeout(callback, milliseconds),
    clearTimeout: (handle) => browser.clearTimeout(handle),
    now: () => Date.now(),
    random: () => Math.random(),
    createId: () => createId(browser),
    storage: openStorage(browser, "sessionStorage"),
    sharedStorage: openStorage(browser, "localStorage"),
    openChannel: browser.BroadcastChannel ? (name) => new browser.BroadcastChannel!(name) : null,
    locks: browser.navigator?.locks,
    onFreeze(listener) {
      const freeze = () => listener(true);
      const resume = () => listener(false);
      // freeze and resume reach the document, pagehide and pageshow the window.
      return listenAll([
        [browser.document, "freeze", freeze],
        [browser.document, "resume", resume],
        [browser, "pagehide", freeze],
        [browser, "pageshow", resume],
      ]);
    },
    isOnline: () => browser.navigator?.onLine !== false,
    onWake: (listener) =>
      listenAll([
        [browser, "online", () => listener("online")],
        [browser, "focus", () => listener("focus")],
        [browser.document, "visibilitychange", () => browser.document?.visibilityState === "visible" && listener("visible")],
      ]),
    onOffline: (listener) => listenAll([[browser, "offline", () => listener()]]),
    pageHost: () => browser.location?.hostname ?? "",
  };
}

/**
 * The browser defaults with `overrides` on top; an override that is `undefined` keeps the default. Tests
 * and non-browser hosts pass their own effects here.
 */
export function resolveEnvironment(overrides: Partial<Environment> = {}): Environment {
  const environment = createBrowserEnvironment();
  const merged: Record<string, unknown> = { ...environment };
  for (const [key, value] of Object.entries(overrides)) if (value !== undefined) merged[key] = value;
  return merged as unknown as Environment;
}

async function browserFetch(browser: BrowserGlobals, url: string, init: HttpRequest): Promise<HttpResponse> {
  // Without fetch this throws, and the request fails like any network failure.
  const response = await browser.fetch!(url, init);
  return { status: response.status, header: (name) => response.headers.get(name), text: () => response.text() };
}

/**
 * A random UUID v4: `crypto.randomUUID`, else built from `Math.random` (plain-http pages). The ids only
 * need to be unique within a conversation; they are no secret.
 */
function createId(browser: BrowserGlobals): string {
  if (typeof browser.crypto?.randomUUID === "function") return browser.crypto.randomUUID();
  // Each x is random; y carries the RFC 4122 variant bits (8, 9, a or b).
  return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (digit) => {
    const nibble = (Math.random() * 16) | 0;
    return (digit === "x" ? nibble : (nibble & 3) | 8).toString(16);
  });
}

/**
 * The page's session or local storage, once a probe write shows it accepts writes; null when the browser
 * refuses it. Later failures (a full quota) are the caller's to survive: session persistence swallows them.
 */
function openStorage(browser: BrowserGlobals, name: "sessionStorage" | "localStorage"): KeyValueStorage | null {
  try {
    // Reading the property itself throws when the browser blocks storage for this page.
    const storage = browser[name];
    storage?.setItem(storageProbeKey, "1");
    storage?.removeItem(storageProbeKey);
    return storage ?? null;
  } catch {
    return null;
  }
}
