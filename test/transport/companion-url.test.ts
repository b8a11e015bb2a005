import { describe, expect, it, vi } from "vitest";
import { createChatClient } from "../../src/index.ts";
import { FakePlatform, messagingUrl, phases, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;
useFakePlatform((started) => (platform = started));

describe("companionUrl", () => {
  it("gives tokenUrl its default: the page holds one URL and no connector token", async () => {
    const client = createChatClient({ messagingUrl, companionUrl: "/support/", environment: platform.environment() });
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.requests[0]).toMatchObject({ url: "/support/access-token", init: { method: "POST", credentials: "include" } });
    expect(phases(client).at(-1)).toBe("live");
    client.destroy();
  });

  it("gives chatUrl its default, for the Chat API and the fallback to it", async () => {
    const client = createChatClient({
      messagingUrl,
      companionUrl: "/support",
      environment: platform.environment({ createWebSocket: null }),
    });
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.requests.map((request) => request.url)).toContain("/support/chat/create");
    client.destroy();
  });

  it("leaves a tokenUrl or chatUrl the page gives as it is", async () => {
    const client = createChatClient({
      messagingUrl,
      companionUrl: "/support",
      tokenUrl: "/own/access-token",
      chatUrl: "/own/chat",
      environment: platform.environment({ createWebSocket: null }),
    });
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.requests.map((request) => request.url)).toEqual(["/own/chat/create"]);
    client.destroy();
  });
});

describe("conversationId", () => {
  it("is the session id over Messaging, once there is one", async () => {
    const client = createChatClient({ messagingUrl, connectorToken: "connector-1", environment: platform.environment() });
    expect(client.conversationId()).toBeNull();
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(client.conversationId()).toBe([...platform.sessions.keys()][0]);
    client.destroy();
  });

  it("is the Chat API's conversation id over the Chat API", async () => {
    const client = createChatClient({ chatUrl: "/support/chat", environment: platform.environment() });
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(client.conversationId()).toMatch(/^conversation-\d+$/);
    client.destroy();
  });
});
