import { randomUUID } from "node:crypto";
import type { Environment } from "../../../src/transport/environment.ts";
import { nodeFetch, nodeWebSocket } from "../../support/node-effects.ts";

/** A real-time Node environment for the client, plus a handle to raise the page's wake signal by hand. */
export interface NodeBenchEnvironment {
  environment: Environment;
  /** Calls every `onWake` listener, as a page's `online` event would. */
  wake(reason: "online" | "visible" | "focus"): void;
}

/**
 * The client's effects on Node with the wall clock (no time scaling, so reconnect waits are the real
 * policy's), no storage (nothing is persisted between runs), always online, and a wake signal the
 * benchmark raises itself.
 */
export function createNodeBenchEnvironment(): NodeBenchEnvironment {
  const wakeListeners = new Set<(reason: "online" | "visible" | "focus") => void>();
  const environment: Environment = {
    createWebSocket: nodeWebSocket,
    fetch: nodeFetch,
    setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => Math.random(),
    createId: () => randomUUID(),
    storage: null,
    isOnline: () => true,
    onWake: (listener) => {
      wakeListeners.add(listener);
      return () => wakeListeners.delete(listener);
    },
    onOffline: () => () => undefined,
    pageHost: () => "",
  };
  return {
    environment,
    wake: (reason) => {
      for (const listener of [...wakeListeners]) listener(reason);
    },
  };
}
