import { afterEach, describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { createSession } from "../../server/support/http.ts";
import { BrowserVisitor } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
afterEach(() => server.faults.reset());

describe("the access-token route", { timeout: 10_000 }, () => {
  it("answers {access_token, expires_in} that opens a session, uncached, with the configured X-Host whatever the request says", async () => {
    const upstreamHeaders: Headers[] = [];
    const { proxy } = startCompanion(server, {
      fetch: (input, init) => {
        upstreamHeaders.push(new Headers(init.headers));
        return fetch(input, init);
      },
    });
    const answer = await new BrowserVisitor(proxy).send("/access-token", {
      body: {},
      headers: { "X-Host": "evil.example", "X-Token": "other-connector-token" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), expires_in: 86400 });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await createSession(server, answer.body.access_token)).toEqual(expect.any(String));
    expect(upstreamHeaders.map((headers) => [headers.get("X-Host"), headers.get("X-Token")])).toEqual([
      ["127.0.0.1", server.credentials.demoConnectorToken],
    ]);
  });

  it("accepts an empty body as the client may send none", async () => {
    const answer = await new BrowserVisitor(startCompanion(server).proxy).send("/access-token", {});
    expect(answer.status).toBe(200);
  });

  it("keeps a platform 429 with its Retry-After, in the Messaging error body", async () => {
    server.faults.failNextRequests("access-token", 1, 429, 4);
    const answer = await new BrowserVisitor(startCompanion(server).proxy).accessToken();
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("4");
    expect(answer.body).toEqual({ message: "rate limit exceeded" });
  });

  it("turns a platform 500 into 502", async () => {
    server.faults.failNextRequests("access-token", 1, 500);
    const answer = await new BrowserVisitor(startCompanion(server).proxy).accessToken();
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ message: expect.any(String) });
  });

  it("turns a refused connector into 502 for the page, and tells the operator why in the log", async () => {
    const { proxy, logs } = startCompanion(server, {
      messaging: { url: server.url, connectorToken: server.credentials.demoConnectorToken, host: "shop.example" },
    });
    const answer = await new BrowserVisitor(proxy).accessToken();
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ message: "The chat service refused the site's connector" });
    expect(logs.find((entry) => entry.event === "upstream-failed")).toMatchObject({
      level: "error",
      upstreamStatus: 401,
      message: expect.stringContaining("Failed to validate connector"),
    });
  });

  it("refuses methods other than POST", async () => {
    const answer = await new BrowserVisitor(startCompanion(server).proxy).send("/access-token", { method: "GET" });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
    expect(answer.body).toEqual({ message: "Use POST" });
  });
});
