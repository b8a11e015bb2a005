import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { BrowserVisitor } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";
import { expectError } from "../support/expect-error.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
afterEach(() => server.faults.reset());

/** The attributes the platform holds for the reservation of `dni`, the latest one. */
function attributesOf(dni: string): Record<string, unknown> | undefined {
  return server.inspect
    .dniReservations()
    .filter((reservation) => reservation.dni === dni)
    .at(-1)?.attributes;
}

describe("the DNI route", { timeout: 15_000 }, () => {
  it("reserves a number whose attributes carry the session id, the page's context and what the site vouches for", async () => {
    const { proxy } = startCompanion(server, { integrationAttributes: () => ({ customer: "c-42", context: { tier: "gold" } }) });
    const visitor = new BrowserVisitor(proxy);
    const answer = await visitor.reserveNumber({
      session_id: "0b4f-session",
      context: { page: "/pricing", tier: "forged" },
      extra: "dropped",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ dni: expect.stringMatching(/^\+1202555\d{4}$/), expires_at: expect.any(String) });
    expect(Date.parse(answer.body.expires_at)).toBeGreaterThan(Date.now());
    expect(attributesOf(answer.body.dni)).toEqual({
      session_id: "0b4f-session",
      context: { page: "/pricing", tier: "gold" },
      customer: "c-42",
    });
  });

  it("carries the platform's id of the visitor's own Chat API conversation, and refuses another visitor's", async () => {
    const { proxy } = startCompanion(server);
    const owner = new BrowserVisitor(proxy);
    const conversation = await owner.startConversation();
    const reserved = await owner.reserveNumber({ conversation_id: conversation });
    expect(attributesOf(reserved.body.dni)).toEqual({ conversation_id: conversation.slice(0, conversation.lastIndexOf(".")) });
    const before = server.inspect.dniReservations().length;
    expectError(await new BrowserVisitor(proxy).reserveNumber({ conversation_id: conversation }), 403, "CONVERSATION_NOT_OWNED");
    expectError(await owner.reserveNumber({ conversation_id: `${conversation.slice(0, -2)}xx` }), 403, "CONVERSATION_NOT_OWNED");
    expect(server.inspect.dniReservations().length).toBe(before);
  });

  it("refuses a malformed session id or context with 400, before the platform is asked", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    const before = server.inspect.dniReservations().length;
    expectError(await visitor.reserveNumber({ session_id: 42 }), 400, "INVALID_REQUEST");
    expectError(await visitor.reserveNumber({ session_id: "a b" }), 400, "INVALID_REQUEST");
    expectError(await visitor.reserveNumber({ context: ["a"] }), 400, "INVALID_REQUEST");
    expectError(await visitor.reserveNumber({ context: { notes: "x".repeat(5000) } }), 400, "CONTEXT_TOO_LARGE");
    expectError(await visitor.send("/dni", { body: "[1]" }), 400, "INVALID_REQUEST");
    expect(server.inspect.dniReservations().length).toBe(before);
  });

  it("holds each visitor to 5 reservations an hour, with Retry-After", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy, { clientAddress: "198.51.100.5" });
    await visitor.accessToken();
    for (let index = 0; index < 5; index += 1) expect((await visitor.reserveNumber()).status).toBe(200);
    const refused = await visitor.reserveNumber();
    expectError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3500);
  });

  it("maps the platform's failures as the widget reads them, and never names the key", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    server.faults.failNextRequests("dni-reservation", 1, 500);
    expectError(await visitor.reserveNumber(), 502, "UPSTREAM_ERROR");
    server.faults.failNextRequests("dni-reservation", 1, 429, 4);
    const limited = await visitor.reserveNumber();
    expectError(limited, 429, "RATE_LIMITED");
    expect(limited.headers.get("Retry-After")).toBe("4");

    const wrongKey = startCompanion(server, { dni: { ...server.credentials.dni, apiKey: "a-wrong-dni-key" } });
    const refused = await new BrowserVisitor(wrongKey.proxy).reserveNumber();
    expectError(refused, 502, "UPSTREAM_REJECTED_CREDENTIALS");
    expect(refused.text + JSON.stringify(wrongKey.logs)).not.toContain("a-wrong-dni-key");

    for (const answer of [
      () => new Response("not json"),
      () => Response.json({ dni: "call us!" }),
      () => Response.json({ number: "+12025550100" }),
    ]) {
      expectError(
        await new BrowserVisitor(startCompanion(server, { fetch: async () => answer() }).proxy).reserveNumber(),
        502,
        "UPSTREAM_INVALID_ANSWER",
      );
    }
    const noWindow = startCompanion(server, { fetch: async () => Response.json({ dni: " +1 202 555 0100 ", expires_at: "soon" }) }).proxy;
    expect((await new BrowserVisitor(noWindow).reserveNumber()).body).toEqual({ dni: "+1 202 555 0100" });

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const slow = startCompanion(server, {
        upstreamTimeoutMilliseconds: 100,
        dni: { ...server.credentials.dni, url: `http://127.0.0.1:${port}` },
      }).proxy;
      expectError(await new BrowserVisitor(slow).reserveNumber(), 504, "UPSTREAM_TIMEOUT");
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("is not served without DNI configured", async () => {
    const { proxy } = startCompanion(server, { dni: undefined });
    expect((await new BrowserVisitor(proxy).reserveNumber()).status).toBe(404);
  });
});
