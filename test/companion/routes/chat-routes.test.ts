import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { createChatProxy } from "../../../src/server/index.ts";
import { BrowserVisitor, pageOrigin, type CompanionAnswer } from "../support/browser-visitor.ts";
import { startCompanion, testSigningSecret, useReferenceServer } from "../support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));

/** Checks the Chat API error body and its code. */
function expectChatError(answer: CompanionAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ success: false, error_code: code, error_message: expect.any(String) });
}

/** Upstream calls the companion made, with their headers and bodies, through the real `fetch`. */
function recordingFetch() {
  const calls: Array<{ url: string; method: string; headers: Headers; body: any }> = [];
  const fetchFunction = async (input: string, init: RequestInit) => {
    calls.push({ url: input, method: init.method ?? "GET", headers: new Headers(init.headers), body: JSON.parse(String(init.body)) });
    return fetch(input, init);
  };
  return { calls, fetchFunction };
}

describe("the chat routes", { timeout: 10_000 }, () => {
  it("create, respond and close a conversation as the widget calls them, with the site's credentials added upstream", async () => {
    const { calls, fetchFunction } = recordingFetch();
    const { proxy } = startCompanion(server, { fetch: fetchFunction });
    const visitor = new BrowserVisitor(proxy);

    const created = await visitor.create({ channel: "webchat", variant_id: "variant-b" });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ conversation_id: expect.any(String), response: expect.stringContaining("Cap demo assistant") });
    const handle = created.body.conversation_id as string;
    const responded = await visitor.respond(handle, "what can you do?");
    expect(responded.status).toBe(200);
    expect(responded.body).toEqual({ conversation_id: handle, response: expect.any(String), end_conversation: false });
    const closed = await visitor.close(handle);
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual({ success: true });

    const platformId = handle.slice(0, handle.lastIndexOf("."));
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ["POST", `${server.credentials.chat.baseUrl}/create`],
      ["POST", `${server.credentials.chat.baseUrl}/respond`],
      ["PUT", `${server.credentials.chat.baseUrl}/close`],
    ]);
    expect(calls.map((call) => call.body)).toEqual([
      { channel: "webchat", variant_id: "variant-b" },
      { conversation_id: platformId, message: "what can you do?" },
      { conversation_id: platformId },
    ]);
    for (const call of calls) {
      expect(call.headers.get("X-API-KEY")).toBe(server.credentials.chat.apiKey);
      expect(call.headers.get("X-TOKEN")).toBe(server.credentials.chat.token);
      expect(call.headers.get("Cookie")).toBeNull();
    }
  });

  it("answers a page on an allowed origin with credentialed CORS headers and a visitor cookie only the companion's paths receive", async () => {
    const { proxy } = startCompanion(server);
    const visitor = new BrowserVisitor(proxy);
    const created = await visitor.create();
    expect(created.headers.get("Access-Control-Allow-Origin")).toBe(pageOrigin);
    expect(created.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    expect(created.headers.get("Access-Control-Expose-Headers")).toBe("Retry-After");
    expect(created.headers.get("Vary")).toBe("Origin");
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    const [cookie, ...others] = created.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(cookie).toMatch(
      /^cap-chat-visitor-[\w-]{8}=[\w-]{22}\.\d+\.[\w-]{43}; Path=\/cap-chat; Max-Age=86400; HttpOnly; SameSite=Strict; Secure$/,
    );
  });

  it("leaves Secure off on plain http unless told, and sets it when a trusted proxy says https", async () => {
    const plain = new BrowserVisitor(startCompanion(server).proxy, { baseUrl: "http://127.0.0.1:9" });
    expect((await plain.create()).headers.getSetCookie()[0]).not.toMatch(/Secure/);
    const forced = new BrowserVisitor(startCompanion(server, { cookie: { secure: true } }).proxy, { baseUrl: "http://127.0.0.1:9" });
    expect((await forced.create()).headers.getSetCookie()[0]).toMatch(/; Secure$/);
    const proxied = new BrowserVisitor(startCompanion(server, { trustProxy: 1 }).proxy, { baseUrl: "http://127.0.0.1:9" });
    const answer = await proxied.send("/chat/create", { body: {}, headers: { "X-Forwarded-Proto": "https" } });
    expect(answer.headers.getSetCookie()[0]).toMatch(/; Secure$/);
  });

  it("keeps a visitor's conversations in one cookie however many it creates", async () => {
    const visitor = new BrowserVisitor(startCompanion(server, { rateLimit: { create: false } }).proxy);
    const handles = [];
    for (let index = 0; index < 12; index += 1) handles.push(await visitor.startConversation());
    expect(visitor.cookies.size).toBe(1);
    for (const handle of handles) expect((await visitor.respond(handle, "hello")).status).toBe(200);
  });

  it("keeps both conversations when two widgets of a new visitor create at once", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    const [first, second] = await Promise.all([visitor.create(), visitor.create()]);
    expect(visitor.cookies.size).toBe(2);
    expect((await visitor.respond(first?.body.conversation_id, "hello")).status).toBe(200);
    expect((await visitor.respond(second?.body.conversation_id, "hello")).status).toBe(200);
    // Later conversations bind to one of the two visitors; the browser gains no third cookie.
    await visitor.startConversation();
    expect(visitor.cookies.size).toBe(2);
  });

  it("refuses a visitor the site's authorize hook refuses", async () => {
    const routes: string[] = [];
    const { proxy } = startCompanion(server, {
      authorize: (_request, route) => {
        routes.push(route);
        return false;
      },
    });
    expectChatError(await new BrowserVisitor(proxy).create(), 403, "NOT_AUTHORIZED");
    expect(routes).toEqual(["chat-create"]);
  });

  it("accepts close as POST too, and refuses other methods with 405 and Allow", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    const handle = await visitor.startConversation();
    expect((await visitor.send("/chat/close", { body: { conversation_id: handle } })).body).toEqual({ success: true });
    const wrong = await visitor.send("/chat/create", { method: "GET" });
    expectChatError(wrong, 405, "METHOD_NOT_ALLOWED");
    expect(wrong.headers.get("Allow")).toBe("POST");
  });

  it("refuses a body that is not a JSON object, and a respond without conversation_id", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    expectChatError(await visitor.send("/chat/create", { body: "[1, 2" }), 400, "INVALID_REQUEST");
    expectChatError(await visitor.send("/chat/create", { body: "[]" }), 400, "INVALID_REQUEST");
    await visitor.startConversation();
    expectChatError(await visitor.send("/chat/respond", { body: { message: "hi" } }), 400, "MISSING_CONVERSATION_ID");
  });

  it("serves at the root with an empty prefix, its cookie then sent to every path", async () => {
    const visitor = new BrowserVisitor(startCompanion(server, { prefix: "" }).proxy);
    const created = await visitor.create();
    expect(created.status).toBe(200);
    expect(created.headers.getSetCookie()[0]).toContain("; Path=/;");
    expect((await visitor.respond(created.body.conversation_id, "hi")).status).toBe(200);
  });

  it("answers 404 for paths it does not serve, and serves no chat route without a Chat API", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    expect((await visitor.send("/chat/delete", { body: {} })).status).toBe(404);
    const tokenOnly = createChatProxy({
      allowedOrigins: [pageOrigin],
      signingSecret: testSigningSecret,
      messaging: { url: server.url, connectorToken: server.credentials.demoConnectorToken, host: "127.0.0.1" },
      logger: () => {},
    });
    expect((await new BrowserVisitor(tokenOnly).create()).status).toBe(404);
  });
});

