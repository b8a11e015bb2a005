import { afterEach, describe, expect, it } from "vitest";
import { platformProfiles, startReferenceServer, type PlatformProfileName, type ReferenceServer } from "../../demo/server/index.ts";
import type { DiagnosableChatClient } from "../../src/transport/chat-client.ts";
import {
  connectClient,
  finishedAgentMessages,
  clientTimeScale,
  MemoryStorage,
  nodeWebSocket,
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

describe("a silent resume", () => {
  it("goes live on the first socket after a drop when the replay is empty, and takes the next turn", async () => {
    const server = await serve("silent-resume");
    const socketUrls: string[] = [];
    const client = connectClient(server, {}, { createWebSocket: (url) => (socketUrls.push(url), nodeWebSocket(url)) });
    clients.push(client);
    await greeted(client);
    const sessionId = new URL(socketUrls[0] ?? "").searchParams.get("session_id") ?? "";
    await server.inspect.whenAgentIdle(sessionId);
    server.faults.dropSockets(sessionId);
    await until(client, (snapshot) => snapshot.connection.status === "reconnecting");
    await until(client, (snapshot) => snapshot.connection.status === "connected");
    client.send("are you still there?");
    await until(client, (snapshot) => finishedAgentMessages(snapshot).length >= 2);
    expect(socketUrls).toHaveLength(2);
    expect(new URL(socketUrls[1] ?? "").searchParams.get("cursor")).not.toBeNull();
    expect(client.diagnostics.lifecycle.map((phase) => phase.name).slice(-3)).toEqual(["connecting", "replaying", "live"]);
  });
});

describe("a platform that refuses a token's first try at a session", () => {
  it("resumes the same session after a reload, with nothing said and the transcript whole", async () => {
    const server = await serve("refused-first-resume");
    const storage = new MemoryStorage();
    const first = start(server, storage);
    await greeted(first.client);
    first.client.send("remember me");
    await until(first.client, (snapshot) => finishedAgentMessages(snapshot).length >= 2);
    const sessionId = first.sessionId();
    first.client.destroy();
    const second = start(server, storage);
    await until(second.client, (snapshot) => snapshot.connection.status === "connected" && finishedAgentMessages(snapshot).length >= 2);
    expect(second.sessionId()).toBe(sessionId);
    expect(second.client.getSnapshot().notices).toEqual([]);
    expect(userStatuses(second.client)).toEqual([["remember me", "sent"]]);
    expect(server.inspect.sessionIds()).toEqual([sessionId]);
  });
});

describe("streams cut by the platform's streaming error", () => {
  it("end incomplete, free the conversation, and Try again gets the answer", async () => {
    const server = await serve("stream-errors");
    const { client, sessionId } = start(server);
    await greeted(client);
    const every = 5;
    for (let turn = 2; turn < every; turn += 1) {
      client.send(`question ${turn}`);
      await until(client, (snapshot) => finishedAgentMessages(snapshot).length >= turn);
    }
    client.send("the one that gets cut");
    const cut = await until(client, (snapshot) => snapshot.messages.at(-1)?.incomplete === true);
    const incomplete = cut.messages.at(-1)!;
    expect(incomplete).toMatchObject({ role: "agent", streaming: false });
    expect(cut.notices.map((notice) => notice.code)).toContain("agent-error");
    client.retry(incomplete.id);
    await until(client, (snapshot) => {
      const last = snapshot.messages.at(-1);
      return snapshot.messages.length === cut.messages.length + 2 && last?.role === "agent" && !last.streaming;
    });
    const asked = server.inspect.receivedUserMessages(sessionId()).map((message) => message.text);
    expect(asked.filter((text) => text === "the one that gets cut")).toHaveLength(2);
    expect(client.getSnapshot().messages.at(-1)?.incomplete).toBeUndefined();
  });
});

describe("messages refused during a live handoff", () => {
  it("are marked not delivered, and reach the live agent once the visitor retries after it joined", async () => {
    const server = await serve("forward-failures");
    const { client, sessionId } = start(server);
    await greeted(client);
    client.send("I want a human");
    await until(client, (snapshot) => snapshot.handoff.phase === "accepted" || snapshot.handoff.phase === "queued");
    client.send("hello, anyone?");
    const refused = await until(
      client,
      (snapshot) =>
        snapshot.messages.some((message) => message.status === "failed") &&
        snapshot.notices.some((notice) => notice.code === "message-not-forwarded"),
    );
    const [failed] = refused.messages.filter((message) => message.status === "failed");
    await until(client, (snapshot) => snapshot.handoff.phase === "live-agent", 15_000);
    client.retry(failed?.id ?? "");
    await until(client, (snapshot) =>
      snapshot.messages.some((message) => message.role === "live-agent" && message.text.includes("hello, anyone?")),
    );
    expect(userStatuses(client)).toEqual([
      ["I want a human", "sent"],
      ["hello, anyone?", "sent"],
    ]);
    expect(server.inspect.receivedUserMessages(sessionId()).map((message) => message.text)).toEqual(["I want a human", "hello, anyone?"]);
  });
});

describe("an idle tab on a platform where heartbeats are no activity", () => {
  it("starts no session after the expiry until the visitor writes, whatever the heartbeats", async () => {
    const idleMilliseconds = 1500;
    const server = await startReferenceServer({
      port: 0,
      host: "127.0.0.1",
      timeScale: clientTimeScale,
      sessionIdleMilliseconds: idleMilliseconds,
      platform: platformProfiles["heartbeats-not-activity"],
    });
    servers.push(server);
    const { client, sessionId } = start(server);
    await greeted(client);
    const first = sessionId();
    await until(client, (snapshot) => snapshot.connection.status === "idle");
    // Absence takes time to show: three more expiries' worth, in which an eager client would have started three sessions.
    await new Promise((resolve) => setTimeout(resolve, 3 * idleMilliseconds));
    expect(server.inspect.sessionIds()).toEqual([]);
    expect(client.getSnapshot().connection).toEqual({ status: "idle" });
    expect(finishedAgentMessages(client.getSnapshot())).toHaveLength(1);
    client.send("hello again");
    await until(client, (snapshot) => finishedAgentMessages(snapshot).length >= 3);
    expect(server.inspect.sessionIds()).toHaveLength(1);
    expect(sessionId()).not.toBe(first);
  }, 20_000);
});
