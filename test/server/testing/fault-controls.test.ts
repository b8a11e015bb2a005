import { describe, expect, it, vi } from "vitest";
import type { FaultEndpoint, ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { SystemMessageText } from "../../../src/protocol/error-texts.ts";
import {
  nextAgentReply,
  readReplay,
  sendUserMessage,
  startConversation,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { createSession, getToken, request, requestAccessToken, requestSession } from "../support/http.ts";
import { handshake, openSocket, type WireEvent } from "../support/test-socket.ts";
import { socketUrl, useTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

/** A session with some history: joined, one exchange. */
async function sessionWithHistory() {
  const conversation = await startJoinedConversation(server);
  await sendUserMessage(conversation.socket, "some history");
  await nextAgentReply(conversation.socket);
  return conversation;
}

function ids(events: readonly WireEvent[]): string[] {
  return events.map((event) => event.id as string);
}

describe("socket faults", { timeout: 6000 }, () => {
  it("dropSockets closes every socket of the session abnormally and keeps the session", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    const second = await openSocket(server, { sessionId, token });
    server.faults.dropSockets(sessionId);
    expect((await socket.waitForClose()).code).toBe(1006);
    expect((await second.waitForClose()).code).toBe(1006);
    const resumed = await openSocket(server, { sessionId, token });
    await readReplay(resumed, storedIdsAfter(server, sessionId));
  });

  it("dropSocketsAfter closes the sockets right after the given number of further live events", async () => {
    const { socket, sessionId } = await startJoinedConversation(server);
    socket.drain();
    server.faults.dropSocketsAfter(sessionId, 2);
    socket.send({ type: EventType.UserMessage, payload: { text: "one more question" } });
    const closed = await socket.waitForClose();
    expect(closed.code).toBe(1006);
    expect(socket.drain()).toHaveLength(2);
  });

  it("cutNextStream cuts the next streamed answer halfway with the streaming error, once", async () => {
    const { socket, sessionId } = await startJoinedConversation(server, { streaming: true });
    server.faults.cutNextStream(sessionId);
    socket.send({ type: EventType.UserMessage, payload: { text: "tell me something long" } });
    const frames = await socket.until((event) => event.type === EventType.SystemMessage);
    const chunks = frames.filter((event) => event.type === EventType.ServiceAgentMessageChunk);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.payload.is_complete === false)).toBe(true);
    expect(frames.at(-1)?.payload.message).toBe("Sorry, I encountered an error. Please try again.");
    socket.send({ type: EventType.UserMessage, payload: { text: "and again" } });
    expect((await nextAgentReply(socket)).events.at(-1)?.payload.is_complete).toBe(true);
  });

  it("failNextForward refuses the next message to a live agent with Failed to forward, once, and none before the handoff", async () => {
    const { socket, sessionId } = await startJoinedConversation(server);
    server.faults.failNextForward(sessionId);
    await sendUserMessage(socket, "before any handoff");
    await nextAgentReply(socket);
    await sendUserMessage(socket, triggerPhrase("live-handoff"));
    await socket.nextOfType(EventType.LiveAgentJoined, 5000);
    const custom = { client_event_id: "refused-once" };
    socket.send({ type: EventType.UserMessage, payload: { text: "are you there?" }, metadata: { custom } });
    const refusal = await socket.next((event) => event.type === EventType.SystemMessage || event.type === EventType.UserMessage);
    expect(refusal.type).toBe(EventType.SystemMessage);
    expect(refusal.payload).toEqual({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: SystemMessageText.ForwardFailed });
    expect(refusal.sequence).toBeNull();
    expect(refusal.metadata?.custom).toEqual(custom);
    expect(server.inspect.receivedUserMessages(sessionId).map((message) => message.text)).not.toContain("are you there?");
    expect((await sendUserMessage(socket, "are you there?", { custom })).payload.text).toBe("are you there?");
  });

  it("muteLiveEvents withholds every live event while on, stores them still, and reset lifts it", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    socket.drain();
    server.faults.muteLiveEvents(sessionId, true);
    socket.send({ type: EventType.UserMessage, payload: { text: "unheard echo" } });
    await vi.waitFor(() => expect(server.inspect.receivedUserMessages(sessionId).map((message) => message.text)).toEqual(["unheard echo"]));
    await server.inspect.whenAgentIdle(sessionId);
    server.faults.reset();
    socket.send({ type: EventType.Heartbeat, payload: {} });
    const heard = await socket.until((event) => event.type === EventType.Heartbeat);
    expect(
      heard.map((event) => event.type),
      "nothing came while muted",
    ).toEqual([EventType.Heartbeat]);
    const resumed = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId));
    expect(events.some((event) => event.type === EventType.UserMessage && event.payload.text === "unheard echo")).toBe(true);
  });
});

