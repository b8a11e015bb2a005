import { Agent, METHODS, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";
import { pageOrigin } from "./support/browser-visitor.ts";
import { useReferenceServer } from "./support/companion.ts";
import { platformEnvironment, startCompanionProcess, startStandInPlatform, type CompanionProcess } from "./support/companion-process.ts";

/*
 * The `cap-chat-proxy` command as a site runs it, in a process of its own, in front of a stand-in for the
 * platform that records every call and passes it on to the reference server (or answers as a hostile or
 * broken platform would). Each block is one finding of an attack on the companion: the process must stay
 * up, and only what the site allows may reach the platform.
 */

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
let platform: Awaited<ReturnType<typeof startStandInPlatform>>;
let companion: CompanionProcess;

beforeAll(async () => {
  platform = await startStandInPlatform(server);
  companion = await startCompanionProcess(platformEnvironment(server, platform, pageOrigin));
}, 30_000);

afterAll(async () => {
  await companion?.stop();
  await platform?.close();
});

const port = () => Number(new URL(companion.url).port);

/** Writes `text` on a fresh connection and resolves with everything read until the server closes it. */
function rawExchange(text: string | Buffer): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port(), "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => socket.destroy(), 3_000);
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      done(received);
    });
    socket.write(text);
  });
}

/** The status line's code, or "closed" when the server answered nothing. */
function statusOf(received: string): string {
  return /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? "closed";
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

/** One request to the process over `agent`'s connections from `localAddress` (any 127.x address is this machine). */
function send(
  path: string,
  options: { method?: string; body?: string; headers?: Record<string, string>; agent?: Agent; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const outgoing = httpRequest(
      `${companion.url}/cap-chat${path}`,
      {
        method: options.method ?? "POST",
        headers: { Origin: pageOrigin, "Content-Type": "application/json", ...options.headers },
        ...(options.agent && { agent: options.agent }),
        ...(options.localAddress && { localAddress: options.localAddress }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          done({ status: response.statusCode ?? 0, headers: response.headers, text, body });
        });
      },
    );
    outgoing.on("error", fail);
    outgoing.end(options.body ?? "{}");
  });
}

/** A visitor's cookie from an answer, ready to send back. */
function cookieOf(answer: Answer): string {
  return ((answer.headers["set-cookie"] as string[] | undefined)?.[0] ?? "").split(";")[0] ?? "";
}

/** Creates a conversation as a new visitor; its handle and the visitor's cookie. */
async function startConversation(body: unknown = { channel: "webchat" }): Promise<{ handle: string; cookie: string }> {
  const created = await send("/chat/create", { body: JSON.stringify(body) });
  expect(created.status, created.text).toBe(200);
  return { handle: created.body.conversation_id, cookie: cookieOf(created) };
}

