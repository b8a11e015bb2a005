import { afterEach, describe, expect, it } from "vitest";
import type { PlatformProfileName, ReferenceServer } from "../../demo/server/index.ts";
import type { DiagnosableChatClient } from "../../src/transport/chat-client.ts";
import {
  connectClient,
  finishedAgentMessages,
  MemoryStorage,
  persistedSessionId,
  startTestServer,
  until,
  waitFor,
} from "./support/client-harness.ts";

/**
 * The client against the reference server with one platform variant on at a time, where the variant needs a
 * scene of its own: each test here fails with a client that does not tolerate its variant.
 */
const servers: ReferenceServer[] = [];
const clients: DiagnosableChatClient[] = [];

async function serve(profile: PlatformProfileName): Promise<ReferenceServer> {
  const server = await startTestServer(undefined, profile);
  servers.push(server);
  return server;
}

function start(server: ReferenceServer, storage = new MemoryStorage()) {
  const client = connectClient(server, {}, { storage });
  clients.push(client);
  return { client, storage, sessionId: () => persistedSessionId(storage) ?? "" };
}

const greeted = (client: DiagnosableChatClient) => until(client, (snapshot) => finishedAgentMessages(snapshot).length >= 1);
const userStatuses = (client: DiagnosableChatClient) =>
  client
    .getSnapshot()
    .messages.filter((message) => message.role === "user")
    .map((message) => [message.text, message.status]);

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("history without metadata", () => {
  it("confirms a message whose echo a drop lost by its text in the replay: received once, shown once", async () => {
    const server = await serve("history-without-metadata");
    const { client, sessionId } = start(server);
    await greeted(client);
    server.faults.muteLiveEvents(sessionId(), true);
    client.send("was this received?");
    await waitFor(() => server.inspect.receivedUserMessages(sessionId()).length === 1);
    server.faults.muteLiveEvents(sessionId(), false);
    server.faults.dropSockets(sessionId());
    await until(client, (snapshot) => finishedAgentMessages(snapshot).length >= 2 && snapshot.connection.status === "connected");
    expect(userStatuses(client)).toEqual([["was this received?", "sent"]]);
    expect(server.inspect.receivedUserMessages(sessionId()).map((message) => message.text)).toEqual(["was this received?"]);
  });
});
