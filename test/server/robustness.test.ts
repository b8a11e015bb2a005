import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";
import { EventType } from "../../src/protocol/event-types.ts";
import { readReplay, startJoinedConversation, storedIdsAfter } from "./support/conversation-flow.ts";
import { createSession, getToken, request, requestSession } from "./support/http.ts";
import { handshake, openSocket, type TestSocket } from "./support/test-socket.ts";
import { socketUrl, useTestServer } from "./support/test-server.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

/** The server still answers the whole handshake: token, session and socket. */
async function expectServerHealthy(): Promise<void> {
  const token = await getToken(server);
  const sessionId = await createSession(server, token);
  expect((await handshake(socketUrl(server, { session_id: sessionId, access_token: token }))).status).toBe(101);
}

describe("robustness against hostile input", { timeout: 8000 }, () => {
  it("answers malformed and wrongly typed HTTP bodies with errors and keeps answering", async () => {
    const token = await getToken(server);
    const bodies = ["{", "null", '"text"', "[1]", '{"platform":{}}', "\u0000\u0001", '{"a":'.repeat(5000)];
    for (const body of bodies) {
      const answer = await requestSession(server, `Bearer ${token}`, body);
      expect(answer.status, body.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(answer.status, body.slice(0, 20)).toBeLessThan(500);
    }
    await expectServerHealthy();
  });

  it("answers a body one byte over 1 MB, and a huge one, with 413 and keeps answering", async () => {
    const token = await getToken(server);
    const justOver = await request(`${server.url}/api/v1/access-token`, {
      headers: { "X-Token": server.credentials.connectorToken, "X-Host": server.credentials.registeredHost },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(justOver.status).toBe(413);
    const huge = await requestSession(server, `Bearer ${token}`, JSON.stringify({ platform: "x".repeat(3 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    await expectServerHealthy();
  });

  it("answers unknown paths and unknown ids without failing", async () => {
    const token = await getToken(server);
    expect((await request(`${server.url}/api/v1/nothing-here`, { body: {} })).status).toBe(404);
    const url = socketUrl(server, { session_id: "not-a-uuid", access_token: token });
    expect((await handshake(url)).status).toBe(404);
    expect((await handshake(socketUrl(server, { session_id: "../../etc", access_token: token }))).status).toBe(404);
    await expectServerHealthy();
  });

  it("survives a burst of hostile socket frames and keeps serving the session", async () => {
    const { socket } = await startJoinedConversation(server);
    socket.drain();
    const hostile = [
      "",
      "null",
      "[]",
      "{}",
      '{"type":null,"payload":{}}',
      '{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":{"toString":1}}}',
      '{"type":"EVENT_TYPE_USER_MESSAGE","payload":{"text":"ok"},"metadata":{"custom":"not an object"}}',
      `{"type":"EVENT_TYPE_HEARTBEAT","payload":${"[".repeat(10000)}${"]".repeat(10000)}}`,
      '{"__proto__":{"polluted":true},"type":"EVENT_TYPE_HEARTBEAT","payload":{}}',
    ];
    for (const frame of hostile) socket.sendRaw(frame);
    socket.socket.send(Buffer.from([0xff, 0xfe, 0x00]), { binary: true });
    socket.send({ type: EventType.Heartbeat, payload: {}, metadata: { custom: { client_event_id: "after-hostile" } } });
    await socket.next((event) => event.metadata?.custom?.client_event_id === "after-hostile");
    expect(socket.isOpen).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("keeps answering after a socket sends an oversized frame", async () => {
    const { socket, sessionId, token } = await startJoinedConversation(server);
    socket.sendRaw("x".repeat(300_000));
    expect((await socket.waitForClose()).code).toBe(1009);
    const resumed = await openSocket(server, { sessionId, token });
    await readReplay(resumed, storedIdsAfter(server, sessionId));
  });

  it("serves ten sockets on one session, refuses more, and keeps answering every one", async () => {
    const { sessionId, token, socket } = await startJoinedConversation(server);
    const sockets: TestSocket[] = [socket];
    for (let index = 1; index < 10; index += 1) sockets.push(await openSocket(server, { sessionId, token }));
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await handshake(socketUrl(server, { session_id: sessionId, access_token: token }))).status).toBe(429);
    }
    socket.send({ type: EventType.UserMessage, payload: { text: "seen by all ten" } });
    await Promise.all(sockets.map((each) => each.next((event) => event.payload.text === "seen by all ten")));
    await expectServerHealthy();
  });

  it("survives clients that vanish in the middle of the handshake", async () => {
    const { sessionId, token } = await startJoinedConversation(server);
    const { default: WebSocket } = await import("ws");
    for (let index = 0; index < 5; index += 1) {
      const abandoned = new WebSocket(socketUrl(server, { session_id: sessionId, access_token: token }));
      abandoned.on("error", () => undefined);
      abandoned.terminate();
    }
    await expect.poll(() => server.inspect.openSocketCount(sessionId), { timeout: 2000 }).toBeLessThanOrEqual(1);
    await expectServerHealthy();
  });
});
