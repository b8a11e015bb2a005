import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { getToken, request, requestSession } from "../support/http.ts";
import { startTestServer } from "../support/test-server.ts";

let server: ReferenceServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await getToken(server);
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.faults.reset();
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Changes one character of a token segment so its signature no longer matches. */
function tamper(value: string, segment: number): string {
  const parts = value.split(".");
  const part = parts[segment] ?? "";
  const last = part.at(-2) === "A" ? "B" : "A";
  parts[segment] = `${part.slice(0, -2)}${last}${part.slice(-1)}`;
  return parts.join(".");
}

describe("POST /api/v1/sessions", { timeout: 5000 }, () => {
  it("answers 200 with a UUID session_id for an empty body", async () => {
    const answer = await requestSession(server, `Bearer ${token}`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.session_id).toMatch(uuid);
  });

  it("answers 200 when there is no body at all", async () => {
    const answer = await request(`${server.url}/api/v1/sessions`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.body.session_id).toMatch(uuid);
  });

  it.each([["web"], ["ios"], ["android"], ["ios-web"], ["android-web"], ["custom"]])("accepts the platform %s", async (platform) => {
    const answer = await requestSession(server, `Bearer ${token}`, { platform, streaming_enabled: true });
    expect(answer.status).toBe(200);
  });

  it("accepts an optional User-Agent header", async () => {
    const answer = await request(`${server.url}/api/v1/sessions`, {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "User-Agent": "conformance/1.0" },
      body: {},
    });
    expect(answer.status).toBe(200);
  });

  it("creates a new, distinct session on every call", async () => {
    const first = await requestSession(server, `Bearer ${token}`);
    const second = await requestSession(server, `Bearer ${token}`);
    expect(first.body.session_id).not.toBe(second.body.session_id);
    expect(server.inspect.sessionIds()).toEqual(expect.arrayContaining([first.body.session_id, second.body.session_id]));
  });

  it("answers 400 'Missing access token' when there is no Authorization header", async () => {
    const answer = await requestSession(server, undefined);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Missing access token" });
  });

  it.each([["Basic abc"], ["Bearer"], ["Bearer "], ["Token x.y.z"], ["x.y.z"]])(
    "answers 401 'Missing authentication headers' for the header %j",
    async (authorization) => {
      const answer = await requestSession(server, authorization.replace("x.y.z", token));
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Missing authentication headers" });
    },
  );

  it("answers 401 'Invalid access token' for a malformed token", async () => {
    const answer = await requestSession(server, "Bearer not-a-jwt");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Invalid access token" });
  });

  it("answers 401 'Invalid access token' for a token with a tampered signature or claims", async () => {
    for (const segment of [1, 2]) {
      const answer = await requestSession(server, `Bearer ${tamper(token, segment)}`);
      expect(answer.status, `segment ${segment}`).toBe(401);
      expect(answer.body).toEqual({ message: "Invalid access token" });
    }
  });

  it("answers 401 'Invalid access token' for an expired token", async () => {
    const expiring = await getToken(server);
    server.faults.expireTokens();
    const answer = await requestSession(server, `Bearer ${expiring}`);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Invalid access token" });
    token = await getToken(server);
    expect((await requestSession(server, `Bearer ${token}`)).status).toBe(200);
  });

  it.each([
    ["a body that is not valid JSON", "{oops"],
    ["a platform that is not a string", JSON.stringify({ platform: 5 })],
    ["streaming_enabled that is not a boolean", JSON.stringify({ streaming_enabled: "yes" })],
    ["streaming_enabled given as a number", JSON.stringify({ streaming_enabled: 1 })],
  ])("answers 400 'Error parsing request' for %s", async (_label, body) => {
    const answer = await requestSession(server, `Bearer ${token}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Error parsing request" });
  });

  it("answers 500 'Failed to create session' on an internal failure", async () => {
    server.faults.failNextRequests("sessions", 1, 500);
    const answer = await requestSession(server, `Bearer ${token}`);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: "Failed to create session" });
    expect((await requestSession(server, `Bearer ${token}`)).status).toBe(200);
  });

  it("never echoes the access token in an error body", async () => {
    const answer = await requestSession(server, `Bearer ${tamper(token, 2)}`);
    expect(answer.text).not.toContain(token.split(".")[1]);
  });
});