describe("the configuration", () => {
  const base = { allowedOrigins: [pageOrigin], signingSecret: testSigningSecret, logger: () => {} };
  const chat = { url: "https://chat.example/v1/a/b/chat", apiKey: "key", token: "token" };

  it("is refused at once when it cannot work", () => {
    expect(() => createChatProxy(base)).toThrow(/chat, messaging, outbound, dni or onFeedback/);
    expect(() => createChatProxy({ ...base, chat: { ...chat, apiKey: " " } })).toThrow(/chat.apiKey is required/);
    expect(() => createChatProxy({ ...base, chat: { ...chat, url: "http://chat.example/v1/a/b/chat" } })).toThrow(/https/);
    expect(() => createChatProxy({ ...base, messaging: { url: "https://m.example", connectorToken: "t", host: "" } })).toThrow(
      /messaging.host is required/,
    );
    expect(() => createChatProxy({ ...base, chat, signingSecret: "short" })).toThrow(/at least 32/);
    expect(() => createChatProxy({ ...base, chat, prefix: "cap-chat" })).toThrow(/prefix/);
    expect(() => createChatProxy({ ...base, chat, maxBodyBytes: 0 })).toThrow(/maxBodyBytes/);
  });

  it("serves under the prefix it is given, or at the root", () => {
    expect(createChatProxy({ ...base, chat }).prefix).toBe("/cap-chat");
    expect(createChatProxy({ ...base, chat, prefix: "/support/chat-proxy/" }).prefix).toBe("/support/chat-proxy");
    expect(createChatProxy({ ...base, chat, prefix: "" }).prefix).toBe("");
  });
});
