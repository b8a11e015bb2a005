import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { createChatProxy, sendExternalEvent, type ChatProxyLogEntry } from "../../../src/server/index.ts";
import { BrowserVisitor, pageOrigin } from "../support/browser-visitor.ts";
import { startCompanion, testSigningSecret, useReferenceServer } from "../support/companion.ts";

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

  it("hold no key of the voice doors, phone number, call handle or event id, through successes, refusals and failures", async () => {
    const logs: ChatProxyLogEntry[] = [];
    const { outbound, dni, externalEvents } = server.credentials;
    const { proxy } = startCompanion(server, {
      logger: (entry) => logs.push(entry),
      rateLimit: { callback: { requests: 1, windowSeconds: 60 } },
    });
    const visitor = new BrowserVisitor(proxy, { clientAddress: "203.0.113.45" });
    const intruder = new BrowserVisitor(proxy);
    await intruder.accessToken();
    const revealed: string[] = [];

    const call = await visitor.callback("+1 415 555 0188", { session_id: "session-for-the-log" });
    const handle = call.body.handle as string;
    revealed.push(handle, handle.slice(0, handle.lastIndexOf(".")));
    await visitor.callStatus(handle);
    await intruder.callStatus(handle);
    await visitor.callback("+33 6 12 34 56 78");
    await visitor.callback("+1 415 555 0177");
    server.faults.failNextRequests("outbound-status", 1, 500);
    await visitor.callStatus(handle);
    const reserved = await visitor.reserveNumber({ session_id: "session-for-the-log" });
    revealed.push(reserved.body.dni);
    server.faults.failNextRequests("dni-reservation", 1, 500);
    await visitor.reserveNumber();
    const conversation = await visitor.startConversation();
    const offer = await visitor.respond(conversation, "book a table");
    const eventId = new URL(/\((http[^)]*)\)/.exec(offer.body.response)?.[1] ?? "").searchParams.get("event_id") as string;
    revealed.push(eventId);
    const workflowLogs: ChatProxyLogEntry[] = [];
    await sendExternalEvent({ externalEvents, logger: (entry) => workflowLogs.push(entry) }, { eventId, payload: { guests: 2 } });
    const wrongKeys = {
      outbound: { ...outbound, serviceAuthToken: "a-wrong-service-token" },
      dni: { ...dni, apiKey: "a-wrong-dni-key" },
      externalEvents: { ...externalEvents, apiKey: "a-wrong-events-key" },
    };
    const refused = startCompanion(server, { ...wrongKeys, logger: (entry) => logs.push(entry) });
    await new BrowserVisitor(refused.proxy).callback("+1 415 555 0166");
    await new BrowserVisitor(refused.proxy).reserveNumber();
    const error = await sendExternalEvent(
      { externalEvents: wrongKeys.externalEvents, logger: (entry) => workflowLogs.push(entry) },
      { eventId, payload: {} },
    ).catch((reason: unknown) => reason as Error);
    revealed.push(...visitor.cookies.values());

    const text =
      JSON.stringify([...logs, ...workflowLogs]) +
      String((error as Error | undefined)?.message) +
      String((error as Error | undefined)?.stack);
    expect(logs.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(["call-refused", "callback-refused", "upstream-failed", "rate-limited"]),
    );
    expect(workflowLogs.map((entry) => entry.event)).toEqual(["external-event-sent", "external-event-failed"]);
    const secrets = [
      outbound.serviceAuthToken,
      dni.apiKey,
      externalEvents.apiKey,
      "a-wrong-service-token",
      "a-wrong-dni-key",
      "a-wrong-events-key",
      testSigningSecret,
      "4155550188",
      "555 0188",
      "612345678",
      "4155550166",
      "203.0.113.45",
      "session-for-the-log",
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
