import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer } from "../../../demo/server/index.ts";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { resolveInsideRoot } from "../../../demo/server/http/static-files.ts";
import { openSession, refusedUpgrade, SmokeSocket } from "../../server-smoke/smoke-client.ts";

let server: ReferenceServer;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "reference-server-smoke-"));
  await mkdir(join(folder, "pages"));
  await mkdir(join(folder, "dist"));
  await writeFile(join(folder, "pages", "index.html"), "<h1>demo</h1>");
  await writeFile(join(folder, "pages", "strict.html"), "<p>strict</p>");
  await writeFile(join(folder, "pages", "strict.headers.json"), JSON.stringify({ "Content-Security-Policy": "default-src 'self'" }));
  await writeFile(join(folder, "dist", "cap-chat.js"), "console.log(1);");
  await writeFile(join(folder, "secret.txt"), "outside");
  server = await startReferenceServer({
    timeScale: 0.01,
    staticRoot: join(folder, "pages"),
    distRoot: join(folder, "dist"),
    exposeFaultEndpoint: true,
  });
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe("static files", () => {
  it("serves index.html at / and the built files under /dist/ with their content types", async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await index.text()).toBe("<h1>demo</h1>");
    const script = await fetch(`${server.url}/dist/cap-chat.js`);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const avatar = await fetch(`${server.url}/avatars/agent.svg`);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("applies a sibling headers file to its page and never serves the headers file", async () => {
    const page = await fetch(`${server.url}/strict.html`);
    expect(page.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect((await fetch(`${server.url}/strict.headers.json`)).status).toBe(404);
  });

  it("resolves only paths inside the root, never a headers file", () => {
    expect(resolveInsideRoot("/srv/pages", "/a/b.html")).toBe("/srv/pages/a/b.html");
    for (const path of ["/../secret.txt", "/a/../../secret.txt", "/..%2fsecret.txt", "/%2e%2e%2fsecret.txt", "/a%00.html", "/a%5c..%5cb", "/x.headers.json", "/%E0%A4%A"]) {
      expect(resolveInsideRoot("/srv/pages", path), path).toBeUndefined();
    }
  });

  it("refuses paths that leave the root", async () => {
    for (const path of ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "/dist/..%2f..%2fsecret.txt", "/nothing.html"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});

describe("HTTP behaviour", () => {
  it("answers a CORS preflight for the API with the needed headers", async () => {
    const response = await fetch(`${server.url}/api/v1/access-token`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:8787", "Access-Control-Request-Method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:8787");
    expect(response.headers.get("access-control-allow-headers")).toContain("X-Host");
    expect(response.headers.get("access-control-expose-headers")).toBe("Retry-After");
  });

  it("answers a body over 1 MB with 413 and keeps serving", async () => {
    const response = await fetch(`${server.url}/api/v1/access-token`, {
      method: "POST",
      headers: { "X-Token": "demo-connector-token", "X-Host": "localhost" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it("drives the fault controls and the inspector over HTTP", async () => {
    const { token, sessionId } = await openSession(server, false);
    const sessions = (await (await fetch(`${server.url}/__faults/sessions`)).json()) as { sessionIds: string[] };
    expect(sessions.sessionIds).toContain(sessionId);
    const fault = await fetch(`${server.url}/__faults/failNextRequests`, {
      method: "POST",
      body: JSON.stringify({ endpoint: "ws", count: 1, status: 429, retryAfterSeconds: 7 }),
    });
    expect(await fault.json()).toEqual({ ok: true });
    const refused = await refusedUpgrade(`${server.url.replace("http", "ws")}/ws?session_id=${sessionId}&access_token=${token}`);
    expect(refused.status).toBe(429);
    const smoke = await SmokeSocket.open(server, sessionId, token);
    await smoke.next("EVENT_TYPE_EVENT_BATCH");
    smoke.socket.terminate();
    const inspected = (await (await fetch(`${server.url}/__faults/inspect/${sessionId}`)).json()) as {
      storedEvents: { type: string }[];
    };
    expect(inspected.storedEvents.map((event) => event.type)).toEqual(["EVENT_TYPE_SESSION_START"]);
    const expired = await fetch(`${server.url}/__faults/expireSession`, { method: "POST", body: JSON.stringify({ sessionId }) });
    expect(expired.status).toBe(200);
    expect((await refusedUpgrade(`${server.url.replace("http", "ws")}/ws?session_id=${sessionId}&access_token=${token}`)).status).toBe(404);
    const unknown = await fetch(`${server.url}/__faults/explode`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(400);
  });
});
