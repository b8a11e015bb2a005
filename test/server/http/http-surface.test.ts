import { readFile, mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReferenceServer } from "../../../demo/server/index.ts";
import { resolveInsideRoot } from "../../../demo/server/http/static-files.ts";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { EventType } from "../../../src/protocol/event-types.ts";
import { createSession, getToken } from "../support/http.ts";
import { closeAllSockets, handshake, openSocket } from "../support/test-socket.ts";
import { socketUrl } from "../support/test-server.ts";

const repositoryPublic = resolve(import.meta.dirname, "../../../public");
let server: ReferenceServer;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "reference-server-http-"));
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
afterEach(async () => {
  server.faults.reset();
  await closeAllSockets();
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
  });

  it.each([
    ["/avatars/agent.svg"],
    ["/avatars/live-agent.svg"],
    ["/demo-assets/harbour.svg"],
    ["/demo-assets/harbour-preview.svg"],
    ["/demo-assets/guide-preview.svg"],
  ])("serves the demo agent's %s from the repository's public folder", async (path) => {
    const answer = await fetch(`${server.url}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml");
    expect(await answer.text()).toBe(await readFile(join(repositoryPublic, path), "utf8"));
  });

  it("applies a sibling headers file to its page and never serves the headers file", async () => {
    const page = await fetch(`${server.url}/strict.html`);
    expect(page.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect((await fetch(`${server.url}/strict.headers.json`)).status).toBe(404);
  });

  it("resolves only paths inside the root, never a headers file", () => {
    expect(resolveInsideRoot("/srv/pages", "/a/b.html")).toBe("/srv/pages/a/b.html");
    for (const path of [
      "/../secret.txt",
      "/a/../../secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e%2fsecret.txt",
      "/a%00.html",
      "/a%5c..%5cb",
      "/x.headers.json",
      "/%E0%A4%A",
    ]) {
      expect(resolveInsideRoot("/srv/pages", path), path).toBeUndefined();
    }
  });

  it("refuses paths that leave the root", async () => {
    for (const path of [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/dist/..%2f..%2fsecret.txt",
      "/avatars/..%2f..%2fpackage.json",
      "/nothing.html",
    ]) {
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

  it("drives the fault controls and the inspector over HTTP", async () => {
    const token = await getToken(server);
    const sessionId = await createSession(server, token);
    const url = socketUrl(server, { session_id: sessionId, access_token: token });
    const sessions = (await (await fetch(`${server.url}/__faults/sessions`)).json()) as { sessionIds: string[] };
    expect(sessions.sessionIds).toContain(sessionId);
    const fault = await fetch(`${server.url}/__faults/failNextRequests`, {
      method: "POST",
      body: JSON.stringify({ endpoint: "ws", count: 1, status: 429, retryAfterSeconds: 7 }),
    });
    expect(await fault.json()).toEqual({ ok: true });
    expect(await handshake(url)).toMatchObject({ status: 429, retryAfter: "7" });
    const socket = await openSocket(server, { sessionId, token });
    await socket.nextOfType(EventType.EventBatch);
    const inspected = (await (await fetch(`${server.url}/__faults/inspect/${sessionId}`)).json()) as {
      storedEvents: { type: string }[];
      openSocketCount: number;
    };
    expect(inspected.storedEvents.map((event) => event.type)).toEqual([EventType.SessionStart]);
    expect(inspected.openSocketCount).toBe(1);
    const expired = await fetch(`${server.url}/__faults/expireSession`, { method: "POST", body: JSON.stringify({ sessionId }) });
    expect(expired.status).toBe(200);
    expect((await handshake(url)).status).toBe(404);
    const unknown = await fetch(`${server.url}/__faults/explode`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(400);
  });

  it("scripts outbound calls and shows the voice doors' records over HTTP", async () => {
    const refused = await fetch(`${server.url}/__faults/scriptCalls`, {
      method: "POST",
      body: JSON.stringify({ scripts: [{ outcome: "maybe" }] }),
    });
    expect(refused.status).toBe(400);
    const script = { queuedMilliseconds: 0, callingMilliseconds: 0, outcome: "failure", reason: "busy line" };
    const scripted = await fetch(`${server.url}/__faults/scriptCalls`, { method: "POST", body: JSON.stringify({ scripts: [script] }) });
    expect(await scripted.json()).toEqual({ ok: true });
    const { outbound } = server.credentials;
    const placed = (await (
      await fetch(`${outbound.url}/v1/outbound-calling`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Service-Auth-Token": outbound.serviceAuthToken },
        body: JSON.stringify({ to_number: "+14155550123" }),
      })
    ).json()) as { call_sid: string };
    type Records = { outboundCalls: { callSid: string; status: string; reason: string }[] };
    const records = async () => (await (await fetch(`${server.url}/__faults/voice`)).json()) as Records;
    expect(await records()).toMatchObject({ dniReservations: expect.any(Array), externalEvents: expect.any(Array) });
    // The scripted course runs on the server's timers, at once.
    await expect
      .poll(async () => (await records()).outboundCalls.find((call) => call.callSid === placed.call_sid))
      .toMatchObject({ status: "failure", reason: "busy line" });
  });
});
