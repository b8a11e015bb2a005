import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { rateBudgets } from "../../../demo/server/http/rate-limiter.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { startConversation } from "../support/conversation-flow.ts";
import { getToken, requestSession } from "../support/http.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { useTestServer } from "../support/test-server.ts";

let server: ReferenceServer;
// The clock stands still unless a test moves it, so every budget is spent and refilled exactly.
const clock = new ManualClock();

useTestServer((started) => (server = started), { clock, timeScale: 1 });

describe("HTTP rate limits", { timeout: 15000 }, () => {
  it("answers a forced 429 with Retry-After in whole seconds", async () => {
    const token = await getToken(server);
    server.faults.failNextRequests("sessions", 1, 429, 5);
    const answer = await requestSession(server, `Bearer ${token}`);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("5");
  });

  it("allows a burst, then answers 429 with a Retry-After after which a request is served again", async () => {
    clock.advance(60_000);
    const token = await getToken(server);
    for (let request = 0; request < rateBudgets.http.burst; request += 1) {
      expect((await requestSession(server, `Bearer ${token}`)).status, `request ${request + 1}`).toBe(200);
    }
    const limited = await requestSession(server, `Bearer ${token}`);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "rate limit exceeded" });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBe(1);

    const other = await getToken(server, server.credentials.otherConnectorToken, server.credentials.otherRegisteredHost);
    expect((await requestSession(server, `Bearer ${other}`)).status, "another connector has its own budget").toBe(200);

    const refill = 1000 / rateBudgets.http.perSecond;
    clock.advance(refill - 1);
    expect((await requestSession(server, `Bearer ${token}`)).status, "just before a request is back").toBe(429);
    clock.advance(retryAfter * 1000 - (refill - 1));
    expect((await requestSession(server, `Bearer ${token}`)).status, "once Retry-After has passed").toBe(200);
  });
});

describe("socket rate limits", { timeout: 8000 }, () => {
  it("drops the frames past the budget without notice, keeps the socket, and serves it again once refilled", async () => {
    clock.advance(60_000);
    const { socket, sessionId } = await startConversation(server);
    const flood = rateBudgets.socketFrames.burst * 2;
    for (let index = 0; index < flood; index += 1) {
      socket.send({ type: EventType.Heartbeat, payload: {}, metadata: { custom: { client_event_id: `flood-${index}` } } });
    }
    await expect.poll(() => server.inspect.droppedFrameCount(sessionId)).toBe(flood - rateBudgets.socketFrames.burst);
    const lastServed = `flood-${rateBudgets.socketFrames.burst - 1}`;
    await socket.next((event) => event.metadata?.custom?.client_event_id === lastServed);
    const echoes = socket.received.filter((event) => event.type === EventType.Heartbeat);
    expect(echoes.map((event) => event.metadata?.custom?.client_event_id)).toEqual(
      Array.from({ length: rateBudgets.socketFrames.burst }, (_, index) => `flood-${index}`),
    );
    expect(socket.received.filter((event) => event.type === EventType.SystemMessage)).toEqual([]);
    expect(socket.isOpen).toBe(true);

    clock.advance(1000 / rateBudgets.socketFrames.perSecond);
    await socket.roundTrip();
    expect(server.inspect.droppedFrameCount(sessionId)).toBe(flood - rateBudgets.socketFrames.burst);
  });
});
