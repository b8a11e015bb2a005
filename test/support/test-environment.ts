import type { Environment } from "../../src/transport/environment.ts";
import { MemoryStorage } from "./node-effects.ts";

export { MemoryStorage };

/**
 * The page's network signals, shared by every client of a test: `goOffline` and `wake` reach each
 * client's listeners, as a page's `offline`, `online` and visibility events would.
 */
export class NetworkSignals {
  online = true;
  readonly wakeListeners = new Set<(reason: "online" | "visible" | "focus") => void>();
  readonly offlineListeners = new Set<() => void>();

  goOffline(): void {
    this.online = false;
    for (const listener of [...this.offlineListeners]) listener();
  }

  wake(reason: "online" | "visible" | "focus"): void {
    this.online = true;
    for (const listener of [...this.wakeListeners]) listener(reason);
  }
}

/** How a test's environment differs from the defaults; every field is optional. */
export interface TestEnvironmentOptions {
  /**
   * Vitest's fake timers and clock (`fake`, the default), or the wall clock sped up `timeScale` times for a
   * run against the reference server started with the same scale: timers shrink, `now()` runs faster, so
   * backoff, heartbeats and the stable minute keep their proportions.
   */
  clock?: "fake" | { timeScale: number };
  /** Sockets; none (the Chat API is used) by default. */
  createWebSocket?: Environment["createWebSocket"];
  /** HTTP; a network failure by default. */
  fetch?: Environment["fetch"];
  /** Fixed at 0.5 (no jitter) by default. */
  random?: () => number;
  /** Ids are `${idPrefix}1`, `${idPrefix}2`…; `id-` by default. Clients that share a session need distinct prefixes, or one `createId`. */
  idPrefix?: string;
  createId?: () => string;
  /** The tab's storage: a fresh MemoryStorage by default; null for none. */
  storage?: MemoryStorage | null;
  signals?: NetworkSignals;
  pageHost?: string;
}

/** An environment whose effects a test controls, with its storage and signals at hand. */
export interface TestEnvironment extends Environment {
  readonly storage: MemoryStorage | null;
  readonly signals: NetworkSignals;
}

/** The one test Environment of the suite: unit tests on fake timers and integration runs on Node alike. */
export function createTestEnvironment(options: TestEnvironmentOptions = {}): TestEnvironment {
  const { clock = "fake", signals = new NetworkSignals() } = options;
  const scale = clock === "fake" ? 1 : clock.timeScale;
  const origin = Date.now();
  let ids = 0;
  return {
    createWebSocket: options.createWebSocket ?? null,
    fetch: options.fetch ?? (() => Promise.reject(new TypeError("no network in this test"))),
    setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds * scale),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: scale === 1 ? () => Date.now() : () => origin + (Date.now() - origin) / scale,
    random: options.random ?? (() => 0.5),
    createId: options.createId ?? (() => `${options.idPrefix ?? "id-"}${(ids += 1)}`),
    storage: options.storage === undefined ? new MemoryStorage() : options.storage,
    signals,
    isOnline: () => signals.online,
    onWake: (listener) => {
      signals.wakeListeners.add(listener);
      return () => signals.wakeListeners.delete(listener);
    },
    onOffline: (listener) => {
      signals.offlineListeners.add(listener);
      return () => signals.offlineListeners.delete(listener);
    },
    pageHost: () => options.pageHost ?? "shop.example.test",
  };
}
