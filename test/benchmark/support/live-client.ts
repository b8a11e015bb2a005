import type { ReferenceServer } from "../../../demo/server/index.ts";
import { createChatClient } from "../../../src/index.ts";
import type { ChatClient } from "../../../src/transport/chat-client-types.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";
import { createNodeBenchEnvironment, type NodeBenchEnvironment } from "./node-environment.ts";

/** A client of the reference server with the handle to its environment's wake signal. */
export interface LiveClient {
  client: ChatClient;
  wake: NodeBenchEnvironment["wake"];
}

/**
 * Creates (but does not start) a streaming Messaging client for `server`'s registered connector, with the
 * real-time Node environment.
 */
export function createLiveClient(server: ReferenceServer): LiveClient {
  const { environment, wake } = createNodeBenchEnvironment();
  const client = createChatClient({
    messagingUrl: server.url,
    connectorToken: server.credentials.connectorToken,
    host: server.credentials.registeredHost,
    transport: "messaging",
    persist: "none",
    environment,
  });
  return { client, wake };
}

/**
 * Resolves with the first snapshot (the current one included) that satisfies `predicate`; rejects after
 * `timeoutMilliseconds` with the connection state it was left in, so a stuck run cannot hang the script.
 */
export function waitForSnapshot(
  client: ChatClient,
  predicate: (snapshot: ConversationSnapshot) => boolean,
  timeoutMilliseconds: number,
  what: string,
): Promise<ConversationSnapshot> {
  return new Promise((resolve, reject) => {
    if (predicate(client.getSnapshot())) return resolve(client.getSnapshot());
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`${what}: not within ${timeoutMilliseconds} ms (connection ${client.getSnapshot().connection.status})`));
    }, timeoutMilliseconds);
    const unsubscribe = client.subscribe((snapshot) => {
      if (!predicate(snapshot)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(snapshot);
    });
  });
}

/** Whether the agent's first message has arrived whole. */
export function hasFinishedGreeting(snapshot: ConversationSnapshot): boolean {
  return snapshot.messages.some((message) => message.role === "agent" && !message.streaming);
}

/** The id of the one session that exists on `server` now and is not in `known`. */
export function newSessionId(server: ReferenceServer, known: ReadonlySet<string>): string {
  const created = server.inspect.sessionIds().filter((id) => !known.has(id));
  if (created.length !== 1) throw new Error(`expected one new session, found ${created.length}`);
  return created[0] as string;
}
