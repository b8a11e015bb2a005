import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";
import { MemoryRateLimitStore, type RateLimitStore } from "../../src/server/index.ts";
import { BrowserVisitor, pageOrigin, type CompanionAnswer } from "./support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "./support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));

function expectRefusedOrigin(answer: CompanionAnswer, shape: "chat" | "messaging"): void {
  expect(answer.status).toBe(403);
  expect(answer.headers.get("Access-Control-Allow-Origin")).toBeNull();
  expect(answer.headers.getSetCookie()).toEqual([]);
  if (shape === "chat")
    expect(answer.body).toEqual({ success: false, error_code: "ORIGIN_NOT_ALLOWED", error_message: expect.any(String) });
  else expect(answer.body).toEqual({ message: expect.any(String) });
}

describe("the origin allowlist", { timeout: 10_000 }, () => {
  it("refuses a disallowed origin, a missing one and the opaque null origin on every route, before the platform is called", async () => {
    let upstreamCalls = 0;
    const { proxy, logs } = startCompanion(server, {
      fetch: (input, init) => {
        upstreamCalls += 1;
        return fetch(input, init);
      },
    });
    for (const origin of ["https://evil.example", "https://shop.example.evil.net", "http://shop.example", "null", null]) {
      const visitor = new BrowserVisitor(proxy, { origin });
      expectRefusedOrigin(await visitor.create(), "chat");
      expectRefusedOrigin(await visitor.respond("x.y", "hi"), "chat");
      expectRefusedOrigin(await visitor.close("x.y"), "chat");
      expectRefusedOrigin(await visitor.accessToken(), "messaging");
    }
    expect(upstreamCalls).toBe(0);
    expect(logs.filter((entry) => entry.event === "origin-refused").map((entry) => entry.origin)).toContain("https://evil.example");
  });

  it("accepts an allowed origin written differently in the configuration", async () => {
    const { proxy } = startCompanion(server, { allowedOrigins: ["HTTPS://Shop.Example:443/"] });
    expect((await new BrowserVisitor(proxy).create()).status).toBe(200);
  });

  it("answers a preflight from an allowed origin, and refuses one from another", async () => {
    const { proxy } = startCompanion(server);
    const preflight = (origin: string, path: string) =>
      new BrowserVisitor(proxy, { origin }).send(path, {
        method: "OPTIONS",
        headers: { "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "content-type" },
      });
    const allowed = await preflight(pageOrigin, "/chat/close");
    expect(allowed.status).toBe(204);
    expect(Object.fromEntries(allowed.headers)).toMatchObject({
      "access-control-allow-origin": pageOrigin,
      "access-control-allow-credentials": "true",
      "access-control-allow-methods": "PUT, POST",
      "access-control-allow-headers": "content-type",
      "access-control-max-age": "600",
    });
    expect(allowed.headers.getSetCookie()).toEqual([]);
    expectRefusedOrigin(await preflight("https://evil.example", "/chat/close"), "chat");
  });

  it("refuses a configuration that is not a list of origins", () => {
    expect(() => startCompanion(server, { allowedOrigins: [] })).toThrow(/at least one origin/);
    expect(() => startCompanion(server, { allowedOrigins: ["*"] })).toThrow(/not an origin/);
    expect(() => startCompanion(server, { allowedOrigins: ["https://shop.example/chat"] })).toThrow(/not an origin/);
  });
});

describe("the body limit", { timeout: 10_000 }, () => {
  it("answers 413 to a body over the limit, declared or streamed, without calling the platform", async () => {
    let upstreamCalls = 0;
    const { proxy } = startCompanion(server, {
      maxBodyBytes: 1024,
      fetch: (input, init) => {
        upstreamCalls += 1;
        return fetch(input, init);
      },
    });
    const visitor = new BrowserVisitor(proxy);
    const oversized = JSON.stringify({ channel: "webchat", integration_attributes: { note: "x".repeat(1100) } });
    const declared = await visitor.send("/chat/create", { body: oversized });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ success: false, error_code: "PAYLOAD_TOO_LARGE", error_message: expect.any(String) });
    expect(declared.headers.get("Access-Control-Allow-Origin")).toBe(pageOrigin);

    const chunk = new TextEncoder().encode("x".repeat(400));
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const streamed = await proxy(
      new Request("https://shop.example/cap-chat/chat/create", {
        method: "POST",
        headers: { Origin: pageOrigin, "Content-Type": "application/json" },
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    expect((await visitor.send("/access-token", { body: oversized })).body).toEqual({ message: expect.stringContaining("1024") });
    expect(upstreamCalls).toBe(0);
    expect((await visitor.send("/chat/create", { body: JSON.stringify({ note: "x".repeat(1000) }) })).status).toBe(200);
  });
});

describe("the rate limits", { timeout: 10_000 }, () => {
  it("answer a burst from one visitor with 429 and the seconds left in the window", async () => {
    let now = 1_800_000_000_000;
    const { proxy, logs } = startCompanion(server, {
      now: () => now,
      rateLimit: { visitor: { requests: 3, windowSeconds: 60 }, address: false },
    });
    const visitor = new BrowserVisitor(proxy);
    const handle = await visitor.startConversation();
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await visitor.respond(handle, "hi")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    now += 15_000;
    const refused = await visitor.respond(handle, "hi");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("45");
    expect(refused.body).toEqual({ success: false, error_code: "RATE_LIMITED", error_message: expect.any(String) });
    expect(logs.some((entry) => entry.event === "rate-limited")).toBe(true);
    // Another visitor has a budget of its own; the first one's comes back with the next window.
    const other = new BrowserVisitor(proxy);
    expect((await other.respond(await other.startConversation(), "hi")).status).toBe(200);
    now += 45_000;
    expect((await visitor.respond(handle, "hi")).status).toBe(200);
  });

  it("answer a burst from one address with 429, however many new visitors it claims to be", async () => {
    const now = 1_800_000_000_000;
    const { proxy } = startCompanion(server, { now: () => now, rateLimit: { address: { requests: 5, windowSeconds: 30 } } });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await new BrowserVisitor(proxy, { clientAddress: "203.0.113.7" }).create()).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await new BrowserVisitor(proxy, { clientAddress: "203.0.113.7" }).accessToken();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(refused.body).toEqual({ message: expect.any(String) });
    expect((await new BrowserVisitor(proxy, { clientAddress: "203.0.113.8" }).create()).status).toBe(200);
  });

  it("hold 500 cookieless creates and access tokens of unknown address to one shared budget, with a warning that names the fix", async () => {
    const reached: string[] = [];
    const { proxy, logs } = startCompanion(server, {
      fetch: (input, init) => {
        reached.push(new URL(input).pathname.split("/").pop() ?? "");
        return fetch(input, init);
      },
    });
    // A visitor who came before keeps chatting: its cookie, not the shared budget, is what it is charged to.
    const regular = new BrowserVisitor(proxy);
    const handle = await regular.startConversation();
    const statuses: number[] = [];
    for (let index = 0; index < 500; index += 1) statuses.push((await new BrowserVisitor(proxy).create()).status);
    for (let index = 0; index < 500; index += 1) statuses.push((await new BrowserVisitor(proxy).accessToken()).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(59);
    expect(statuses.filter((status) => status === 429)).toHaveLength(941);
    expect(reached.filter((action) => action === "create")).toHaveLength(60);
    expect(reached.filter((action) => action === "access-token")).toHaveLength(0);
    expect((await regular.respond(handle, "still here")).status).toBe(200);

    const warnings = logs.filter((entry) => entry.event === "no-client-address");
    expect(warnings).toEqual([expect.objectContaining({ level: "warn", message: expect.stringContaining("set clientAddress") })]);
    const refusals = logs.filter((entry) => entry.event === "rate-limited");
    expect(refusals).toHaveLength(941);
    expect(refusals[0]?.message).toMatch(/rateLimit\.unknownAddress.*clientAddress/);
  });

  it("give create and the access token budgets of their own, tighter than respond's", async () => {
    const { proxy, logs } = startCompanion(server, { rateLimit: { address: false } });
    const lastRefusal = () => logs.filter((entry) => entry.event === "rate-limited").at(-1)?.message;
    const chatting = new BrowserVisitor(proxy, { clientAddress: "203.0.113.20" });
    const handle = await chatting.startConversation();
    const creates: number[] = [];
    for (let index = 0; index < 11; index += 1) creates.push((await chatting.create()).status);
    expect(creates).toEqual([...Array<number>(10).fill(200), 429]);
    expect(lastRefusal()).toBe("A request over the create rate limit was refused");
    expect((await chatting.respond(handle, "hi")).status).toBe(200);

    const reading = new BrowserVisitor(proxy, { clientAddress: "203.0.113.21" });
    expect((await reading.accessToken()).status).toBe(200);
    const tokens: number[] = [];
    for (let index = 0; index < 21; index += 1) tokens.push((await reading.accessToken()).status);
    expect(tokens).toEqual([...Array<number>(20).fill(200), 429]);
    expect(lastRefusal()).toBe("A request over the access-token rate limit was refused");
  });

  it("count the address from X-Forwarded-For only when the proxy in front is trusted", async () => {
    const now = 1_800_000_000_000;
    const limits = { address: { requests: 1, windowSeconds: 60 }, visitor: false as const };
    const trusting = startCompanion(server, { now: () => now, trustProxy: 1, rateLimit: limits }).proxy;
    const balancer = { clientAddress: "10.0.0.2" };
    const from = (address: string) => ({ headers: { "X-Forwarded-For": `198.51.100.1, ${address}` }, body: {} });
    expect((await new BrowserVisitor(trusting, balancer).send("/chat/create", from("203.0.113.1"))).status).toBe(200);
    expect((await new BrowserVisitor(trusting, balancer).send("/chat/create", from("203.0.113.2"))).status).toBe(200);
    expect((await new BrowserVisitor(trusting, balancer).send("/chat/create", from("203.0.113.1"))).status).toBe(429);

    const untrusting = startCompanion(server, { now: () => now, rateLimit: limits }).proxy;
    expect((await new BrowserVisitor(untrusting, balancer).send("/chat/create", from("203.0.113.1"))).status).toBe(200);
    expect((await new BrowserVisitor(untrusting, balancer).send("/chat/create", from("203.0.113.2"))).status).toBe(429);
  });

  it("count an address from the site's clientAddress hook as the adapter's are counted, an IPv6 one by its /64", async () => {
    const now = 1_800_000_000_000;
    const { proxy } = startCompanion(server, {
      now: () => now,
      rateLimit: { address: { requests: 2, windowSeconds: 60 } },
      clientAddress: (request) => request.headers.get("X-Real-IP") ?? undefined,
    });
    const from = (address: string) => new BrowserVisitor(proxy).send("/chat/create", { headers: { "X-Real-IP": address }, body: {} });
    expect((await from("2001:db8:1:2::1")).status).toBe(200);
    expect((await from("2001:db8:1:2::2")).status).toBe(200);
    expect((await from("2001:db8:1:2:ffff::3")).status).toBe(429);
    expect((await from("2001:db8:1:3::1")).status).toBe(200);
  });

  it("use the store they are given, and let requests through when it fails", async () => {
    const keys: string[] = [];
    const memory = new MemoryRateLimitStore();
    const counting: RateLimitStore = {
      increment(key, windowMilliseconds) {
        keys.push(key);
        return memory.increment(key, windowMilliseconds);
      },
    };
    const visitor = new BrowserVisitor(startCompanion(server, { rateLimit: { store: counting } }).proxy, { clientAddress: "203.0.113.9" });
    const handle = await visitor.startConversation();
    await visitor.respond(handle, "hi");
    expect(keys).toEqual([
      // The create came without a cookie: its address stands in for the visitor it mints.
      "cap-chat:visitor:60:@203.0.113.9",
      "cap-chat:create:60:@203.0.113.9",
      "cap-chat:address:60:203.0.113.9",
      expect.stringMatching(/^cap-chat:visitor:60:[\w-]{22}$/),
      "cap-chat:address:60:203.0.113.9",
    ]);

    const failing: RateLimitStore = { increment: () => Promise.reject(new Error("connection refused")) };
    const { proxy, logs } = startCompanion(server, { rateLimit: { store: failing } });
    expect((await new BrowserVisitor(proxy, { clientAddress: "203.0.113.9" }).create()).status).toBe(200);
    expect(logs.some((entry) => entry.event === "rate-limit-store-failed")).toBe(true);
  });
});
