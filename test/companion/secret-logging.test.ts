import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";
import { createChatProxy } from "../../src/server/index.ts";
import { BrowserVisitor, pageOrigin } from "./support/browser-visitor.ts";
import { startCompanion, testSigningSecret, useReferenceServer } from "./support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));
afterEach(() => {
  server.faults.reset();
  vi.restoreAllMocks();
});

describe("the companion's logs", { timeout: 10_000 }, () => {
  it("hold no secret, token, cookie or conversation id, through successes, refusals and platform failures", async () => {
    const { proxy, logs } = startCompanion(server, { rateLimit: { visitor: { requests: 6, windowSeconds: 60 } } });
    const visitor = new BrowserVisitor(proxy, { clientAddress: "203.0.113.44" });
    const intruder = new BrowserVisitor(proxy);
    const revealed: string[] = [];

    const token = await visitor.accessToken();
    revealed.push(token.body.access_token);
    const handle = await visitor.startConversation();
    revealed.push(handle, handle.slice(0, handle.lastIndexOf(".")));
    await visitor.respond(handle, "my card number is 4111 1111 1111 1111");
    await intruder.respond(handle, "hi");
    server.faults.failNextRequests("chat-respond", 1, 500);
    await visitor.respond(handle, "hi");
    server.faults.failNextRequests("access-token", 1, 500);
    await visitor.accessToken();
    await new BrowserVisitor(proxy, { origin: "https://evil.example" }).create();
    for (let index = 0; index < 4; index += 1) await visitor.respond(handle, "hi");
    revealed.push(...visitor.cookies.values(), ...intruder.cookies.values());

    const wrongKey = startCompanion(server, {
      chat: { url: server.credentials.chat.baseUrl, token: server.credentials.chat.token, apiKey: "a-wrong-but-secret-key" },
    });
    await new BrowserVisitor(wrongKey.proxy).create();

    const text = JSON.stringify([...logs, ...wrongKey.logs]);
    expect(logs.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(["request", "conversation-refused", "upstream-failed", "origin-refused", "rate-limited"]),
    );
    const secrets = [
      server.credentials.chat.apiKey,
      server.credentials.chat.token,
      server.credentials.demoConnectorToken,
      testSigningSecret,
      "a-wrong-but-secret-key",
      "4111",
      "203.0.113.44",
      "eyJ",
      ...revealed,
    ];
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });

  it("redact a secret even where the platform's error text echoes it", async () => {
    const { proxy, logs } = startCompanion(server, {
      fetch: async () =>
        Response.json(
          { success: false, error_code: "BAD", error_message: `key ${server.credentials.chat.apiKey} is revoked` },
          { status: 400 },
        ),
    });
    const answer = await new BrowserVisitor(proxy).create();
    expect(answer.body.error_message).toBe("key [redacted] is revoked");
    expect(JSON.stringify(logs)).not.toContain(server.credentials.chat.apiKey);
  });

  it("go to the console as JSON lines by default, and a logger that throws fails no request", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    vi.spyOn(console, "warn").mockImplementation((line: string) => void lines.push(line));
    const base = {
      allowedOrigins: [pageOrigin],
      signingSecret: testSigningSecret,
      chat: { url: server.credentials.chat.baseUrl, apiKey: server.credentials.chat.apiKey, token: server.credentials.chat.token },
    };
    await new BrowserVisitor(createChatProxy(base)).create();
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: "info", event: "request", status: 200, time: expect.any(String) }),
    );
    expect(lines.join("\n")).not.toContain(server.credentials.chat.apiKey);

    const throwing = createChatProxy({
      ...base,
      logger: () => {
        throw new Error("disk full");
      },
    });
    expect((await new BrowserVisitor(throwing).create()).status).toBe(200);
  });
});