/** Runs `count` tasks, `parallel` at a time, and resolves with their results in order. */
async function inBatches<Result>(count: number, parallel: number, task: (index: number) => Promise<Result>): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_unused, offset) => task(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/** How many of `statuses` are `status`. */
const countOf = (statuses: readonly number[], status: number) => statuses.filter((each) => each === status).length;

describe("finding 1: no request takes the process down", { timeout: 60_000 }, () => {
  it("answers every method Node's parser accepts, and malformed requests, and goes on serving", async () => {
    const statuses: Record<string, string> = {};
    for (const method of METHODS) {
      for (const path of ["/", "/cap-chat/chat/close"]) {
        const received = await rawExchange(
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${pageOrigin}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        );
        statuses[`${method} ${path}`] = statusOf(received);
      }
    }
    expect(statuses["TRACE /"]).toBe("405");
    expect(statuses["TRACE /cap-chat/chat/close"]).toBe("405");
    // Node closes a CONNECT nothing listens for; every other method gets an answer, none of them a 500.
    for (const [request, status] of Object.entries(statuses)) {
      if (request.startsWith("CONNECT ")) continue;
      expect(status, request).toMatch(/^(204|403|404|405)$/);
    }

    const malformed: Array<[string | Buffer, string]> = [
      ["TRACK / HTTP/1.1\r\nHost: a\r\n\r\n", "400"],
      ["GARBAGE\r\n\r\n", "400"],
      ["GET / HTTP/9.9\r\nHost: a\r\n\r\n", "400"],
      ["GET  HTTP/1.1\r\n\r\n", "400"],
      [Buffer.from([0, 1, 2, 255, 13, 10, 13, 10]), "400"],
      ["GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n", "400"],
      ["GET / HTTP/1.1\r\nHost: a\r\nX-Huge: " + "x".repeat(20_000) + "\r\n\r\n", "431"],
      ["POST /cap-chat/chat/create HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "400"],
      ["POST /cap-chat/chat/create HTTP/1.1\r\nHost: a\r\nContent-Length: nope\r\n\r\n", "400"],
    ];
    for (const [text, status] of malformed) expect(statusOf(await rawExchange(text)), String(text).slice(0, 40)).toBe(status);

    // Bodies cut off half way, and a client gone while its request is served.
    await rawExchange(`POST /cap-chat/chat/create HTTP/1.1\r\nHost: a\r\nOrigin: ${pageOrigin}\r\nContent-Length: 1000\r\n\r\n{"chan`);
    const halfSent = connect(port(), "127.0.0.1");
    halfSent.on("error", () => undefined);
    halfSent.write(
      `POST /cap-chat/chat/create HTTP/1.1\r\nHost: a\r\nOrigin: ${pageOrigin}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    halfSent.destroy();
    const early = connect(port(), "127.0.0.1");
    early.on("error", () => undefined);
    early.write(`POST /cap-chat/chat/create HTTP/1.1\r\nHost: a\r\nOrigin: ${pageOrigin}\r\nContent-Length: 2\r\n\r\n{}`);
    early.destroy();

    expect(companion.child.exitCode).toBeNull();
    expect((await fetch(`${companion.url}/healthz`)).status).toBe(200);
    const { handle, cookie } = await startConversation();
    const responded = await send("/chat/respond", {
      body: JSON.stringify({ conversation_id: handle, message: "hi" }),
      headers: { Cookie: cookie },
    });
    expect(responded.status).toBe(200);
    expect(companion.output()).not.toMatch(/Uncaught|TypeError|RangeError/);
  });
});

describe("finding 3: rate limits hold for requests without a cookie", { timeout: 60_000 }, () => {
  it("lets 10 of 500 cookieless creates and 20 of 500 cookieless access tokens from one address reach the platform", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    try {
      const createsBefore = platform.callsTo("/chat/create").length;
      const creates = await inBatches(500, 10, () => send("/chat/create", { agent, localAddress: "127.0.0.3" }));
      const statuses = creates.map((answer) => answer.status);
      expect([countOf(statuses, 200), countOf(statuses, 429)]).toEqual([10, 490]);
      expect(platform.callsTo("/chat/create").length - createsBefore).toBe(10);

      const tokensBefore = platform.callsTo("/access-token").length;
      const tokens = await inBatches(500, 10, () => send("/access-token", { agent, localAddress: "127.0.0.4" }));
      const tokenStatuses = tokens.map((answer) => answer.status);
      expect([countOf(tokenStatuses, 200), countOf(tokenStatuses, 429)]).toEqual([20, 480]);
      expect(platform.callsTo("/access-token").length - tokensBefore).toBe(20);

      // Another address has budgets of its own.
      expect((await send("/chat/create", { agent, localAddress: "127.0.0.5" })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe("finding 5: only the fields the companion knows reach the platform", { timeout: 30_000 }, () => {
  it("drops the page's claims and unknown fields, and passes on the page's context", async () => {
    const before = platform.calls.length;
    const { handle, cookie } = await startConversation({
      channel: "webchat",
      variant_id: "variant-b",
      integration_attributes: { customer_id: "victim-42", plan: "gold", context: { page: "/pricing" } },
      conversation_id: "someone-elses",
      debug: true,
    });
    const headers = { Cookie: cookie };
    await send("/chat/respond", {
      headers,
      body: JSON.stringify({ conversation_id: handle, message: "hi", end_conversation: true, x: 1 }),
    });
    await send("/chat/close", { method: "PUT", headers, body: JSON.stringify({ conversation_id: handle, message: "bye", force: true }) });
    const platformId = handle.slice(0, handle.lastIndexOf("."));
    expect(platform.calls.slice(before).map((call) => call.body)).toEqual([
      { channel: "webchat", variant_id: "variant-b", integration_attributes: { context: { page: "/pricing" } } },
      { conversation_id: platformId, message: "hi" },
      { conversation_id: platformId },
    ]);
  });

  it("refuses a context over 4 KB with a clear 400", async () => {
    const before = platform.calls.length;
    const answer = await send("/chat/create", {
      body: JSON.stringify({ integration_attributes: { context: { notes: "x".repeat(4100) } } }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error_code: "CONTEXT_TOO_LARGE", error_message: expect.stringContaining("4096 bytes") });
    expect(platform.calls.length).toBe(before);
  });
});

describe("finding 6: platform answers are bounded and redacted", { timeout: 60_000 }, () => {
  it("cuts a 150 MB answer off after the limit and answers 502, without holding it in memory", async () => {
    let sent = 0;
    /** A JSON answer of 150 MB, made only as fast as it is read. */
    async function* hugeAnswer() {
      yield '{"conversation_id":"c-1","response":"';
      const chunk = Buffer.alloc(64 * 1024, "a");
      for (; sent < 150 * 1024 * 1024; sent += chunk.length) yield chunk;
      yield '"}';
    }
    platform.answerWith((call, response) => {
      if (!call.path.endsWith("/chat/create")) return false;
      response.writeHead(200, { "Content-Type": "application/json" });
      pipeline(Readable.from(hugeAnswer()), response).catch(() => undefined);
      return true;
    });
    try {
      const peakBefore = companion.peakMemoryBytes();
      const answer = await send("/chat/create");
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ success: false, error_code: "UPSTREAM_ANSWER_TOO_LARGE", error_message: expect.any(String) });
      await expect.poll(() => companion.output()).toContain("exceeded 1048576 bytes");
      expect(sent).toBeLessThan(32 * 1024 * 1024);
      expect(companion.peakMemoryBytes() - peakBefore).toBeLessThan(64 * 1024 * 1024);
    } finally {
      platform.answerWith(undefined);
    }
  });

  it("redacts the site's credentials from a successful answer that echoes them", async () => {
    const { handle, cookie } = await startConversation();
    const { apiKey, token } = server.credentials.chat;
    platform.answerWith((call, response) => {
      if (!call.path.endsWith("/chat/respond")) return false;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify({ conversation_id: call.body.conversation_id, response: `key ${apiKey}, token ${token}`, [apiKey]: token }),
      );
      return true;
    });
    try {
      const answer = await send("/chat/respond", {
        headers: { Cookie: cookie },
        body: JSON.stringify({ conversation_id: handle, message: "hi" }),
      });
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(apiKey);
      expect(answer.text).not.toContain(token);
      expect(answer.body.response).toBe("key [redacted], token [redacted]");
    } finally {
      platform.answerWith(undefined);
    }
  });
});

describe("finding 8: a deeply nested body is refused, not sent", { timeout: 30_000 }, () => {
  it("answers 400 to a 6,000-deep body and logs no false 'could not be reached'", async () => {
    const before = platform.calls.length;
    const deep = `{"integration_attributes":{"context":{"a":${"[".repeat(6_000)}${"]".repeat(6_000)}}}}`;
    const answer = await send("/chat/create", { body: deep });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error_code: "INVALID_REQUEST", error_message: expect.stringContaining("deeper") });
    expect(platform.calls.length).toBe(before);
    await expect.poll(() => companion.output()).toContain('"status":400');
    expect(companion.output()).not.toContain("could not be reached");
  });
});
