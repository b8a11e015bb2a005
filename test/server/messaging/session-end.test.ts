import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import {
  readReplay,
  sendUserMessage,
  startConversation,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { createSession, getToken } from "../support/http.ts";
import { closeAllSockets, handshake, openSocket } from "../support/test-socket.ts";
import { socketUrl, startTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

const idleMilliseconds = 600;
let server: ReferenceServer;
let shortLived: ReferenceServer;

beforeAll(async () => {
  server = await startTestServer();
  shortLived = await startTestServer({ sessionIdleMilliseconds: idleMilliseconds });
});
afterAll(async () => {
  await Promise.all([server.close(), shortLived.close()]);
});
afterEach(async () => {
  server.faults.reset();
  shortLived.faults.reset();
  await closeAllSockets();
});

/** Resolves after the given time; used only where the rule under test is about time passing. */
function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

describe("user ends the session (protocol.md §4, §6)", { timeout: 6000 }, () => {
  it("answers USER_END_SESSION with the echo, SESSION_END REASON_USER_END, then close 1000", async () => {
    const { socket } = await startJoinedConversation(server);
    socket.drain();
    socket.send({ type: EventType.UserEndSession, payload: {}, metadata: { custom: { client_event_id: "end-1" } } });
    const frames = await socket.until((event) => event.type === EventType.SessionEnd);
    expect(frames.map((event) => event.type)).toEqual([EventType.UserEndSession, EventType.SessionEnd]);
    expect(frames[0]?.metadata?.custom).toEqual({ client_event_id: "end-1" });
    expect(frames[1]?.payload.reason).toBe("REASON_USER_END");
    expect(frames[1]?.sequence).toEqual(expect.any(Number));
    expect((await socket.waitForClose()).code).toBe(1000);
  });

  it("ends the session for every socket of it, each closed with 1000", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    const second = await openSocket(server, { sessionId, token });
    await readReplay(second, storedIdsAfter(server, sessionId));
    socket.send({ type: EventType.UserEndSession, payload: {} });
    const end = await second.nextOfType(EventType.SessionEnd);
    expect(end.payload.reason).toBe("REASON_USER_END");
    expect((await second.waitForClose()).code).toBe(1000);
  });

  it("keeps an ended session connectable, read-only, and replays its SESSION_END", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    socket.send({ type: EventType.UserEndSession, payload: {} });
    await socket.waitForClose();
    const resumed = await openSocket(server, { sessionId, token });
    const { events } = await readReplay(resumed, storedIdsAfter(server, sessionId));
    expect(events.at(-1)?.type).toBe(EventType.SessionEnd);
    expect(events.at(-1)?.payload.reason).toBe("REASON_USER_END");
  });

  it("answers client frames to an ended session with 'Error: Session not found'", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    socket.send({ type: EventType.UserEndSession, payload: {} });
    await socket.waitForClose();
    const resumed = await openSocket(server, { sessionId, token });
    await readReplay(resumed, storedIdsAfter(server, sessionId));
    const storedBefore = server.inspect.storedEvents(sessionId).length;
    resumed.send({ type: EventType.UserMessage, payload: { text: "anyone there?" }, metadata: { custom: { client_event_id: "late" } } });
    const answer = await resumed.nextOfType(EventType.SystemMessage);
    expect(answer.payload).toMatchObject({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Error: Session not found" });
    expect(answer.metadata?.custom).toEqual({ client_event_id: "late" });
    expect(server.inspect.storedEvents(sessionId)).toHaveLength(storedBefore);
    expect(server.inspect.receivedUserMessages(sessionId).map((message) => message.text)).not.toContain("anyone there?");
  });
  it.each([
    ["a heartbeat", EventType.Heartbeat],
    ["a join request", EventType.RequestServiceAgentJoin],
    ["an end request", EventType.UserEndSession],
  ])("answers %s sent to an ended session with 'Error: Session not found' and stores nothing", async (_label, type) => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    socket.send({ type: EventType.UserEndSession, payload: {} });
    await socket.waitForClose();
    const resumed = await openSocket(server, { sessionId, token });
    await readReplay(resumed, storedIdsAfter(server, sessionId));
    const storedBefore = server.inspect.storedEvents(sessionId).length;
    resumed.send({ type, payload: {} });
    const answer = await resumed.nextOfType(EventType.SystemMessage);
    expect(answer.payload).toMatchObject({ level: "SYSTEM_MESSAGE_LEVEL_ERROR", message: "Error: Session not found" });
    expect(answer.sequence).toBeNull();
    await resumed.expectNoFrame(100, (event) => event.type === type || event.type === EventType.ServiceAgentJoined);
    expect(server.inspect.storedEvents(sessionId)).toHaveLength(storedBefore);
  });
});

