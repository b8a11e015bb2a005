import WebSocket from "ws";
import type { HttpRequest, HttpResponse, KeyValueStorage, WebSocketLike } from "../../src/transport/environment.ts";

/** `ws`'s WebSocket seen through the client's WebSocketLike (text frames as strings). */
export function nodeWebSocket(url: string): WebSocketLike {
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
export async function nodeFetch(url: string, init: HttpRequest): Promise<HttpResponse> {
  const response = await fetch(url, init);
  return { status: response.status, header: (name) => response.headers.get(name), text: () => response.text() };
}

/** A tab's storage: a Map. */
export class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}
