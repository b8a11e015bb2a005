import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import type { UpstreamFetch } from "../../../src/server/index.ts";
import { BrowserVisitor } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";
import { expectError } from "../support/expect-error.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
afterEach(() => server.faults.reset());

/** The calls the platform was asked to place to `number`. */
function callsTo(number: string) {
  return server.inspect.outboundCalls().filter((call) => call.toNumber === number);
}

/** Upstream requests the companion made, through the real `fetch`. */
function recordingFetch() {
  const calls: Array<{ url: string; method: string; headers: Headers; body: any }> = [];
  const fetchFunction: UpstreamFetch = async (input, init) => {
    calls.push({
      url: input,
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    return fetch(input, init);
  };
  return { calls, fetchFunction };
}

/** A different number on each call, so the per-number budget of one test never reaches the next. */
let nextNumber = 1000;
const freshNumber = () => `+1415555${String((nextNumber += 1)).padStart(4, "0")}`;

describe("the callback routes", { timeout: 15_000 }, () => {
  it("give the phone field the site's calling code and the prefixes a number may start with (+1 and the site's own by default)", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    const settings = await visitor.callbackSettings();
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ calling_code: "+44", allowed_calling_codes: ["+1", "+44"] });
    const own = startCompanion(server, {
      outbound: { ...server.credentials.outbound, callingCode: "+33", allowedCallingCodes: ["+33", "+1 212"] },
    });
    expect((await new BrowserVisitor(own.proxy).callbackSettings()).body).toEqual({
      calling_code: "+33",
      allowed_calling_codes: ["+33", "+1212"],
    });
  });

  it("take a same-origin GET without Origin when Sec-Fetch-Site says so, and no other request without an allowed Origin", async () => {
    const { proxy } = startCompanion(server);
    const page = new BrowserVisitor(proxy);
    const handle = (await page.callback(freshNumber())).body.handle as string;
    const sameOrigin = new BrowserVisitor(proxy, { origin: null });
    for (const [name, value] of page.cookies) sameOrigin.cookies.set(name, value);
    const read = await sameOrigin.callStatus(handle, { "Sec-Fetch-Site": "same-origin" });
    expect(read.status).toBe(200);
    expect(read.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect((await sameOrigin.callbackSettings({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expectError(await sameOrigin.callStatus(handle), 403, "ORIGIN_NOT_ALLOWED");
    expectError(await sameOrigin.callStatus(handle, { "Sec-Fetch-Site": "cross-site" }), 403, "ORIGIN_NOT_ALLOWED");
    expectError(await sameOrigin.callStatus(handle, { "Sec-Fetch-Site": "none" }), 403, "ORIGIN_NOT_ALLOWED");
    expectError(
      await sameOrigin.send("/callback", { body: { phone: freshNumber() }, headers: { "Sec-Fetch-Site": "same-origin" } }),
      403,
      "ORIGIN_NOT_ALLOWED",
    );
    expectError(
      await new BrowserVisitor(proxy, { origin: "https://evil.example" }).callStatus(handle, { "Sec-Fetch-Site": "same-origin" }),
      403,
      "ORIGIN_NOT_ALLOWED",
    );
  });

  it("answer a preflight with both methods of /callback, and 405 to any other", async () => {
    const { proxy } = startCompanion(server);
    const visitor = new BrowserVisitor(proxy);
    const preflight = await visitor.send("/callback", { method: "OPTIONS", headers: { "Access-Control-Request-Method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST");
    const refused = await visitor.send("/callback", { method: "DELETE" });
    expectError(refused, 405, "METHOD_NOT_ALLOWED");
    expect(refused.headers.get("Allow")).toBe("GET, POST");
    expectError(await visitor.send("/callback/OUT-1.abc", { method: "POST", body: {} }), 405, "METHOD_NOT_ALLOWED");
    expect((await new BrowserVisitor(startCompanion(server, { outbound: undefined }).proxy).callbackSettings()).status).toBe(404);
  });

  it("start a call to the visitor's number with the conversation as metadata, and answer a handle whose status goes to success", async () => {
    const { calls, fetchFunction } = recordingFetch();
    const { proxy } = startCompanion(server, {
      fetch: fetchFunction,
      integrationAttributes: () => ({ customer: "c-42", context: { tier: "gold" } }),
    });
    const visitor = new BrowserVisitor(proxy);
    server.faults.scriptCalls([{ queuedMilliseconds: 150, callingMilliseconds: 150, outcome: "success" }]);
    const number = freshNumber();
    const asked = await visitor.callback(`${number.slice(0, 2)} (${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`, {
      session_id: "session-7",
      context: { page: "/pricing", tier: "forged" },
      anything: "else",
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ handle: expect.stringMatching(/^OUT-.+\.[\w-]+$/), status: "queued" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${server.url}/v1/outbound-calling`);
    expect(calls[0]?.headers.get("X-Service-Auth-Token")).toBe(server.credentials.outbound.serviceAuthToken);
    expect(calls[0]?.body).toEqual({
      to_number: number,
      metadata: { session_id: "session-7", context: { page: "/pricing", tier: "gold" }, customer: "c-42" },
    });
    const handle = asked.body.handle as string;
    const seen = new Set<string>();
    await expect
      .poll(async () => {
        const answer = await visitor.callStatus(handle);
        seen.add(answer.body.status);
        return answer.body;
      })
      .toEqual({ status: "success", reason: "" });
    expect(seen.has("queued") || seen.has("calling")).toBe(true);
    expect(callsTo(number)).toHaveLength(1);
  });

  it("answer a failure's reason, and the platform's 404 once the status has expired", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    server.faults.scriptCalls([
      { queuedMilliseconds: 0, callingMilliseconds: 0, outcome: "failure", reason: "no answer", retentionMilliseconds: 400 },
    ]);
    const handle = (await visitor.callback(freshNumber())).body.handle as string;
    await expect.poll(async () => (await visitor.callStatus(handle)).body).toEqual({ status: "failure", reason: "no answer" });
    await expect.poll(async () => (await visitor.callStatus(handle)).status).toBe(404);
    expectError(await visitor.callStatus(handle), 404, "HTTP_404");
  });

  it("show a call to the visitor who asked for it only: another visitor's, a forged or a tampered handle is 403 and reaches no platform", async () => {
    const { calls, fetchFunction } = recordingFetch();
    const { proxy } = startCompanion(server, { fetch: fetchFunction });
    const owner = new BrowserVisitor(proxy);
    const other = new BrowserVisitor(proxy);
    await other.callbackSettings();
    await other.startConversation();
    const handle = (await owner.callback(freshNumber())).body.handle as string;
    const [callSid, signature] = [handle.slice(0, handle.lastIndexOf(".")), handle.slice(handle.lastIndexOf(".") + 1)];
    const conversationHandle = await owner.startConversation();
    const before = calls.length;
    expectError(await other.callStatus(handle), 403, "CALL_NOT_OWNED");
    expectError(await new BrowserVisitor(proxy).callStatus(handle), 403, "CALL_NOT_OWNED");
    for (const forged of [
      callSid,
      `${callSid}.${"A".repeat(43)}`,
      `${callSid}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${callSid.slice(0, -1)}${callSid.endsWith("a") ? "b" : "a"}.${signature}`,
      conversationHandle,
      "../../chat/create",
    ]) {
      expectError(await owner.callStatus(forged), 403, "CALL_NOT_OWNED");
    }
    expect(calls.length).toBe(before);
    expect((await owner.callStatus(handle)).status).toBe(200);
  });

  it("refuse a number that is not E.164, or outside the allowed countries, before the platform is asked", async () => {
    // Every request to the route counts against its budgets, refused or not: off here, to count the refusals.
    const visitor = new BrowserVisitor(startCompanion(server, { rateLimit: { callback: false } }).proxy);
    const before = server.inspect.outboundCalls().length;
    for (const phone of [
      "12345",
      "4155550123",
      "+0 20 7946 0958",
      "+1 415 555 0123 ext 2",
      "",
      "+1415555012345678",
      14155550123,
      null,
      undefined,
    ]) {
      expectError(await visitor.callback(phone), 400, "INVALID_PHONE_NUMBER");
    }
    for (const phone of ["+33 1 23 45 67 89", "+882 1234 5678", "+7 495 123 4567"]) {
      const refused = await visitor.callback(phone);
      expectError(refused, 400, "COUNTRY_NOT_ALLOWED");
      expect(refused.body.error_message).toContain("+1, +44");
    }
    expect((await visitor.callback("+44 20 7946 0958")).status).toBe(200);
    expect(server.inspect.outboundCalls().length).toBe(before + 1);
  });

  it("refuse another visitor's Chat API conversation as the call's metadata, and carry the platform's id of the visitor's own", async () => {
    const { calls, fetchFunction } = recordingFetch();
    const { proxy } = startCompanion(server, { fetch: fetchFunction });
    const owner = new BrowserVisitor(proxy);
    const intruder = new BrowserVisitor(proxy);
    const conversation = await owner.startConversation();
    expectError(await intruder.callback(freshNumber(), { conversation_id: conversation }), 403, "CONVERSATION_NOT_OWNED");
    expectError(await owner.callback(freshNumber(), { session_id: "has spaces" }), 400, "INVALID_REQUEST");
    expectError(await owner.callback(freshNumber(), { context: "not an object" }), 400, "INVALID_REQUEST");
    expect((await owner.callback(freshNumber(), { conversation_id: conversation })).status).toBe(200);
    expect(calls.filter((call) => call.url.endsWith("/outbound-calling")).map((call) => call.body.metadata)).toEqual([
      { conversation_id: conversation.slice(0, conversation.lastIndexOf(".")) },
    ]);
  });
});

describe("the callback budgets", { timeout: 15_000 }, () => {
  it("hold each visitor to 3 calls an hour, with Retry-After, refused requests included", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy, { clientAddress: "198.51.100.1" });
    await visitor.startConversation();
    expectError(await visitor.callback("not a number"), 400, "INVALID_PHONE_NUMBER");
    for (let index = 0; index < 2; index += 1) expect((await visitor.callback(freshNumber())).status).toBe(200);
    const refused = await visitor.callback(freshNumber());
    expectError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3500);
  });

  it("hold any one number to 3 calls a day, from any visitor and address, counted without keeping the number", async () => {
    const { proxy, logs } = startCompanion(server);
    const number = freshNumber();
    for (let index = 0; index < 3; index += 1) {
      expect((await new BrowserVisitor(proxy, { clientAddress: `198.51.100.${10 + index}` }).callback(number)).status).toBe(200);
    }
    const refused = await new BrowserVisitor(proxy, { clientAddress: "198.51.100.20" }).callback(number);
    expectError(refused, 429, "RATE_LIMITED");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(86_000);
    expect(callsTo(number)).toHaveLength(3);
    expect(JSON.stringify(logs)).not.toContain(number.slice(2));
  });

  it("hold one address to 10 calls an hour, however many visitors it claims to be, and share one budget among requests of unknown address", async () => {
    const { proxy } = startCompanion(server);
    const visitorAt = async (clientAddress: string) => {
      const visitor = new BrowserVisitor(proxy, { clientAddress });
      // A visitor cookie first, as a widget has by the time it offers a callback.
      await visitor.accessToken();
      return visitor;
    };
    for (let index = 0; index < 10; index += 1) expect((await (await visitorAt("203.0.113.9")).callback(freshNumber())).status).toBe(200);
    expectError(await (await visitorAt("203.0.113.9")).callback(freshNumber()), 429, "RATE_LIMITED");
    expect((await (await visitorAt("203.0.113.10")).callback(freshNumber())).status).toBe(200);
    const unknown = startCompanion(server).proxy;
    for (let index = 0; index < 3; index += 1) expect((await new BrowserVisitor(unknown).callback(freshNumber())).status).toBe(200);
    expectError(await new BrowserVisitor(unknown).callback(freshNumber()), 429, "RATE_LIMITED");
  });

  it("let a visitor read a call's status every second for a minute, apart from its other requests", async () => {
    const { proxy } = startCompanion(server, { rateLimit: { visitor: { requests: 2, windowSeconds: 60 } } });
    const visitor = new BrowserVisitor(proxy, { clientAddress: "198.51.100.77" });
    const handle = (await visitor.callback(freshNumber())).body.handle as string;
    for (let index = 0; index < 60; index += 1) expect((await visitor.callStatus(handle)).status).toBe(200);
    const refused = await visitor.callStatus(handle);
    expectError(refused, 429, "RATE_LIMITED");
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("are the site's to set, or turn off", async () => {
    const { proxy } = startCompanion(server, {
      rateLimit: { callback: false, callbackNumber: false, callbackAddress: { requests: 1, windowSeconds: 60 } },
    });
    expect((await new BrowserVisitor(proxy, { clientAddress: "198.51.100.90" }).callback(freshNumber())).status).toBe(200);
    expectError(await new BrowserVisitor(proxy, { clientAddress: "198.51.100.90" }).callback(freshNumber()), 429, "RATE_LIMITED");
  });
});

describe("Outbound Calling failures, as the widget reads them", { timeout: 15_000 }, () => {
  it("keep a 429 with Retry-After, turn a 500 into 502, and a refusal of the service token into 502 that names nothing", async () => {
    const { proxy, logs } = startCompanion(server);
    const visitor = new BrowserVisitor(proxy);
    server.faults.failNextRequests("outbound-call", 1, 429, 9);
    const limited = await visitor.callback(freshNumber());
    expectError(limited, 429, "RATE_LIMITED");
    expect(limited.headers.get("Retry-After")).toBe("9");
    server.faults.failNextRequests("outbound-call", 1, 500);
    expectError(await visitor.callback(freshNumber()), 502, "UPSTREAM_ERROR");
    const handle = (await visitor.callback(freshNumber())).body.handle as string;
    server.faults.failNextRequests("outbound-status", 1, 500);
    expectError(await visitor.callStatus(handle), 502, "UPSTREAM_ERROR");
    expect((await visitor.callStatus(handle)).status).toBe(200);
    expect(logs.filter((entry) => entry.event === "upstream-failed").map((entry) => [entry.route, entry.upstreamStatus])).toEqual([
      ["callback", 500],
      ["callback-status", 500],
    ]);

    const wrongToken = startCompanion(server, { outbound: { ...server.credentials.outbound, serviceAuthToken: "a-wrong-service-token" } });
    const refused = await new BrowserVisitor(wrongToken.proxy).callback(freshNumber());
    expectError(refused, 502, "UPSTREAM_REJECTED_CREDENTIALS");
    expect(refused.text).not.toContain("a-wrong-service-token");
    expect(JSON.stringify(wrongToken.logs)).not.toContain("a-wrong-service-token");
  });

  it("answer 502 to an answer the companion cannot read, 502 when the platform is unreachable, 504 when it is slow", async () => {
    const garbage: Array<() => Response> = [
      () => new Response("<html>oops</html>"),
      () => Response.json({ call_sid: "CA-not-outbound" }),
      () => Response.json({ status: "queued" }),
    ];
    for (const answer of garbage) {
      expectError(
        await new BrowserVisitor(startCompanion(server, { fetch: async () => answer() }).proxy).callback(freshNumber()),
        502,
        "UPSTREAM_INVALID_ANSWER",
      );
    }
    const statusGarbage = startCompanion(server, {
      fetch: async (input, init) => (input.endsWith("/status") ? Response.json({ status: "ringing", reason: "" }) : fetch(input, init)),
    }).proxy;
    const visitor = new BrowserVisitor(statusGarbage);
    expectError(await visitor.callStatus((await visitor.callback(freshNumber())).body.handle), 502, "UPSTREAM_INVALID_ANSWER");
    const huge = startCompanion(server, {
      maxUpstreamBodyBytes: 1024,
      fetch: async () => new Response(`{"call_sid":"OUT-1","pad":"${"a".repeat(4096)}"}`),
    }).proxy;
    expectError(await new BrowserVisitor(huge).callback(freshNumber()), 502, "UPSTREAM_ANSWER_TOO_LARGE");

    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const unreachable = startCompanion(server, { outbound: { ...server.credentials.outbound, url: `http://127.0.0.1:${port}` } }).proxy;
    expectError(await new BrowserVisitor(unreachable).callback(freshNumber()), 502, "UPSTREAM_UNREACHABLE");

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port: silentPort } = silent.address() as AddressInfo;
      const slow = startCompanion(server, {
        upstreamTimeoutMilliseconds: 100,
        outbound: { ...server.credentials.outbound, url: `http://127.0.0.1:${silentPort}` },
      }).proxy;
      expectError(await new BrowserVisitor(slow).callback(freshNumber()), 504, "UPSTREAM_TIMEOUT");
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("redact a credential the platform echoes in a failure's reason", async () => {
    const token = server.credentials.outbound.serviceAuthToken;
    const { proxy } = startCompanion(server, {
      fetch: async (input, init) =>
        input.endsWith("/status") ? Response.json({ status: "failure", reason: `token ${token} refused` }) : fetch(input, init),
    });
    const visitor = new BrowserVisitor(proxy);
    const status = await visitor.callStatus((await visitor.callback(freshNumber())).body.handle);
    expect(status.body).toEqual({ status: "failure", reason: "token [redacted] refused" });
  });
});
