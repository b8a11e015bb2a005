import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { dniPool } from "../../../demo/server/voice/dni-reservations.ts";
import { request } from "../support/http.ts";
import { ManualClock } from "../support/manual-clock.ts";
import { useTestServer } from "../support/test-server.ts";

const clock = new ManualClock();
let server: ReferenceServer;
// Full scale: a reservation holds its number for 15 minutes.
useTestServer((started) => (server = started), { timeScale: 1, clock });
const window = 15 * 60 * 1000;

/** `key` null sends no key at all. */
function reserve(body: unknown, key: string | null = server.credentials.dni.apiKey) {
  return request(`${server.url}/v1/conversations/dni-reservation`, {
    headers: { "Content-Type": "application/json", ...(key !== null && { "x-api-key": key }) },
    body,
  });
}

describe("DNI reservations", { timeout: 10_000 }, () => {
  it("reserve a number of the pool per reservation, for a window, with the attributes the voice agent gets", async () => {
    const attributes = { session_id: "session-1", context: { page: "/pricing", cart: [1, 2] } };
    const first = await reserve({ attributes });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      dni: expect.stringMatching(/^\+1202555\d{4}$/),
      expires_at: new Date(clock.now() + window).toISOString(),
    });
    const second = await reserve({ attributes: { conversation_id: "conversation-2" } });
    expect(second.body.dni).not.toBe(first.body.dni);
    const views = server.inspect.dniReservations();
    expect(views.at(-2)).toEqual({ dni: first.body.dni, attributes, reservedAt: clock.now(), expiresAt: clock.now() + window });
    expect(views.at(-1)?.attributes).toEqual({ conversation_id: "conversation-2" });
  });

  it("free a number once its window has passed, and answer 503 while every number is held", async () => {
    clock.advance(window);
    const held: string[] = [];
    for (const _number of dniPool) {
      const answer = await reserve({ attributes: {} });
      expect(answer.status).toBe(200);
      held.push(answer.body.dni);
    }
    expect(new Set(held).size).toBe(dniPool.length);
    const exhausted = await reserve({ attributes: {} });
    expect(exhausted.status).toBe(503);
    expect(exhausted.body).toEqual({ error_message: expect.any(String) });
    clock.advance(window);
    expect((await reserve({ attributes: {} })).status).toBe(200);
  });

  it("refuse a missing or wrong key with 401", async () => {
    for (const key of [null, "wrong", server.credentials.externalEvents.apiKey]) {
      const answer = await reserve({ attributes: {} }, key);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error_message: expect.any(String) });
    }
  });

  it("refuse a body without attributes, with attributes that are not an object, or not JSON, with 400", async () => {
    for (const body of [{}, { attributes: null }, { attributes: [] }, { attributes: "a" }, "{", ""]) {
      expect((await reserve(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await request(`${server.url}/v1/conversations/dni-reservation`, { method: "GET" })).status).toBe(405);
  });

  it("answer a forced failure with 500", async () => {
    server.faults.failNextRequests("dni-reservation", 1, 500);
    expect((await reserve({ attributes: {} })).status).toBe(500);
  });
});
