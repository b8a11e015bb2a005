import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import { checkContext } from "../../src/transport/conversation-context.ts";
import { chatUrl, FakePlatform, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The `context` each user message the session received carried, in order (undefined where none). */
function contextsReceived(): unknown[] {
  return platform.session.events
    .filter((event) => event.type === EventType.UserMessage)
    .map((event) => (event.metadata?.custom as Record<string, unknown> | undefined)?.context);
}

/** A context whose JSON is exactly `bytes` long. */
function contextOfBytes(bytes: number): Record<string, unknown> {
  const overhead = JSON.stringify({ note: "" }).length;
  return { note: "x".repeat(bytes - overhead) };
}

describe("checkContext", () => {
  it("takes no context and JSON objects up to 4,096 bytes of JSON, and refuses the rest with a code", () => {
    expect(checkContext(undefined)).toEqual({ accepted: true });
    expect(checkContext(null)).toEqual({ accepted: true });
    expect(checkContext(contextOfBytes(4096))).toEqual({ accepted: true });
    expect(checkContext(contextOfBytes(4097))).toEqual({ accepted: false, code: "context-too-large", parameters: { limitBytes: 4096 } });
    // Bytes, not characters: 1,400 three-byte characters are well under 4,096 characters.
    expect(checkContext({ note: "€".repeat(1400) })).toMatchObject({ accepted: false, code: "context-too-large" });
    for (const wrong of [["page"], "page", 42, true]) {
      expect(checkContext(wrong)).toEqual({ accepted: false, code: "invalid-context", parameters: {} });
    }
  });
});

describe("context on Messaging", () => {
  it("puts the context current when each message goes out into its metadata.custom, beside its client_event_id", async () => {
    const client = await platform.liveClient({ context: { page: "/home" } });
    client.send("first");
    await vi.advanceTimersByTimeAsync(10);
    expect(client.setContext({ page: "/products", cart: 2 })).toEqual({ accepted: true });
    client.send("second");
    await vi.advanceTimersByTimeAsync(10);
    expect(client.setContext(null)).toEqual({ accepted: true });
    client.send("third");
    await vi.advanceTimersByTimeAsync(10);
    expect(contextsReceived()).toEqual([{ page: "/home" }, { page: "/products", cart: 2 }, undefined]);
    const custom = platform.session.events.find((event) => event.type === EventType.UserMessage)?.metadata?.custom;
    expect(Object.keys(custom ?? {})).toEqual(["client_event_id", "context"]);
    client.destroy();
  });

  it("keeps the previous context when a new one is refused", async () => {
    const client = await platform.liveClient({ context: { page: "/home" } });
    expect(client.setContext(contextOfBytes(5000))).toMatchObject({ accepted: false, code: "context-too-large" });
    expect(client.setContext(["not", "an", "object"] as never)).toMatchObject({ accepted: false, code: "invalid-context" });
    client.send("hello");
    await vi.advanceTimersByTimeAsync(10);
    expect(contextsReceived()).toEqual([{ page: "/home" }]);
    client.destroy();
  });

  it("counts the context in a message's size, so a message that fits alone may not fit with it", async () => {
    platform.capabilities = { ...platform.capabilities, max_message_size_bytes: 400 };
    const client = await platform.liveClient();
    const text = "a".repeat(250);
    client.setContext(contextOfBytes(200));
    expect(client.send(text)).toEqual({ accepted: false, code: "message-too-large", parameters: { limitBytes: 400 } });
    client.setContext(undefined);
    expect(client.send(text)).toEqual({ accepted: true });
    client.destroy();
  });

  it("fails the connection as set up wrongly when the context option is too large, and contacts nobody", async () => {
    const client = platform.client({ context: contextOfBytes(4097) });
    client.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(client.getSnapshot().connection).toEqual({
      status: "failed",
      error: { kind: "configuration", code: "context-too-large", parameters: { limitBytes: 4096 } },
    });
    expect(platform.requests).toEqual([]);
    client.destroy();
  });
});

describe("context on the Chat API", () => {
  it("sends the context current at create as integration_attributes.context, beside the site's attributes", async () => {
    const client = platform.client(
      { chatUrl, integrationAttributes: { plan: "gold" }, context: { page: "/home" } },
      { createWebSocket: null },
    );
    client.setContext({ page: "/checkout" });
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.chatCalls[0]).toMatchObject({
      action: "create",
      body: { integration_attributes: { plan: "gold", context: { page: "/checkout" } } },
    });
    client.destroy();
  });

  it("leaves integration_attributes out when there are neither attributes nor context", async () => {
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.chatCalls[0]?.body).not.toHaveProperty("integration_attributes");
    client.destroy();
  });
});