describe("the agent concludes (protocol.md §6)", { timeout: 6000 }, () => {
  it("ends with SESSION_END REASON_NATURAL_END after the farewell, then close 1000", async () => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("goodbye"));
    const frames = await socket.until((event) => event.type === EventType.SessionEnd, 4000);
    expect(frames.map((event) => event.type)).toContain(EventType.ServiceAgentMessage);
    expect(frames.at(-1)?.payload.reason).toBe("REASON_NATURAL_END");
    expect((await socket.waitForClose()).code).toBe(1000);
  });
});

describe("idle expiry (protocol.md §6)", { timeout: 8000 }, () => {
  it("warns, then stores SESSION_END REASON_USER_ABANDONED, closes with 4001 and forgets the session", async () => {
    const { socket, sessionId, token } = await startConversation(shortLived);
    const warning = await socket.nextOfType(EventType.SessionIdleWarning, 3000);
    expect(warning.sequence).toBeNull();
    expect(shortLived.inspect.storedEvents(sessionId).map((event) => event.id)).not.toContain(warning.id);
    const end = await socket.nextOfType(EventType.SessionEnd, 3000);
    expect(end.payload.reason).toBe("REASON_USER_ABANDONED");
    expect(end.sequence).toEqual(expect.any(Number));
    expect((await socket.waitForClose()).code).toBe(4001);
    expect(shortLived.inspect.sessionIds()).not.toContain(sessionId);
    expect(await handshake(socketUrl(shortLived, { session_id: sessionId, access_token: token }))).toEqual({
      status: 404,
      text: "session not found",
    });
  });

  it("expires a session that never opened a socket", async () => {
    const token = await getToken(shortLived);
    const sessionId = await createSession(shortLived, token);
    await expect.poll(() => shortLived.inspect.sessionIds().includes(sessionId), { timeout: 4000, interval: 50 }).toBe(false);
    expect((await handshake(socketUrl(shortLived, { session_id: sessionId, access_token: token }))).status).toBe(404);
  });

  it("keeps a session alive while heartbeats arrive on any of its sockets", async () => {
    const { socket, sessionId, token } = await startConversation(shortLived);
    const quiet = await openSocket(shortLived, { sessionId, token });
    await readReplay(quiet, storedIdsAfter(shortLived, sessionId));
    const started = Date.now();
    while (Date.now() - started < idleMilliseconds * 2.5) {
      socket.send({ type: EventType.Heartbeat, payload: {} });
      await socket.nextOfType(EventType.Heartbeat);
      await pause(idleMilliseconds / 6);
    }
    expect(quiet.isOpen).toBe(true);
    expect(socket.received.map((event) => event.type)).not.toContain(EventType.SessionEnd);
    expect(quiet.received.map((event) => event.type)).not.toContain(EventType.SessionEnd);
    expect(shortLived.inspect.sessionIds()).toContain(sessionId);
  });

  it("removes an ended session once its expiry has passed", async () => {
    const { socket, sessionId, token } = await startConversation(shortLived);
    socket.send({ type: EventType.UserEndSession, payload: {} });
    await socket.waitForClose();
    await expect.poll(() => shortLived.inspect.sessionIds().includes(sessionId), { timeout: 4000, interval: 50 }).toBe(false);
    expect((await handshake(socketUrl(shortLived, { session_id: sessionId, access_token: token }))).status).toBe(404);
  });
});
