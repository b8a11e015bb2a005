import WebSocket from "ws";
import { startReferenceServer, type ReferenceServer } from "../../../demo/server/index.ts";
import { createChatClient, type DiagnosableChatClient } from "../../../src/transport/chat-client.ts";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";
import type { Environment, HttpRequest, HttpResponse, KeyValueStorage, WebSocketLike } from "../../../src/transport/environment.ts";

/** Starts the reference server fast enough for tests. */
export function startTestServer(timeScale = 0.02): Promise<ReferenceServer> {
  return startReferenceServer({ port: 0, host: "127.0.0.1", timeScale });
}

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

/** Node's fetch seen through the client's HttpResponse. */
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

/** A Node environment with real timers and sockets; `random` is seedable for reproducible runs. */
export function nodeEnvironment(overrides: Partial<Environment> = {}): Environment {
  let counter = 0;
  return {
    createWebSocket: nodeWebSocket,
    fetch: nodeFetch,
    setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => Math.random(),
    createId: () => `client-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`,
    storage: new MemoryStorage(),
    isOnline: () => true,
    onWake: () => () => undefined,
    onOffline: () => () => undefined,
    pageHost: () => "",
    ...overrides,
  };
}

/** A client connected to `server` with the demo connector, started. */
export function connectClient(
  server: ReferenceServer,
  options: Partial<ChatClientOptions> = {},
  environment: Partial<Environment> = {},
): DiagnosableChatClient {
  const client = createChatClient({
    messagingUrl: server.url,
    connectorToken: server.credentials.connectorToken,
    host: server.credentials.registeredHost,
    ...options,
    environment: nodeEnvironment(environment),
  });
  client.start();
  return client;
}

/** Resolves with the first snapshot that satisfies `predicate`; rejects after `timeout` with the last one. */
export function until(
  client: DiagnosableChatClient,
  predicate: (snapshot: ConversationSnapshot) => boolean,
  timeout = 8000,
): Promise<ConversationSnapshot> {
  return new Promise((resolve, reject) => {
    if (predicate(client.getSnapshot())) return resolve(client.getSnapshot());
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`condition not met in ${timeout} ms; last snapshot: ${JSON.stringify(summary(client.getSnapshot()))}`));
    }, timeout);
    const unsubscribe = client.subscribe((snapshot) => {
      if (!predicate(snapshot)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(snapshot);
    });
  });
}

/** The session id the client persisted (its only readable trace of the session). */
export function persistedSessionId(storage: MemoryStorage): string | null {
  const record = storage.getItem("cap-chat:session");
  return record === null ? null : (JSON.parse(record) as { sessionId: string }).sessionId;
}

/** A compact view of a snapshot for failure messages. */
export function summary(snapshot: ConversationSnapshot) {
  return {
    connection: snapshot.connection,
    ended: snapshot.ended,
    handoff: snapshot.handoff.phase,
    messages: snapshot.messages.map((message) => `${message.role}:${message.status ?? (message.streaming ? "streaming" : "done")}:${message.text.slice(0, 40)}`),
    notices: snapshot.notices.map((notice) => notice.code ?? notice.text),
  };
}

/** Agent messages that are whole. */
export function finishedAgentMessages(snapshot: ConversationSnapshot) {
  return snapshot.messages.filter((message) => message.role !== "user" && !message.streaming);
}
