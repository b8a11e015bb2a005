import type { Environment, HttpRequest, HttpResponse, KeyValueStorage, WebSocketLike } from "./environment.ts";

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
  crypto?: { randomUUID?: () => string; getRandomValues?: (array: Uint8Array) => Uint8Array };
  sessionStorage?: KeyValueStorage;
  navigator?: { onLine?: boolean };
  location?: { hostname?: string };
  document?: EventTargetLike & { visibilityState?: string };
  addEventListener?: EventTargetLike["addEventListener"];
  removeEventListener?: EventTargetLike["removeEventListener"];
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
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
 * from `getRandomValues` or `Math.random` where that is unavailable, as on plain-http pages),
 * sessionStorage (null when the browser refuses it, for example with cookies blocked; read and write
 * failures later on are swallowed), `navigator.onLine` (true when unknown), the `online` event and the
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
    storage: openSessionStorage(browser),
    isOnline: () => browser.navigator?.onLine !== false,
    onWake: (listener) => {
      const online = () => listener("online");
      const visible = () => {
        if (browser.document?.visibilityState === "visible") listener("visible");
      };
      browser.addEventListener?.("online", online);
      browser.document?.addEventListener("visibilitychange", visible);
      return () => {
        browser.removeEventListener?.("online", online);
        browser.document?.removeEventListener("visibilitychange", visible);
      };
    },
    onOffline: (listener) => {
      const offline = () => listener();
      browser.addEventListener?.("offline", offline);
      return () => browser.removeEventListener?.("offline", offline);
    },
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
  if (typeof browser.fetch !== "function") throw new Error("fetch is not available");
  const request: HttpRequest = { method: init.method, headers: init.headers };
  if (init.body !== undefined) request.body = init.body;
  const response = await browser.fetch(url, request);
  return {
    status: response.status,
    header: (name) => response.headers.get(name),
    text: () => response.text(),
  };
}

function createId(browser: BrowserGlobals): string {
  const crypto = browser.crypto;
  if (typeof crypto?.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === "function") crypto.getRandomValues(bytes);
  else bytes.forEach((_, index) => (bytes[index] = Math.random() * 256));
  // RFC 4122 version 4, variant 1.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
}

function openSessionStorage(browser: BrowserGlobals): KeyValueStorage | null {
  let storage: KeyValueStorage | undefined;
  try {
    // Reading the property itself throws when the browser blocks storage for this page.
    storage = browser.sessionStorage;
    if (!storage) return null;
    storage.setItem(storageProbeKey, "1");
    storage.removeItem(storageProbeKey);
  } catch {
    return null;
  }
  const available = storage;
  // A full or revoked storage only costs persistence across a reload: failures read as "nothing stored".
  const guarded = <Result>(call: () => Result, fallback: Result): Result => {
    try {
      return call();
    } catch {
      return fallback;
    }
  };
  return {
    getItem: (key) => guarded(() => available.getItem(key), null),
    setItem: (key, value) => guarded(() => available.setItem(key, value), undefined),
    removeItem: (key) => guarded(() => available.removeItem(key), undefined),
  };
}
