import { randomUUID } from "node:crypto";
import { EventType } from "../../../src/protocol/index.ts";
import {
  platformProfiles,
  startReferenceServer,
  type PlatformProfileName,
  type ReferenceServer,
  type StoredEventView,
} from "../../../demo/server/index.ts";
import { buildChatClient, type DiagnosableChatClient } from "../../../src/transport/chat-client.ts";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";
import { nodeFetch, nodeWebSocket } from "../../support/node-effects.ts";
import { createTestEnvironment, MemoryStorage, type TestEnvironment, type TestEnvironmentOptions } from "../../support/test-environment.ts";

export { MemoryStorage, nodeFetch, nodeWebSocket };

/**
 * The platform profiles the integration suites run under: the reference server's default decisions, and
 * every variant a real platform may show at once.
 */
export const integrationProfiles = ["default", "all-variants"] as const satisfies readonly PlatformProfileName[];

/** Starts the reference server fast enough for tests, deciding as `profile` says. */
export function startTestServer(timeScale = clientTimeScale, profile: PlatformProfileName = "default"): Promise<ReferenceServer> {
  return startReferenceServer({ port: 0, host: "127.0.0.1", timeScale, platform: platformProfiles[profile] });
}

/** The client's clock runs this much faster than the wall clock, like the server's `timeScale`. */
export const clientTimeScale = 0.02;

/**
 * A Node environment with real sockets, real HTTP and a fast clock (see `createTestEnvironment`), random
 * jitter, and ids unique to this environment, so a reloaded client never reuses one of its predecessor's.
 */
export function nodeEnvironment(overrides: TestEnvironmentOptions = {}, timeScale = clientTimeScale): TestEnvironment {
  return createTestEnvironment({
    clock: { timeScale },
    createWebSocket: nodeWebSocket,
    fetch: nodeFetch,
    random: Math.random,
    idPrefix: `client-${randomUUID().slice(0, 8)}-`,
    pageHost: "",
    ...overrides,
  });
}

/** A client connected to `server` with the demo connector, started. */
export function connectClient(
  server: ReferenceServer,
  options: Partial<ChatClientOptions> = {},
  environment: TestEnvironmentOptions = {},
  timeScale = clientTimeScale,
): DiagnosableChatClient {
  const client = buildChatClient(nodeEnvironment(environment, timeScale), {
    messagingUrl: server.url,
    connectorToken: server.credentials.connectorToken,
    host: server.credentials.registeredHost,
    ...options,
  });
  client.start();
  return client;
}

/**
 * Resolves once `condition` holds, checking after every turn of the event loop (never on a fixed sleep);
 * rejects after `timeout` ms of wall time.
 */
export async function waitFor(condition: () => boolean, timeout = 8000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeout} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The sequence up to which the client stored that this tab has received the session's events. */
export function storedHistoryMark(storage: MemoryStorage, id?: string): number {
  const record = storage.getItem(id ? `cap-chat:session:${id}` : "cap-chat:session");
  return record === null ? 0 : ((JSON.parse(record) as { historyThrough?: number }).historyThrough ?? 0);
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
    messages: snapshot.messages.map(
      (message) => `${message.role}:${message.status ?? (message.streaming ? "streaming" : "done")}:${message.text.slice(0, 40)}`,
    ),
    notices: snapshot.notices.map((notice) => notice.code ?? notice.text),
  };
}

/** Agent messages that are whole. */
export function finishedAgentMessages(snapshot: ConversationSnapshot) {
  return snapshot.messages.filter((message) => message.role !== "user" && !message.streaming);
}

/** The transcript the server recorded: user messages, whole agent messages, streams assembled by chunk_index. */
export function expectedTranscript(events: readonly StoredEventView[]): [string, string][] {
  const transcript: [string, string][] = [];
  const streams = new Map<string, { entry: [string, string]; chunks: Map<number, string> }>();
  for (const event of events) {
    const payload = event.payload;
    if (event.type === EventType.UserMessage) transcript.push(["user", String(payload.text)]);
    if (event.type === EventType.ServiceAgentMessage) transcript.push(["agent", String(payload.text)]);
    if (event.type === EventType.LiveAgentMessage) transcript.push(["live-agent", String(payload.text)]);
    if (event.type === EventType.ServiceAgentMessageChunk) {
      const id = String(payload.message_id);
      let stream = streams.get(id);
      if (!stream) {
        stream = { entry: ["agent", ""], chunks: new Map() };
        streams.set(id, stream);
        transcript.push(stream.entry);
      }
      stream.chunks.set(Number(payload.chunk_index), String(payload.text ?? ""));
      stream.entry[1] = [...stream.chunks.entries()]
        .sort(([first], [second]) => first - second)
        .map(([, text]) => text)
        .join("");
    }
  }
  return transcript;
}

/** The client's transcript in the same shape. */
export function clientTranscript(snapshot: ConversationSnapshot): [string, string][] {
  return snapshot.messages.map((message) => [message.role, message.text]);
}
