import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import type { Environment, HttpRequest, HttpResponse, WebSocketLike } from "../../src/transport/environment.ts";

/** A real-time Node environment for the client, plus a handle to raise the page's wake signal by hand. */
export interface NodeBenchEnvironment {
  environment: Environment;
  /** Calls every `onWake` listener, as a page's `online` event would. */
  wake(reason: "online" | "visible"): void;
}

/** `ws`'s WebSocket seen through the client's WebSocketLike (text frames as strings). */
function nodeWebSocket(url: string): WebSocketLike {
  const socket = new WebSocket(url);
  const like: WebSocketLike = {
    get readyState() {
      return socket.readyState;
    },
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
    send: (data) => socket.send(data),
    close: (code, reason) => socket.close(code, reason),
  };
  socket.on("open", () => like.onopen?.({}));
  socket.on("message", (data) => like.onmessage?.({ data: data.toString() }));
  socket.on("close", (code, reason) => like.onclose?.({ code, reason: reason.toString() }));
  socket.on("error", () => like.onerror?.({}));
  return like;
}

/** Node's global fetch seen through the client's HttpResponse. */
async function nodeFetch(url: string, init: HttpRequest): Promise<HttpResponse> {
  const response = await fetch(url, init);
  return { status: response.status, header: (name) => response.headers.get(name), text: () => response.text() };
}

/**
 * The client's effects on Node with the wall clock (no time scaling, so reconnect waits are the real
 * policy's), no storage (nothing is persisted between runs), always online, and a wake signal the
 * benchmark raises itself.
 */
export function createNodeBenchEnvironment(): NodeBenchEnvironment {
  const wakeListeners = new Set<(reason: "online" | "visible") => void>();
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
