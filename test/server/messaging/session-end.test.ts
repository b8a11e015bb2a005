import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { idleWarningFraction } from "../../../demo/server/server-config.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { limits } from "../../../src/protocol/limits.ts";
import {
  expectQuiet,
  readReplay,
  sendUserMessage,
  startConversation,
  startJoinedConversation,
  storedIdsAfter,
} from "../support/conversation-flow.ts";
import { createSession, getToken } from "../support/http.ts";
import { closeAllSockets, handshake, openSocket } from "../support/test-socket.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { socketUrl, startTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

/** The protocol's 10-minute expiry: the idle server runs at full scale on a clock the tests move. */
const idleMilliseconds = limits.sessionIdleExpiryMilliseconds;
const clock = new ManualClock();
let server: ReferenceServer;
let idle: ReferenceServer;

beforeAll(async () => {
  server = await startTestServer();
  idle = await startTestServer({ clock, timeScale: 1 });
});
afterAll(async () => {
  await Promise.all([server.close(), idle.close()]);
});
afterEach(async () => {
  server.faults.reset();
  idle.faults.reset();
  await closeAllSockets();
});

describe("the user ends the session", { timeout: 6000 }, () => {
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
    await expectQuiet(server, sessionId, resumed, (event) => event.type === type || event.type === EventType.ServiceAgentJoined);
    expect(server.inspect.storedEvents(sessionId)).toHaveLength(storedBefore);
  });
});

describe("the agent concludes", { timeout: 6000 }, () => {
  it("ends with SESSION_END REASON_NATURAL_END after the farewell, then close 1000", async () => {
    const { socket } = await startJoinedConversation(server);
    await sendUserMessage(socket, triggerPhrase("goodbye"));
    const frames = await socket.until((event) => event.type === EventType.SessionEnd, 4000);
    expect(frames.map((event) => event.type)).toContain(EventType.ServiceAgentMessage);
    expect(frames.at(-1)?.payload.reason).toBe("REASON_NATURAL_END");
    expect((await socket.waitForClose()).code).toBe(1000);
  });
});

describe("idle expiry", { timeout: 8000 }, () => {
  it("warns, then stores SESSION_END REASON_USER_ABANDONED, closes with 4001 and forgets the session", async () => {
    const { socket, sessionId, token } = await startConversation(idle);
    clock.advance(idleMilliseconds * idleWarningFraction - 1);
    await socket.roundTrip();
    clock.advance(idleMilliseconds * idleWarningFraction - 1);
    await socket.roundTrip();
    expect(
      socket.queued().map((event) => event.type),
      "a heartbeat re-arms the expiry",
    ).toEqual([]);
    clock.advance(idleMilliseconds * idleWarningFraction);
    const warning = await socket.nextOfType(EventType.SessionIdleWarning);
    expect(warning.sequence).toBeNull();
    expect(idle.inspect.storedEvents(sessionId).map((event) => event.id)).not.toContain(warning.id);
    clock.advance(idleMilliseconds * (1 - idleWarningFraction));
    const end = await socket.nextOfType(EventType.SessionEnd);
    expect(end.payload.reason).toBe("REASON_USER_ABANDONED");
    expect(end.sequence).toEqual(expect.any(Number));
    expect((await socket.waitForClose()).code).toBe(4001);
    expect(idle.inspect.sessionIds()).not.toContain(sessionId);
    expect(await handshake(socketUrl(idle, { session_id: sessionId, access_token: token }))).toEqual({
      status: 404,
      text: "session not found",
    });
  });

  it("expires a session that never opened a socket", async () => {
    const token = await getToken(idle);
    const sessionId = await createSession(idle, token);
    clock.advance(idleMilliseconds - 1);
    expect(idle.inspect.sessionIds()).toContain(sessionId);
    clock.advance(1);
    expect(idle.inspect.sessionIds()).not.toContain(sessionId);
    expect((await handshake(socketUrl(idle, { session_id: sessionId, access_token: token }))).status).toBe(404);
  });

  it("keeps a session alive while heartbeats arrive on any of its sockets", async () => {
    const { socket, sessionId, token } = await startConversation(idle);
    const quiet = await openSocket(idle, { sessionId, token });
    await readReplay(quiet, storedIdsAfter(idle, sessionId));
    for (let beat = 0; beat < 5; beat += 1) {
      clock.advance(idleMilliseconds / 2);
      await socket.roundTrip();
    }
    await quiet.roundTrip();
    expect(quiet.isOpen).toBe(true);
    expect(socket.received.map((event) => event.type)).not.toContain(EventType.SessionEnd);
    expect(quiet.received.map((event) => event.type)).not.toContain(EventType.SessionEnd);
    expect(idle.inspect.sessionIds()).toContain(sessionId);
  });

  it("removes an ended session once its expiry has passed", async () => {
    const { socket, sessionId, token } = await startConversation(idle);
    socket.send({ type: EventType.UserEndSession, payload: {} });
    await socket.waitForClose();
    clock.advance(idleMilliseconds - 1);
    expect((await handshake(socketUrl(idle, { session_id: sessionId, access_token: token }))).status, "still readable").toBe(101);
    clock.advance(1);
    expect(idle.inspect.sessionIds()).not.toContain(sessionId);
    expect((await handshake(socketUrl(idle, { session_id: sessionId, access_token: token }))).status).toBe(404);
  });
});
