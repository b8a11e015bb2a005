import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { platformProfiles, type ReferenceServer } from "../../demo/server/index.ts";
import { EventType } from "../../src/protocol/index.ts";
import type { DiagnosableChatClient } from "../../src/transport/chat-client.ts";
import {
  clientTranscript,
  connectClient,
  expectedTranscript,
  finishedAgentMessages,
  integrationProfiles,
  MemoryStorage,
  nodeWebSocket,
  persistedSessionId,
  startTestServer,
  storedHistoryMark,
  until,
  waitFor,
} from "./support/client-harness.ts";

let server: ReferenceServer;
const clients: DiagnosableChatClient[] = [];

function start(options: Parameters<typeof connectClient>[1] = {}, environment: Parameters<typeof connectClient>[2] = {}) {
  const storage = (environment.storage as MemoryStorage | undefined) ?? new MemoryStorage();
  const socketUrls: string[] = [];
  const client = connectClient(server, options, {
    storage,
    createWebSocket: (url) => {
      socketUrls.push(url);
      return nodeWebSocket(url);
    },
    ...environment,
  });
  clients.push(client);
  const sessionId = () => persistedSessionId(storage) ?? "";
  return { client, storage, socketUrls, sessionId };
}

const phaseNames = (client: DiagnosableChatClient) => client.diagnostics.lifecycle.map((phase) => phase.name);
const greeted = (client: DiagnosableChatClient) => until(client, (snapshot) => finishedAgentMessages(snapshot).length >= 1);
const transcriptMatchesServer = (client: DiagnosableChatClient, sessionId: string) =>
  expect(clientTranscript(client.getSnapshot())).toEqual(expectedTranscript(server.inspect.storedEvents(sessionId)));

