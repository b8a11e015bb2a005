import { describe, expect, it, vi } from "vitest";
import { chatUrl, FakePlatform, useFakePlatform, phases, recordConnections } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const chatActions = () => platform.chatCalls.map((call) => call.action);

describe("the Chat API fallback", () => {
  it("is used at once when the environment has no WebSocket", async () => {
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    const connections = recordConnections(client);
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client)).toEqual(["idle", "fallback"]);
    expect(connections.map((record) => record.status)).toEqual(["fallback"]);
    expect(platform.requests.map((request) => request.url)).toEqual([`${chatUrl}/create`]);
    expect(client.getSnapshot().transport).toBe("chat");
    expect(client.getSnapshot().messages.map((message) => message.text)).toEqual(["Hello from the Chat API"]);
    client.destroy();
  });

  it("takes over after three failed handshakes while the REST calls succeed, carrying the queued message", async () => {
    platform.refuseUpgrades = true;
    const client = platform.client({ chatUrl });
    client.send("are you there?");
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 500);
    expect(phases(client)).toEqual([
      "idle",
      "authorizing",
      "creating-session",
      "connecting",
      "reconnecting#1",
      "connecting",
      "reconnecting#2",
      "connecting",
      "fallback",
    ]);
    expect(chatActions()).toEqual(["create", "respond"]);
    expect(platform.chatCalls[1]?.body.message).toBe("are you there?");
    const messages = client.getSnapshot().messages;
    expect(messages.map((message) => [message.role, message.text, message.status])).toEqual([
      ["user", "are you there?", "sent"],
      ["agent", "Hello from the Chat API", undefined],
      ["agent", "Chat API heard are you there?", undefined],
    ]);
    expect(client.getSnapshot().transport).toBe("chat");
    client.destroy();
  });

  it("is the only transport when only chatUrl is configured", async () => {
    const client = createOnly();
    const connections = recordConnections(client);
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(client.diagnostics.lifecycle).toEqual([]);
    expect(connections.map((record) => record.status)).toEqual(["fallback"]);
    expect(platform.requests.every((request) => request.url.startsWith(chatUrl))).toBe(true);
    client.send("hi");
    await vi.advanceTimersByTimeAsync(50);
    expect(chatActions()).toEqual(["create", "respond"]);
    client.destroy();
  });

  it("is forced by transport chat even with Messaging configured", async () => {
    const client = platform.client({ chatUrl, transport: "chat" });
    await vi.advanceTimersByTimeAsync(50);
    expect(client.diagnostics.lifecycle).toEqual([]);
    expect(platform.socketUrls).toEqual([]);
    expect(client.getSnapshot().transport).toBe("chat");
    client.destroy();
  });

  it("is never used with transport messaging: the handshakes go on with backoff", async () => {
    platform.refuseUpgrades = true;
    const client = platform.client({ chatUrl, transport: "messaging" });
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 500);
    expect(phases(client)).not.toContain("fallback");
    expect(chatActions()).toEqual([]);
    client.destroy();
  });

  it("shows messages sent while the Chat API loads at once, then delivers each exactly once and in order", async () => {
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    client.send("first");
    client.send("second");
    expect(client.getSnapshot().messages.map((message) => [message.text, message.status])).toEqual([
      ["first", "sending"],
      ["second", "sending"],
    ]);
    expect(platform.chatCalls).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(chatActions()).toEqual(["create", "respond", "respond"]);
    expect(platform.chatCalls.slice(1).map((call) => call.body.message)).toEqual(["first", "second"]);
    const users = client.getSnapshot().messages.filter((message) => message.role === "user");
    expect(users.map((message) => [message.text, message.status])).toEqual([
      ["first", "sent"],
      ["second", "sent"],
    ]);
    client.destroy();
  });

  it("makes no Chat API call when destroyed before the Chat API has loaded", async () => {
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    client.send("never sent");
    client.destroy();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.chatCalls).toEqual([]);
  });

  it("ends over the Chat API with close", async () => {
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    await vi.advanceTimersByTimeAsync(50);
    client.end();
    await vi.advanceTimersByTimeAsync(50);
    expect(chatActions()).toEqual(["create", "close"]);
    expect(client.getSnapshot().ended).toEqual({ reason: "REASON_USER_END" });
    client.destroy();
  });

  function createOnly() {
    return platform.client({ messagingUrl: undefined, connectorToken: undefined, chatUrl });
  }
});

describe("configuration errors", () => {
  it("refuses a plain-http messagingUrl off loopback with a clear error", async () => {
    const client = platform.client({ messagingUrl: "http://chat.example.test" });
    await vi.advanceTimersByTimeAsync(50);
    const connection = client.getSnapshot().connection;
    expect(connection.status).toBe("failed");
    expect(connection.status === "failed" && connection.error).toEqual({
      kind: "configuration",
      code: "insecure-url",
      parameters: { option: "messagingUrl" },
    });
    expect(platform.requests).toEqual([]);
    client.destroy();
  });

  it("refuses a client with nothing to connect to", async () => {
    const client = platform.client({ messagingUrl: undefined });
    await vi.advanceTimersByTimeAsync(50);
    expect(client.getSnapshot().connection.status).toBe("failed");
    client.destroy();
  });
});
