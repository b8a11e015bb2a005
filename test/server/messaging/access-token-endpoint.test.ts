import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { request, requestAccessToken } from "../support/http.ts";
import { useTestServer } from "../support/test-server.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

describe("POST /api/v1/access-token", { timeout: 5000 }, () => {
  it("answers 200 with a JWT, expires_in 86400 and token_type Bearer", async () => {
    const answer = await requestAccessToken(server, server.credentials.connectorToken, server.credentials.registeredHost);
    expect(answer.status).toBe(200);
    expect(answer.body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(answer.body.expires_in).toBe(86400);
    expect(answer.body.token_type).toBe("Bearer");
  });

  it.each([
    ["X-Token is missing", false, true],
    ["X-Host is missing", true, false],
    ["both headers are missing", false, false],
  ])("answers 401 'Missing authentication headers' when %s", async (_label, withToken, withHost) => {
    const { connectorToken, registeredHost } = server.credentials;
    const answer = await requestAccessToken(server, withToken ? connectorToken : undefined, withHost ? registeredHost : undefined);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Missing authentication headers" });
  });

  it("answers 401 'Connector token does not exist' for an unknown connector token", async () => {
    const answer = await requestAccessToken(server, "no-such-connector", server.credentials.registeredHost);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Connector token does not exist" });
  });

  it("answers 401 'Failed to validate connector' when X-Host does not match the registered host", async () => {
    const answer = await requestAccessToken(server, server.credentials.connectorToken, server.credentials.otherRegisteredHost);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Failed to validate connector" });
  });

  it("answers 401 'Connector missing host domain' for a connector with no host configured", async () => {
    const answer = await requestAccessToken(server, server.credentials.hostlessConnectorToken, server.credentials.registeredHost);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Connector missing host domain" });
  });

  it("answers 500 'Failed to create access token' on an internal failure", async () => {
    server.faults.failNextRequests("access-token", 1, 500);
    const failed = await requestAccessToken(server, server.credentials.connectorToken, server.credentials.registeredHost);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ message: "Failed to create access token" });
    const next = await requestAccessToken(server, server.credentials.connectorToken, server.credentials.registeredHost);
    expect(next.status).toBe(200);
  });

  it("does not mention the connector token or the host in an error body", async () => {
    const answer = await requestAccessToken(server, "secret-looking-connector", "secret-host.test");
    expect(answer.text).not.toContain("secret-looking-connector");
    expect(answer.text).not.toContain("secret-host.test");
  });
});

describe("host matching compares host names", { timeout: 5000 }, () => {
  const accepts = async (host: string) => (await requestAccessToken(server, server.credentials.connectorToken, host)).status;

  it("accepts the registered host exactly", async () => {
    expect(await accepts("example.com")).toBe(200);
  });

  it("accepts every subdomain of the registered host", async () => {
    expect(await accepts("app.example.com")).toBe(200);
    expect(await accepts("deep.app.example.com")).toBe(200);
  });

  it("ignores the scheme and the port", async () => {
    expect(await accepts("https://example.com")).toBe(200);
    expect(await accepts("http://example.com:8443")).toBe(200);
    expect(await accepts("example.com:443")).toBe(200);
    expect(await accepts("https://app.example.com:8080")).toBe(200);
  });

  it.each([["evil-example.com"], ["example.com.evil.net"], ["notexample.com"], ["example.co"], ["com"], ["https://evil-example.com:443"]])(
    "refuses the look-alike %s with 'Failed to validate connector'",
    async (host) => {
      const answer = await requestAccessToken(server, server.credentials.connectorToken, host);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Failed to validate connector" });
    },
  );

  it("accepts an app namespace only when it matches exactly", async () => {
    const { appConnectorToken, appNamespace } = server.credentials;
    expect((await requestAccessToken(server, appConnectorToken, appNamespace)).status).toBe(200);
    for (const near of [`${appNamespace}.extra`, `sub.${appNamespace}`, appNamespace.slice(0, -1), "example.com"]) {
      const answer = await requestAccessToken(server, appConnectorToken, near);
      expect(answer.status, near).toBe(401);
      expect(answer.body, near).toEqual({ message: "Failed to validate connector" });
    }
  });

  it("binds each web connector to its own host", async () => {
    const { otherConnectorToken, otherRegisteredHost } = server.credentials;
    expect((await requestAccessToken(server, otherConnectorToken, otherRegisteredHost)).status).toBe(200);
    expect((await requestAccessToken(server, otherConnectorToken, "example.com")).status).toBe(401);
  });
});

describe("access token HTTP robustness", { timeout: 5000 }, () => {
  it("answers 429 with Retry-After in seconds when rate limited", async () => {
    server.faults.failNextRequests("access-token", 1, 429, 7);
    const answer = await requestAccessToken(server, server.credentials.connectorToken, server.credentials.registeredHost);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe("7");
  });

  it("answers a malformed JSON body with a token or a 400 error body, never a failure", async () => {
    const answer = await request(`${server.url}/api/v1/access-token`, {
      headers: { "Content-Type": "application/json", "X-Token": server.credentials.connectorToken, "X-Host": "example.com" },
      body: "{not json",
    });
    expect([200, 400]).toContain(answer.status);
    if (answer.status === 400) expect(typeof answer.body?.message).toBe("string");
  });
});
