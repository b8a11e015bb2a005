import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mount, ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { startTestServer } from "../support/test-server.ts";

/** A promise with its resolver outside, so a handler and a test can hand each other the turn. */
function signal<Value = void>(): { promise: Promise<Value>; resolve: (value: Value) => void } {
  let resolve!: (value: Value) => void;
  const promise = new Promise<Value>((done) => (resolve = done));
  return { promise, resolve };
}

let server: ReferenceServer;
const seen: Request[] = [];
let bodyReadByHandler = signal<string>();
let firstChunkRead = signal();
let secondBodyChunkSent = signal();

/** A tiny site handler: echoes what it got, sets two cookies, and can stream in steps the test controls. */
const companion: Mount = {
  prefix: "/companion",
  async handler(request) {
    seen.push(request);
    const path = new URL(request.url).pathname;
    if (path === "/companion/stream") {
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(encoder.encode("first,"));
            await firstChunkRead.promise;
            controller.enqueue(encoder.encode("second"));
            controller.close();
          },
        }),
        { headers: { "content-type": "text/plain" } },
      );
    }
    if (path === "/companion/upload") {
      const reader = request.body?.getReader();
      const first = await reader?.read();
      secondBodyChunkSent.resolve();
      let text = new TextDecoder().decode(first?.value);
      for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) text += new TextDecoder().decode(part.value);
      bodyReadByHandler.resolve(text);
      return new Response(null, { status: 204 });
    }
    if (path === "/companion/fail") throw new Error("the site's handler failed");
    const headers = new Headers({ "content-type": "application/json", "x-handled-by": "companion" });
    headers.append("set-cookie", "visitor=abc; HttpOnly; SameSite=Lax; Path=/");
    headers.append("set-cookie", "theme=dark; Path=/");
    return new Response(
      JSON.stringify({
        method: request.method,
        url: request.url,
        body: request.method === "GET" || request.method === "HEAD" ? null : await request.text(),
        contentType: request.headers.get("content-type"),
        forwardedFor: request.headers.get("x-forwarded-for"),
        custom: request.headers.get("x-custom"),
      }),
      { status: 201, headers },
    );
  },
};

beforeAll(async () => {
  server = await startTestServer({ mounts: [companion] });
});
afterAll(async () => {
  await server.close();
});

describe("mounted fetch handlers", { timeout: 5000 }, () => {
  it("hands a request under the prefix to the handler, with its method, URL, headers, body and the client's address", async () => {
    const answer = await fetch(`${server.url}/companion/chat/respond?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-custom": "kept", "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ message: "hello" }),
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("x-handled-by")).toBe("companion");
    expect(await answer.json()).toEqual({
      method: "POST",
      url: `${server.url}/companion/chat/respond?x=1`,
      body: JSON.stringify({ message: "hello" }),
      contentType: "application/json",
      forwardedFor: "127.0.0.1",
      custom: "kept",
    });
  });

  it("keeps every set-cookie header of the answer", async () => {
    const answer = await fetch(`${server.url}/companion`);
    expect(answer.headers.getSetCookie()).toEqual(["visitor=abc; HttpOnly; SameSite=Lax; Path=/", "theme=dark; Path=/"]);
  });

  it("sends headers only to a HEAD request", async () => {
    const answer = await fetch(`${server.url}/companion/anything`, { method: "HEAD" });
    expect(answer.status).toBe(201);
    expect(await answer.text()).toBe("");
  });

  it("leaves paths outside the prefix to the server's own routes", async () => {
    const before = seen.length;
    expect((await fetch(`${server.url}/companionship`)).status).toBe(404);
    expect((await fetch(`${server.url}/avatars/agent.svg`)).status).toBe(200);
    const token = await fetch(`${server.url}/api/v1/access-token`, { method: "POST", headers: { "X-Token": "x", "X-Host": "y" } });
    expect(token.status).toBe(401);
    expect(seen).toHaveLength(before);
  });

  it("streams the handler's answer as it is produced", async () => {
    firstChunkRead = signal();
    const answer = await fetch(`${server.url}/companion/stream`);
    const reader = answer.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value), "the first chunk arrives before the stream ends").toBe("first,");
    firstChunkRead.resolve();
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
    expect(rest).toBe("second");
  });

  it("streams the request body to the handler as it arrives", async () => {
    bodyReadByHandler = signal<string>();
    secondBodyChunkSent = signal();
    const answer = await new Promise<number>((resolve, reject) => {
      const upload = httpRequest(`${server.url}/companion/upload`, { method: "POST" }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      upload.on("error", reject);
      upload.write("part one,");
      // The handler reads the first part while the rest has not been sent yet.
      void secondBodyChunkSent.promise.then(() => upload.end("part two"));
    });
    expect(answer).toBe(204);
    expect(await bodyReadByHandler.promise).toBe("part one,part two");
  });

  it("answers 500 when the handler throws, and keeps serving", async () => {
    expect((await fetch(`${server.url}/companion/fail`)).status).toBe(500);
    expect((await fetch(`${server.url}/companion`)).status).toBe(201);
  });

  it("refuses a prefix that is not a path of its own", async () => {
    for (const prefix of ["companion", "/companion/", "/", "/a/../b", "/a?b"]) {
      await expect(startTestServer({ mounts: [{ prefix, handler: companion.handler }] }), prefix).rejects.toThrow(/mount prefix/);
    }
  });
});
