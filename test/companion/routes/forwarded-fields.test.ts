import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import type { ChatProxyConfig } from "../../../src/server/index.ts";
import { BrowserVisitor, type CompanionAnswer } from "../support/browser-visitor.ts";
import { startCompanion, useReferenceServer } from "../support/companion.ts";

let server: ReferenceServer;
useReferenceServer((started) => (server = started));

/** A companion whose platform calls are recorded (and passed on to the reference server). */
function recordingCompanion(overrides: Partial<ChatProxyConfig> = {}) {
  const bodies: any[] = [];
  const { proxy } = startCompanion(server, {
    fetch: (input, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return fetch(input, init);
    },
    ...overrides,
  });
  return { visitor: new BrowserVisitor(proxy), bodies };
}

function expectInvalid(answer: CompanionAnswer, code: string, message: RegExp): void {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ success: false, error_code: code, error_message: expect.stringMatching(message) });
}

describe("the fields the companion forwards", { timeout: 10_000 }, () => {
  it("puts what the site vouches for over anything the page claims, and keeps the page's context", async () => {
    const { visitor, bodies } = recordingCompanion({
      integrationAttributes: (request) => {
        const customer = request.headers.get("X-Site-Customer");
        return customer ? { customer_id: customer, context: { customer_tier: "gold" } } : undefined;
      },
    });
    const claims = {
      customer_id: "victim-42",
      plan: "enterprise",
      context: { page: "/pricing", customer_tier: "platinum" },
    };
    await visitor.send("/chat/create", {
      body: { channel: "webchat", integration_attributes: claims },
      headers: { "X-Site-Customer": "c-42" },
    });
    // A visitor the site vouches nothing for cannot claim to be someone either.
    await visitor.send("/chat/create", { body: { channel: "webchat", integration_attributes: claims } });
    expect(bodies).toEqual([
      { channel: "webchat", integration_attributes: { customer_id: "c-42", context: { page: "/pricing", customer_tier: "gold" } } },
      { channel: "webchat", integration_attributes: { context: { page: "/pricing", customer_tier: "platinum" } } },
    ]);
  });

  it("passes the page's own fields the site lets through, under what it vouches for", async () => {
    const { visitor, bodies } = recordingCompanion({
      pageAttributes: ["plan", "locale"],
      integrationAttributes: () => ({ plan: "basic" }),
    });
    await visitor.create({ integration_attributes: { plan: "enterprise", locale: "fr", customer_id: "victim-42" } });
    expect(bodies).toEqual([{ integration_attributes: { plan: "basic", locale: "fr" } }]);
  });

  it("sends respond and close only the fields they know, and create no top-level field of its own", async () => {
    const { visitor, bodies } = recordingCompanion();
    const created = await visitor.create({ channel: "webchat", conversation_id: "forged", api_key: "x", variant_id: "v" });
    const handle = created.body.conversation_id as string;
    await visitor.send("/chat/respond", { body: { conversation_id: handle, message: "hi", end_conversation: true, channel: "sms" } });
    await visitor.send("/chat/close", { method: "PUT", body: { conversation_id: handle, message: "bye", reason: "x" } });
    const platformId = handle.slice(0, handle.lastIndexOf("."));
    expect(bodies).toEqual([
      { channel: "webchat", variant_id: "v" },
      { conversation_id: platformId, message: "hi" },
      { conversation_id: platformId },
    ]);
  });

  it("refuses a field of the wrong type or a context over 4 KB with a 400 that says which, before the platform is called", async () => {
    const { visitor, bodies } = recordingCompanion();
    expectInvalid(await visitor.create({ variant_id: 7 }), "INVALID_REQUEST", /variant_id must be a string/);
    expectInvalid(
      await visitor.create({ integration_attributes: ["a"] }),
      "INVALID_REQUEST",
      /integration_attributes must be a JSON object/,
    );
    expectInvalid(
      await visitor.create({ integration_attributes: { context: "page=/pricing" } }),
      "INVALID_REQUEST",
      /context must be a JSON object/,
    );
    // {"notes":"…"} adds 12 bytes to its text: 2,043 two-byte "é" make 4,098 bytes, 4,084 "x" exactly 4,096.
    expectInvalid(
      await visitor.create({ integration_attributes: { context: { notes: "é".repeat(2_043) } } }),
      "CONTEXT_TOO_LARGE",
      /exceeds 4096 bytes/,
    );
    expect(bodies).toEqual([]);
    expect((await visitor.create({ integration_attributes: { context: { notes: "x".repeat(4_084) } } })).status).toBe(200);
    const handle = (await visitor.startConversation()) as string;
    expectInvalid(await visitor.send("/chat/respond", { body: { conversation_id: handle, message: 42 } }), "INVALID_REQUEST", /message/);
    expect(bodies).toHaveLength(2);
  });

  it("refuses a configuration whose pageAttributes is not a list of names", () => {
    expect(() => startCompanion(server, { pageAttributes: "plan" as unknown as string[] })).toThrow(/pageAttributes/);
    expect(() => startCompanion(server, { pageAttributes: [""] })).toThrow(/pageAttributes/);
  });
});
