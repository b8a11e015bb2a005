import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { toNodeHandler, type NodeHandler } from "../../../src/server/index.ts";
import { pageOrigin } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));

const servers: Server[] = [];
afterEach(async () => {
  for (const open of servers.splice(0)) {
    open.closeAllConnections();
    await new Promise((resolve) => open.close(resolve));
  }
});

/** Serves `listener` on a free loopback port and returns its base URL. */
async function serve(listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const http = createServer(listener);
  servers.push(http);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

const json = { Origin: pageOrigin, "Content-Type": "application/json" };

describe("toNodeHandler", { timeout: 10_000 }, () => {
  it("serves the companion from node:http, cookies and all", async () => {
    const base = await serve(toNodeHandler(startCompanion(server).proxy));
    const created = await fetch(`${base}/cap-chat/chat/create`, { method: "POST", headers: json, body: "{}" });
    expect(created.status).toBe(200);
    const cookie = (created.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const { conversation_id: handle } = (await created.json()) as { conversation_id: string };
    const responded = await fetch(`${base}/cap-chat/chat/respond`, {
      method: "POST",
      headers: { ...json, Cookie: cookie },
      body: JSON.stringify({ conversation_id: handle, message: "hi" }),
    });
    expect(responded.status).toBe(200);
    const refused = await fetch(`${base}/cap-chat/chat/respond`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ conversation_id: handle, message: "hi" }),
    });
    expect(refused.status).toBe(403);
  });

  it("keeps every Set-Cookie a header of its own, and sends no body to HEAD", async () => {
    const handler = Object.assign(
      async () => {
        const headers = new Headers({ "Content-Type": "text/plain" });
        headers.append("Set-Cookie", "a=1; Path=/; HttpOnly");
        headers.append("Set-Cookie", "b=2, with a comma; Path=/");
        return new Response("body", { headers });
      },
      { prefix: "" },
    );
    const base = await serve(toNodeHandler(handler));
    const answer = await fetch(`${base}/anything`);
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2, with a comma; Path=/"]);
    expect(await answer.text()).toBe("body");
    expect(await (await fetch(`${base}/anything`, { method: "HEAD" })).text()).toBe("");
  });

  it("streams a large body in, and a large answer out in chunks", async () => {
    const sent = new Uint8Array(3 * 1024 * 1024).map((_value, index) => index % 251);
    const chunk = new Uint8Array(64 * 1024).fill(7);
    const handler = async (request: Request) => {
      const received = new Uint8Array(await request.arrayBuffer());
      const same = received.length === sent.length && received.every((value, index) => value === sent[index]);
      let chunksLeft = 48;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (chunksLeft === 0) return controller.close();
          chunksLeft -= 1;
          controller.enqueue(chunk);
        },
      });
      return new Response(body, { headers: { "X-Same": String(same) } });
    };
    const base = await serve(toNodeHandler(handler));
    const answer = await fetch(`${base}/upload`, { method: "POST", body: sent });
    expect(answer.headers.get("X-Same")).toBe("true");
    const received = new Uint8Array(await answer.arrayBuffer());
    expect(received.length).toBe(48 * chunk.length);
    expect(received.every((value) => value === 7)).toBe(true);
  });

  it("answers 413 to a streamed body over the limit on a connection that stays usable", async () => {
    const base = await serve(toNodeHandler(startCompanion(server, { maxBodyBytes: 1024 }).proxy));
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(`${base}/cap-chat/chat/create`, { method: "POST", headers: json }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      outgoing.on("error", reject);
      // Chunked, with no Content-Length: the limit is found while reading.
      for (let index = 0; index < 64; index += 1) outgoing.write("x".repeat(512));
      outgoing.end();
    });
    expect(status).toBe(413);
  });

  it("passes the socket's peer as the client address, for the per-address limit", async () => {
    const base = await serve(toNodeHandler(startCompanion(server, { rateLimit: { address: { requests: 2, windowSeconds: 60 } } }).proxy));
    const statuses = [];
    for (let index = 0; index < 3; index += 1)
      statuses.push((await fetch(`${base}/cap-chat/chat/create`, { method: "POST", headers: json, body: "{}" })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("works as middleware: other paths go to next(), a mounted path is read from originalUrl, a parsed body is used", async () => {
    const handler = toNodeHandler(startCompanion(server).proxy);
    const passedOn: string[] = [];
    const base = await serve((request: IncomingMessage & { originalUrl?: string; body?: unknown }, response) => {
      const next = () => {
        passedOn.push(request.url ?? "");
        response.statusCode = 418;
        response.end();
      };
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        // As Express with a JSON body parser mounted at /cap-chat leaves it.
        request.body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : {};
        request.originalUrl = request.url;
        if (request.url?.startsWith("/cap-chat/")) request.url = request.url.slice("/cap-chat".length);
        (handler as NodeHandler)(request, response, next);
      });
    });
    expect((await fetch(`${base}/elsewhere`)).status).toBe(418);
    expect(passedOn).toEqual(["/elsewhere"]);
    const created = await fetch(`${base}/cap-chat/chat/create`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ channel: "webchat" }),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ conversation_id: expect.any(String), response: expect.any(String) });
  });

  it("hands a thrown error to next(), or answers a bare 500 without one", async () => {
    const failing = async (): Promise<Response> => {
      throw new Error("broken");
    };
    const errors: unknown[] = [];
    const withNext = await serve((request, response) =>
      toNodeHandler(failing)(request, response, (error) => {
        errors.push(error);
        response.statusCode = 503;
        response.end();
      }),
    );
    expect((await fetch(`${withNext}/x`)).status).toBe(503);
    expect(errors).toEqual([new Error("broken")]);
    const withoutNext = await serve(toNodeHandler(failing));
    expect((await fetch(`${withoutNext}/x`)).status).toBe(500);
  });

  it("answers 405 to a method a Request cannot carry, without calling the handler, and goes on serving", async () => {
    let calls = 0;
    const counting = Object.assign(
      async (request: Request) => {
        calls += 1;
        return startCompanion(server).proxy(request);
      },
      { prefix: "/cap-chat" },
    );
    const base = await serve(toNodeHandler(counting));
    const statusOf = (method: string) =>
      new Promise<number>((resolve, reject) => {
        const outgoing = httpRequest(`${base}/cap-chat/chat/create`, { method, headers: json }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        outgoing.on("error", reject);
        outgoing.end();
      });
    expect(await statusOf("TRACE")).toBe(405);
    expect(calls).toBe(0);
    expect(await statusOf("PROPFIND")).toBe(405);
    expect(await statusOf("POST")).toBe(200);
    expect(calls).toBe(2);
  });

  it("aborts the request's signal when the client goes away", async () => {
    let aborted: () => void = () => {};
    const abortSeen = new Promise<void>((resolve) => (aborted = resolve));
    const waiting = (request: Request) =>
      new Promise<Response>((resolve) => {
        request.signal.addEventListener("abort", () => {
          aborted();
          resolve(new Response("late"));
        });
      });
    const base = await serve(toNodeHandler(waiting));
    const client = new AbortController();
    const pending = fetch(`${base}/slow`, { signal: client.signal }).catch(() => "aborted");
    setTimeout(() => client.abort(), 50);
    expect(await pending).toBe("aborted");
    await abortSeen;
  });
});
