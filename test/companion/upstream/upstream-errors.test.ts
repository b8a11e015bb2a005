import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { BrowserVisitor, type CompanionAnswer } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
afterEach(() => server.faults.reset());

function expectChatError(answer: CompanionAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ success: false, error_code: code, error_message: expect.any(String) });
}

/** A port nothing listens on: one a server just gave back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("Chat API failures, as the widget reads them", { timeout: 10_000 }, () => {
  it("keep a 429 with the platform's Retry-After", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    const handle = await visitor.startConversation();
    server.faults.failNextRequests("chat-respond", 1, 429, 7);
    const answer = await visitor.respond(handle, "hi");
    expectChatError(answer, 429, "RATE_LIMITED");
    expect(answer.headers.get("Retry-After")).toBe("7");
    expect((await visitor.respond(handle, "hi")).status).toBe(200);
  });

  it("turn a platform 500 into 502 on every call", async () => {
    const { proxy, logs } = startCompanion(server);
    const visitor = new BrowserVisitor(proxy);
    const handle = await visitor.startConversation();
    server.faults.failNextRequests("chat-create", 1, 500);
    expectChatError(await visitor.create(), 502, "UPSTREAM_ERROR");
    server.faults.failNextRequests("chat-respond", 1, 500);
    expectChatError(await visitor.respond(handle, "hi"), 502, "UPSTREAM_ERROR");
    server.faults.failNextRequests("chat-close", 1, 500);
    expectChatError(await visitor.close(handle), 502, "UPSTREAM_ERROR");
    expect(logs.filter((entry) => entry.event === "upstream-failed").map((entry) => [entry.route, entry.upstreamStatus])).toEqual([
      ["chat-create", 500],
      ["chat-respond", 500],
      ["chat-close", 500],
    ]);
  });

  it("pass on the platform's 410 for an ended conversation and 404 for an unknown one, with its error text", async () => {
    const visitor = new BrowserVisitor(startCompanion(server).proxy);
    const handle = await visitor.startConversation();
    await visitor.close(handle);
    expectChatError(await visitor.respond(handle, "hi"), 410, "CONVERSATION_ENDED");

    const stranger = startCompanion(server, {
      chat: { ...server.credentials.chat, url: `${server.url}/v1/demo-account/other-project/chat` },
    }).proxy;
    expectChatError(await new BrowserVisitor(stranger).create(), 404, "NOT_FOUND");
  });

  it("turn a refusal of the companion's own credentials into 502, which says nothing about them", async () => {
    const { proxy, logs } = startCompanion(server, {
      chat: { url: server.credentials.chat.baseUrl, apiKey: "wrong-api-key-value", token: server.credentials.chat.token },
    });
    const answer = await new BrowserVisitor(proxy).create();
    expectChatError(answer, 502, "UPSTREAM_REJECTED_CREDENTIALS");
    expect(answer.text).not.toContain("wrong-api-key-value");
    expect(logs.find((entry) => entry.event === "upstream-failed")).toMatchObject({
      level: "error",
      upstreamStatus: 401,
      errorCode: "UNAUTHORIZED",
    });
  });

  it("answer 502 when the platform cannot be reached and 504 when it does not answer in time", async () => {
    const port = await closedPort();
    const unreachable = startCompanion(server, { chat: { ...server.credentials.chat, url: `http://127.0.0.1:${port}/v1/a/b/chat` } }).proxy;
    expectChatError(await new BrowserVisitor(unreachable).create(), 502, "UPSTREAM_UNREACHABLE");

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port: silentPort } = silent.address() as AddressInfo;
      const slow = startCompanion(server, {
        upstreamTimeoutMilliseconds: 100,
        chat: { ...server.credentials.chat, url: `http://127.0.0.1:${silentPort}/v1/a/b/chat` },
      }).proxy;
      expectChatError(await new BrowserVisitor(slow).create(), 504, "UPSTREAM_TIMEOUT");
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("pass an unreadable answer to a respond on as it came, since the platform acted on it", async () => {
    const visitor = new BrowserVisitor(
      startCompanion(server, {
        fetch: async (input, init) =>
          input.endsWith("/respond") ? new Response("<html>oops</html>", { status: 200 }) : fetch(input, init),
      }).proxy,
    );
    const handle = await visitor.startConversation();
    const answer = await visitor.respond(handle, "hi");
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("<html>oops</html>");
  });

  it("answer 502 to a create whose answer has no conversation_id, and never follow a redirect with the credentials", async () => {
    const seen: RequestInit[] = [];
    const visitor = new BrowserVisitor(
      startCompanion(server, {
        fetch: async (_input, init) => {
          seen.push(init);
          return seen.length === 1
            ? Response.json({ response: "hi" })
            : new Response(null, { status: 307, headers: { Location: "https://elsewhere.example/" } });
        },
      }).proxy,
    );
    expectChatError(await visitor.create(), 502, "UPSTREAM_INVALID_ANSWER");
    expectChatError(await visitor.create(), 502, "UPSTREAM_ERROR");
    expect(seen.map((init) => init.redirect)).toEqual(["manual", "manual"]);
  });
});

/** A body of `chunkCount` chunks of `chunkSize` bytes, made as they are read; `pulled()` says how many were. */
function countedStream(chunkCount: number, chunkSize: number, start = "") {
  let pulled = 0;
  const encoder = new TextEncoder();
  const chunk = encoder.encode("a".repeat(chunkSize));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(start));
    },
    pull(controller) {
      if (pulled === chunkCount) return controller.close();
      pulled += 1;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe("platform answers the companion will not pass on", { timeout: 10_000 }, () => {
  it("are cut off past maxUpstreamBodyBytes, streamed or declared, and answered 502 on every route", async () => {
    const streams: Array<ReturnType<typeof countedStream>> = [];
    const { proxy, logs } = startCompanion(server, {
      maxUpstreamBodyBytes: 64 * 1024,
      fetch: async (input, init) => {
        if (input.endsWith("/create") && streams.length > 0) return fetch(input, init);
        // 150 MB, made only as far as it is read.
        const counted = countedStream(2_400, 64 * 1024, '{"conversation_id":"c-1","response":"');
        streams.push(counted);
        return new Response(counted.stream, { status: 200 });
      },
    });
    const visitor = new BrowserVisitor(proxy);
    expectChatError(await visitor.create(), 502, "UPSTREAM_ANSWER_TOO_LARGE");
    expectChatError(await visitor.respond(await visitor.startConversation(), "hi"), 502, "UPSTREAM_ANSWER_TOO_LARGE");
    const token = await visitor.accessToken();
    expect(token.status).toBe(502);
    expect(token.body).toEqual({ message: "The chat service's answer was too large" });
    for (const counted of streams) expect(counted.pulled()).toBeLessThanOrEqual(2);
    expect(logs.filter((entry) => entry.event === "upstream-failed").map((entry) => [entry.route, entry.message])).toEqual([
      ["chat-create", "The Chat API's answer exceeded 65536 bytes and was not read"],
      ["chat-respond", "The Chat API's answer exceeded 65536 bytes and was not read"],
      ["access-token", "The Messaging API's answer exceeded 65536 bytes and was not read"],
    ]);

    let cancelled = false;
    const declared = startCompanion(server, {
      maxUpstreamBodyBytes: 1024,
      fetch: async () =>
        new Response(new ReadableStream({ cancel: () => void (cancelled = true) }), { headers: { "Content-Length": "2048" } }),
    }).proxy;
    expectChatError(await new BrowserVisitor(declared).create(), 502, "UPSTREAM_ANSWER_TOO_LARGE");
    expect(cancelled).toBe(true);
  });

  it("are refused when nested too deeply to pass on, as an unreadable answer", async () => {
    const deep = `{"conversation_id":"c-1","response":${"[".repeat(6_000)}${"]".repeat(6_000)}}`;
    const { proxy, logs } = startCompanion(server, {
      fetch: async (input, init) => (input.endsWith("/create") ? new Response(deep) : fetch(input, init)),
    });
    expectChatError(await new BrowserVisitor(proxy).create(), 502, "UPSTREAM_INVALID_ANSWER");
    expect(logs.some((entry) => entry.event === "internal-error")).toBe(false);
  });

  it("reach the page with the site's credentials redacted, on success too", async () => {
    const { apiKey, token } = server.credentials.chat;
    const echo = { conversation_id: "c-1", response: `Your key is ${apiKey}`, debug: { headers: [apiKey, token] }, [token]: true };
    const visitor = new BrowserVisitor(
      startCompanion(server, {
        fetch: async (input, init) =>
          input.endsWith("/close")
            ? Response.json({ success: true, echo: apiKey })
            : input.endsWith("/create")
              ? Response.json(echo)
              : fetch(input, init),
      }).proxy,
    );
    const created = await visitor.create();
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      conversation_id: expect.stringMatching(/^c-1\./),
      response: "Your key is [redacted]",
      debug: { headers: ["[redacted]", "[redacted]"] },
      "[redacted]": true,
    });
    const closed = await visitor.close(created.body.conversation_id);
    expect(closed.body).toEqual({ success: true, echo: "[redacted]" });
  });
});
