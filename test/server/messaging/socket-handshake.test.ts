import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { readReplay } from "../support/conversation-flow.ts";
import { createSession, getToken } from "../support/http.ts";
import { closeAllSockets, handshake, openSocket, type TestSocket } from "../support/test-socket.ts";
import { socketUrl, startTestServer } from "../support/test-server.ts";

let server: ReferenceServer;
let token: string;
let sessionId: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await getToken(server);
  sessionId = await createSession(server, token);
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  server.faults.reset();
  await closeAllSockets();
});

describe("WebSocket handshake", { timeout: 6000 }, () => {
  it("upgrades a valid session and token and starts with an EVENT_BATCH", async () => {
    const socket = await openSocket(server, { sessionId, token });
    const first = await socket.next();
    expect(first.type).toBe(EventType.EventBatch);
  });

  it.each([
    ["session_id is missing", false, true],
    ["access_token is missing", true, false],
    ["both are missing", false, false],
  ])("answers 400 'invalid connection parameters' when %s", async (_label, withSession, withToken) => {
    const url = socketUrl(server, { session_id: withSession ? sessionId : undefined, access_token: withToken ? token : undefined });
    expect(await handshake(url)).toEqual({ status: 400, text: "invalid connection parameters" });
  });

  it("answers 400 'invalid connection parameters' when the parameters are empty", async () => {
    expect(await handshake(socketUrl(server, { session_id: "", access_token: "" }))).toEqual({
      status: 400,
      text: "invalid connection parameters",
    });
  });

  it("answers 401 'authentication failed' for an invalid token", async () => {
    expect(await handshake(socketUrl(server, { session_id: sessionId, access_token: "garbage" }))).toEqual({
      status: 401,
      text: "authentication failed",
    });
  });

  it("answers 401 'authentication failed' for an expired token", async () => {
    const expiring = await getToken(server);
    server.faults.expireTokens();
    expect(await handshake(socketUrl(server, { session_id: sessionId, access_token: expiring }))).toEqual({
      status: 401,
      text: "authentication failed",
    });
    token = await getToken(server);
  });

  it("answers 401 'authentication failed' for a token of another connector", async () => {
    const { otherConnectorToken, otherRegisteredHost } = server.credentials;
    const foreign = await getToken(server, otherConnectorToken, otherRegisteredHost);
    expect(await handshake(socketUrl(server, { session_id: sessionId, access_token: foreign }))).toEqual({
      status: 401,
      text: "authentication failed",
    });
  });

  it("accepts any unexpired token of the same connector, not only the one that created the session", async () => {
    const second = await getToken(server, server.credentials.connectorToken, "app.example.com");
    expect((await handshake(socketUrl(server, { session_id: sessionId, access_token: second }))).status).toBe(101);
  });

  it("answers 404 'session not found' for an unknown session", async () => {
    const url = socketUrl(server, { session_id: "00000000-0000-4000-8000-000000000000", access_token: token });
    expect(await handshake(url)).toEqual({ status: 404, text: "session not found" });
  });

  it("answers 404 'session not found' for an expired session", async () => {
    const expired = await createSession(server, token);
    server.faults.expireSession(expired);
    expect(await handshake(socketUrl(server, { session_id: expired, access_token: token }))).toEqual({
      status: 404,
      text: "session not found",
    });
  });

  it("answers 429 'connection limit exceeded for session' to an eleventh simultaneous connection", async () => {
    const limited = await createSession(server, token);
    const sockets: TestSocket[] = [];
    for (let index = 0; index < 10; index += 1) sockets.push(await openSocket(server, { sessionId: limited, token }));
    expect(server.inspect.openSocketCount(limited)).toBe(10);
    const url = socketUrl(server, { session_id: limited, access_token: token });
    expect(await handshake(url)).toEqual({ status: 429, text: "connection limit exceeded for session" });
    await sockets[0]?.close();
    await expect.poll(() => server.inspect.openSocketCount(limited), { timeout: 2000 }).toBe(9);
    const replacement = await openSocket(server, { sessionId: limited, token });
    await readReplay(replacement);
  });

  it("counts the connection limit per session, not per server", async () => {
    const first = await createSession(server, token);
    const second = await createSession(server, token);
    for (let index = 0; index < 10; index += 1) await openSocket(server, { sessionId: first, token });
    expect((await handshake(socketUrl(server, { session_id: second, access_token: token }))).status).toBe(101);
  });
});