describe("replay faults", { timeout: 6000 }, () => {
  it("duplicateNextReplay sends every event of the next replay twice, and only the next one", async () => {
    const { sessionId, token } = await sessionWithHistory();
    const expected = storedIdsAfter(server, sessionId);
    server.faults.duplicateNextReplay(sessionId);
    const duplicated = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(duplicated, expected);
    for (const id of expected) expect(ids(events).filter((candidate) => candidate === id)).toHaveLength(2);
    const normal = await openSocket(server, { sessionId, token });
    expect(ids((await readReplay(normal, expected)).events)).toEqual(expected);
  });

  it("reorderNextReplay shuffles the next replay out of sequence order, SESSION_START still first", async () => {
    const { sessionId, token } = await sessionWithHistory();
    const expected = storedIdsAfter(server, sessionId);
    server.faults.reorderNextReplay();
    const reordered = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(reordered, expected);
    expect(events[0]?.type).toBe(EventType.SessionStart);
    expect([...ids(events)].sort()).toEqual([...expected].sort());
    expect(ids(events)).not.toEqual(expected);
    const normal = await openSocket(server, { sessionId, token });
    expect(ids((await readReplay(normal, expected)).events)).toEqual(expected);
  });

  it("applies a session-specific replay fault only to that session", async () => {
    const target = await sessionWithHistory();
    const bystander = await sessionWithHistory();
    server.faults.duplicateNextReplay(target.sessionId);
    const expected = storedIdsAfter(server, bystander.sessionId);
    const socket = await openSocket(server, { sessionId: bystander.sessionId, token: bystander.token });
    expect(ids((await readReplay(socket, expected)).events)).toEqual(expected);
  });
});