describe.each(integrationProfiles)("Messaging against the reference server, deciding as %s", (profile) => {
  const variants: { assembledHistory?: boolean; sessionBoundTokens?: boolean; idleCloseWithoutEnd?: boolean } = platformProfiles[profile];
  beforeAll(async () => {
    server = await startTestServer(undefined, profile);
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
    server.faults.reset();
  });

  it("creates a session, joins once and shows the greeting", async () => {
    const { client, sessionId } = start();
    await greeted(client);
    expect(phaseNames(client)).toEqual(["idle", "authorizing", "creating-session", "connecting", "replaying", "live"]);
    const stored = server.inspect.storedEvents(sessionId());
    expect(stored.filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
    transcriptMatchesServer(client, sessionId());
  });

  it("answers a turn and marks the message sent", async () => {
    const { client, sessionId } = start();
    await greeted(client);
    client.send("what can you do?");
    const snapshot = await until(client, (current) => finishedAgentMessages(current).length >= 2);
    expect(snapshot.messages.find((message) => message.role === "user")?.status).toBe("sent");
    expect(server.inspect.receivedUserMessages(sessionId()).map((message) => message.text)).toEqual(["what can you do?"]);
  });

  it("reconnects with the cursor after the sockets drop, and misses nothing", async () => {
    const { client, socketUrls, sessionId } = start();
    await greeted(client);
    const cursor = Math.max(...server.inspect.storedEvents(sessionId()).map((event) => event.sequence));
    server.faults.dropSockets(sessionId());
    await until(client, (snapshot) => snapshot.connection.status === "reconnecting");
    await until(client, (snapshot) => snapshot.connection.status === "connected");
    expect(socketUrls[1]).toMatch(new RegExp(`session_id=${sessionId()}&access_token=[^&]+&cursor=${cursor}$`));
    client.send("after the drop");
    await until(client, (current) => finishedAgentMessages(current).length >= 2);
    expect(server.inspect.storedEvents(sessionId()).filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
    transcriptMatchesServer(client, sessionId());
  });

  it("completes a streamed answer cut by a drop mid-stream, with no text twice", async () => {
    const { client, sessionId } = start();
    await greeted(client);
    server.faults.dropSocketsAfter(sessionId(), 6);
    client.send("tell me something long");
    await until(client, (snapshot) => snapshot.connection.status === "reconnecting");
    const snapshot = await until(
      client,
      (current) => finishedAgentMessages(current).length >= 2 && current.connection.status === "connected",
    );
    // The history holds the chunks, or (assembled history) the whole message that completed the cut stream.
    const stored = server.inspect.storedEvents(sessionId());
    if (variants.assembledHistory) expect(stored.filter((event) => event.type === EventType.ServiceAgentMessage)).toHaveLength(2);
    else expect(stored.filter((event) => event.type === EventType.ServiceAgentMessageChunk).length).toBeGreaterThan(6);
    transcriptMatchesServer(client, sessionId());
    expect(snapshot.messages.filter((message) => message.role === "agent")).toHaveLength(2);
  });

  it("follows a server-managed handoff to a live agent until the natural end", async () => {
    const { client, sessionId } = start();
    const phases: string[] = [];
    client.on("handoff", (handoff) => phases.push(handoff.phase));
    await greeted(client);
    client.send("I want a human");
    await until(
      client,
      (snapshot) => snapshot.handoff.phase === "live-agent" && snapshot.messages.some((message) => message.role === "live-agent"),
    );
    client.send("thanks, bye");
    const ended = await until(client, (snapshot) => snapshot.ended !== null);
    expect(ended.ended).toEqual({ reason: "REASON_NATURAL_END" });
    expect(phases).toEqual(expect.arrayContaining(["triggered", "accepted", "queued", "live-agent", "live-agent-left"]));
    expect(phaseNames(client).at(-1)).toBe("ended");
    transcriptMatchesServer(client, sessionId());
  });

  it("reports a client-managed handoff for the site to route", async () => {
    const { client } = start();
    const required: { reason: string; queueName: string }[] = [];
    client.on("handoff-required", (detail) => required.push(detail));
    await greeted(client);
    client.send("please call me on the phone");
    await until(client, (snapshot) => snapshot.handoff.phase === "client-handoff-required");
    expect(required).toEqual([{ reason: "COMPLEX_QUERY", queueName: "phone-callback" }]);
  });

  it("asks the service agent back when the user writes after a client-managed handoff, and it answers", async () => {
    const { client, sessionId, storage } = start();
    await greeted(client);
    client.send("please call me on the phone");
    const storedTypes = () => server.inspect.storedEvents(sessionId()).map((event) => event.type);
    const agentLeft = () => server.inspect.storedEvents(sessionId()).find((event) => event.type === EventType.ServiceAgentLeft);
    await until(client, (snapshot) => snapshot.handoff.phase === "client-handoff-required");
    await waitFor(() => agentLeft() !== undefined);
    // The client has received the departure once its history mark, stored with the session, has passed it.
    await waitFor(() => storedHistoryMark(storage) >= (agentLeft()?.sequence ?? Number.POSITIVE_INFINITY));
    const answered = finishedAgentMessages(client.getSnapshot()).length;
    client.send("actually, can you help me here?");
    const snapshot = await until(client, (current) => finishedAgentMessages(current).length >= answered + 2);
    const afterLeft = storedTypes().slice(storedTypes().indexOf(EventType.ServiceAgentLeft) + 1);
    expect(afterLeft.slice(0, 3)).toEqual([EventType.RequestServiceAgentJoin, EventType.UserMessage, EventType.ServiceAgentJoined]);
    expect(server.inspect.receivedUserMessages(sessionId()).map((message) => message.text)).toEqual([
      "please call me on the phone",
      "actually, can you help me here?",
    ]);
    expect(server.inspect.storedEvents(sessionId()).map((event) => (event.payload as { message?: string }).message)).not.toContain(
      "Error: Conversation ID not found in session",
    );
    expect(snapshot.handoff).toEqual({ phase: "none" });
    transcriptMatchesServer(client, sessionId());
  });

  it("stops showing the agent thinking when the server answers a turn with a high-load warning", async () => {
    const { client } = start();
    await greeted(client);
    client.send("are you busy?");
    await until(client, (snapshot) => snapshot.typing.kind === "agent");
    const snapshot = await until(client, (current) => current.notices.some((notice) => notice.level === "warning"));
    expect(snapshot.notices.map((notice) => [notice.code, notice.text])).toEqual([
      ["server-busy", "Our system is experiencing high load. Please try again in a moment."],
    ]);
    expect(snapshot.typing).toEqual({ kind: "none" });
    // The message arrived and stays sent; the notice offers to try the turn again after the pause the
    // platform asks for (2 to 5 s), and nothing is sent again by itself.
    expect(snapshot.messages.find((message) => message.role === "user")?.status).toBe("sent");
    expect(snapshot.notices[0]?.retryAt).toEqual(expect.any(Number));
  });

  it("ends for the user with REASON_USER_END and does not reconnect", async () => {
    const { client, socketUrls, sessionId } = start();
    await greeted(client);
    client.end();
    const snapshot = await until(client, (current) => current.ended !== null);
    expect(snapshot.ended).toEqual({ reason: "REASON_USER_END" });
    // The server closed its side; the lifecycle rests in `ended`, which holds no timer and opens no socket.
    await waitFor(() => server.inspect.openSocketCount(sessionId()) === 0);
    expect(phaseNames(client).at(-1)).toBe("ended");
    expect(socketUrls).toHaveLength(1);
  });

  it("ends naturally when the agent concludes", async () => {
    const { client } = start();
    await greeted(client);
    client.send("goodbye");
    const snapshot = await until(client, (current) => current.ended !== null);
    expect(snapshot.ended).toEqual({ reason: "REASON_NATURAL_END" });
  });

  it("waits for the visitor after the session is abandoned, then goes on in a new session, with a notice", async () => {
    const { client, sessionId } = start();
    await greeted(client);
    const first = sessionId();
    server.faults.expireSession(first);
    await until(client, (current) => current.connection.status === "idle");
    expect(server.inspect.sessionIds()).not.toContain(first);
    expect(client.getSnapshot().ended).toBeNull();
    client.send("still there?");
    // A platform that closes an idle session without a word leaves the client unsure it expired.
    const code = variants.idleCloseWithoutEnd ? "session-not-resumed" : "new-session";
    const snapshot = await until(
      client,
      (current) => current.notices.some((notice) => notice.code === code) && current.connection.status === "connected",
    );
    expect(sessionId()).not.toBe(first);
    expect(snapshot.ended).toBeNull();
    await until(client, (current) => current.messages.some((message) => message.role === "user" && message.status === "sent"));
    expect(server.inspect.receivedUserMessages(sessionId()).map((message) => message.text)).toEqual(["still there?"]);
  });

  it("falls back to the Chat API when every upgrade is refused", async () => {
    server.faults.refuseUpgrades(true);
    const chat = server.credentials.chat;
    const { client } = start({ chatUrl: chat.baseUrl, chatHeaders: { "X-API-KEY": chat.apiKey, "X-TOKEN": chat.token } });
    client.send("hello over REST");
    const snapshot = await until(client, (current) => current.messages.filter((message) => message.role === "agent").length >= 2);
    expect(phaseNames(client).at(-1)).toBe("fallback");
    expect(snapshot.transport).toBe("chat");
    expect(snapshot.connection.status).toBe("fallback");
    expect(snapshot.messages.map((message) => [message.role, message.status])).toEqual([
      ["user", "sent"],
      ["agent", undefined],
      ["agent", undefined],
    ]);
  });

  it("restores the transcript after a reload from the same storage as history, without joining again", async () => {
    const first = start();
    await greeted(first.client);
    first.client.send("remember me");
    await until(first.client, (snapshot) => finishedAgentMessages(snapshot).length >= 2);
    const before = clientTranscript(first.client.getSnapshot());
    const firstSession = first.sessionId();
    first.client.destroy();

    const second = start({}, { storage: first.storage });
    const announced: string[] = [];
    second.client.on("message", (message) => announced.push(message.text));
    expect(JSON.stringify([...first.storage.items])).not.toMatch(/access_token|eyJ/);
    if (variants.sessionBoundTokens) {
      // The fresh token of the reloaded page cannot open the session of the old one: once it is refused
      // twice, the conversation waits for the visitor, then goes on in a new one, with a notice; the old
      // session is never joined again.
      await until(second.client, (current) => current.connection.status === "idle");
      second.client.start();
      const snapshot = await until(
        second.client,
        (current) => current.connection.status === "connected" && finishedAgentMessages(current).length >= 1,
      );
      expect(snapshot.notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
      expect(phaseNames(second.client)).toEqual([
        "idle",
        "authorizing",
        "connecting",
        "reconnecting",
        "connecting",
        "dormant",
        "creating-session",
        "connecting",
        "replaying",
        "live",
      ]);
      expect(second.sessionId()).not.toBe(firstSession);
      expect(server.inspect.storedEvents(firstSession).filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
      return;
    }
    await until(second.client, (snapshot) => snapshot.connection.status === "connected" && finishedAgentMessages(snapshot).length >= 2);
    expect(announced).toEqual([]);
    expect(second.socketUrls[0]).not.toContain("cursor=");
    expect(clientTranscript(second.client.getSnapshot())).toEqual(before);
    expect(second.client.getSnapshot().messages.find((message) => message.role === "user")?.status).toBe("sent");
    expect(server.inspect.storedEvents(firstSession).filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
  });

  it("waits out a 429 on the access token (Retry-After) and a 500 on the session, then connects", async () => {
    server.faults.failNextRequests("access-token", 1, 429, 5);
    server.faults.failNextRequests("sessions", 1, 500);
    const startedAt = Date.now();
    const { client } = start();
    await greeted(client);
    // Retry-After: 5 s on the client's clock (100 ms of wall time), far longer than the 1 s backoff.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(95);
    expect(phaseNames(client)).toEqual(["idle", "authorizing", "creating-session", "connecting", "replaying", "live"]);
  });

  it("fetches a fresh token when the old one stops opening sockets", async () => {
    const { client, sessionId } = start({ transport: "messaging" });
    await greeted(client);
    const firstSession = sessionId();
    server.faults.expireTokens();
    server.faults.dropSockets(firstSession);
    await until(client, (snapshot) => snapshot.connection.status === "reconnecting");
    const failing = ["live", "reconnecting", "connecting", "reconnecting", "connecting", "reconnecting", "connecting", "authorizing"];
    if (variants.sessionBoundTokens) {
      // The fresh token cannot open the old session either: refused twice, the session is given up, and the
      // next message goes on in a new one, with a notice.
      await until(client, (snapshot) => snapshot.connection.status === "idle", 15_000);
      client.send("anyone?");
      await until(client, (snapshot) => snapshot.connection.status === "connected");
      const refusedTwice = ["connecting", "reconnecting", "connecting", "dormant", "creating-session", "connecting", "replaying", "live"];
      expect(phaseNames(client).slice(5)).toEqual([...failing, ...refusedTwice]);
      expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
      expect(sessionId()).not.toBe(firstSession);
      return;
    }
    await until(client, (snapshot) => snapshot.connection.status === "connected", 15_000);
    expect(phaseNames(client).slice(5)).toEqual([...failing, "connecting", "replaying", "live"]);
    expect(server.inspect.sessionIds()).toContain(firstSession);
  });
});
