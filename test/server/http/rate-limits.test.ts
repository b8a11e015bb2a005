import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { startJoinedConversation } from "../support/conversation-flow.ts";
import { getToken, requestSession, type HttpAnswer } from "../support/http.ts";
import { useTestServer } from "../support/test-server.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

/** Upper bound of the flood: well above any sensible burst, still quick on a loopback. */
const floodLimit = 400;

describe("HTTP rate limits (protocol.md §2.3)", { timeout: 15000 }, () => {
  it("answers a forced 429 with Retry-After in whole seconds", async () => {
    const token = await getToken(server);
    server.faults.failNextRequests("sessions", 1, 429, 5);
    const answer = await requestSession(server, `Bearer ${token}`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("5");
  });

  it("answers a flood of quick requests with 429 and a Retry-After it then honours", async () => {
    const token = await getToken(server);
    let limited: HttpAnswer | undefined;
    for (let attempt = 0; attempt < floodLimit && !limited; attempt += 1) {
      const answer = await requestSession(server, `Bearer ${token}`);
      if (answer.status === 429) limited = answer;
      else expect(answer.status).toBe(200);
    }
    expect(limited, "no 429 within the flood").toBeDefined();
    const retryAfter = limited?.headers.get("retry-after") ?? "";
    expect(retryAfter).toMatch(/^[1-9]\d*$/);
    expect(Number(retryAfter)).toBeLessThanOrEqual(5);

    const other = await getToken(server, server.credentials.otherConnectorToken, server.credentials.otherRegisteredHost);
    expect((await requestSession(server, `Bearer ${other}`)).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, Number(retryAfter) * 1000 + 100));
    expect((await requestSession(server, `Bearer ${token}`)).status).toBe(200);
  });
});

describe("socket rate limits (protocol.md §2.3)", { timeout: 8000 }, () => {
  it("drops excess client frames without notice and keeps serving the socket", async () => {
    const { socket } = await startJoinedConversation(server);
    socket.drain();
    for (let index = 0; index < floodLimit; index += 1) socket.send({ type: EventType.Heartbeat, payload: {} });
    await socket.expectNoFrame(300, (event) => event.type === EventType.SystemMessage);
    const echoes = socket.drain().filter((event) => event.type === EventType.Heartbeat);
    expect(echoes.length).toBeGreaterThan(0);
    expect(echoes.length).toBeLessThanOrEqual(floodLimit);
    expect(socket.isOpen).toBe(true);
    let served = false;
    for (let attempt = 0; attempt < 20 && !served; attempt += 1) {
      socket.send({ type: EventType.Heartbeat, payload: {}, metadata: { custom: { client_event_id: `late-${attempt}` } } });
      served = await socket
        .next((event) => event.metadata?.custom?.client_event_id === `late-${attempt}`, 200)
        .then(
          () => true,
          () => false,
        );
    }
    expect(served).toBe(true);
  });
});