describe("request faults", { timeout: 6000 }, () => {
  it("failNextRequests answers 429 with Retry-After for the given number of requests, then recovers", async () => {
    server.faults.failNextRequests("sessions", 2, 429, 4);
    const token = await getToken(server);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await requestSession(server, `Bearer ${token}`);
      expect(answer.status).toBe(429);
      expect(answer.headers.get("retry-after")).toBe("4");
    }
    expect((await requestSession(server, `Bearer ${token}`)).status).toBe(200);
  });

  it.each([["access-token" as const], ["sessions" as const], ["chat-create" as const]])(
    "failNextRequests answers 500 on %s",
    async (endpoint: FaultEndpoint) => {
      const token = await getToken(server);
      server.faults.failNextRequests(endpoint, 1, 500);
      const answer =
        endpoint === "access-token"
          ? await requestAccessToken(server, server.credentials.connectorToken, server.credentials.registeredHost)
          : endpoint === "sessions"
            ? await requestSession(server, `Bearer ${token}`)
            : await request(`${server.credentials.chat.baseUrl}/create`, {
                headers: {
                  "X-API-KEY": server.credentials.chat.apiKey,
                  "X-TOKEN": server.credentials.chat.token,
                  "Content-Type": "application/json",
                },
                body: {},
              });
      expect(answer.status).toBe(500);
    },
  );

  it("failNextRequests on ws refuses the next upgrade with 429 and Retry-After, or with 500", async () => {
    const token = await getToken(server);
    const sessionId = await createSession(server, token);
    const url = socketUrl(server, { session_id: sessionId, access_token: token });
    server.faults.failNextRequests("ws", 1, 429, 3);
    expect(await handshake(url)).toMatchObject({ status: 429, retryAfter: "3" });
    server.faults.failNextRequests("ws", 1, 500);
    expect((await handshake(url)).status).toBe(500);
    expect((await handshake(url)).status).toBe(101);
  });

  it("failNextRequests on chat-respond answers 429 with Retry-After and the chat error body", async () => {
    server.faults.failNextRequests("chat-respond", 1, 429, 2);
    const answer = await request(`${server.credentials.chat.baseUrl}/respond`, {
      headers: {
        "X-API-KEY": server.credentials.chat.apiKey,
        "X-TOKEN": server.credentials.chat.token,
        "Content-Type": "application/json",
      },
      body: { conversation_id: "any" },
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("2");
    expect(answer.body).toMatchObject({ success: false });
  });

  it("reset turns every pending fault off", async () => {
    const token = await getToken(server);
    server.faults.failNextRequests("sessions", 5, 500);
    server.faults.refuseUpgrades(true);
    server.faults.reset();
    const sessionId = await createSession(server, token);
    expect((await handshake(socketUrl(server, { session_id: sessionId, access_token: token }))).status).toBe(101);
  });
});

describe("token, session and upgrade faults", { timeout: 6000 }, () => {
  it("expireTokens invalidates every token issued so far, for sessions and sockets, but not new ones", async () => {
    const { sessionId, token } = await startConversation(server);
    server.faults.expireTokens();
    expect((await requestSession(server, `Bearer ${token}`)).body).toEqual({ message: "Invalid access token" });
    expect((await handshake(socketUrl(server, { session_id: sessionId, access_token: token }))).status).toBe(401);
    const fresh = await getToken(server);
    expect((await handshake(socketUrl(server, { session_id: sessionId, access_token: fresh }))).status).toBe(101);
  });

  it("expireSession stores SESSION_END REASON_USER_ABANDONED, closes with 4001, then answers 404", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    server.faults.expireSession(sessionId);
    const end = await socket.nextOfType(EventType.SessionEnd);
    expect(end.payload.reason).toBe("REASON_USER_ABANDONED");
    expect((await socket.waitForClose()).code).toBe(4001);
    expect(await handshake(socketUrl(server, { session_id: sessionId, access_token: token }))).toEqual({
      status: 404,
      text: "session not found",
    });
  });

  it("sendAgentMessage stores an agent message with the text as given, sent live and replayed", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    socket.drain();
    server.faults.sendAgentMessage(sessionId, "**hostile** ".repeat(3));
    const live = await socket.next((event) => event.type === EventType.ServiceAgentMessage);
    expect(live.payload).toMatchObject({ text: "**hostile** ".repeat(3), attachments: [], response_suggestions: [] });
    const replayed = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(replayed, storedIdsAfter(server, sessionId));
    expect(events.at(-1)).toMatchObject({ id: live.id, payload: live.payload });
  });

  it("refuseUpgrades refuses every upgrade while on, leaves HTTP working, and can be turned off", async () => {
    const token = await getToken(server);
    const sessionId = await createSession(server, token);
    const url = socketUrl(server, { session_id: sessionId, access_token: token });
    server.faults.refuseUpgrades(true);
    expect((await handshake(url)).status).not.toBe(101);
    expect((await handshake(url)).status).not.toBe(101);
    expect((await requestSession(server, `Bearer ${token}`)).status).toBe(200);
    server.faults.refuseUpgrades(false);
    expect((await handshake(url)).status).toBe(101);
  });
});
