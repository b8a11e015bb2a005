import { describe, expect, it, vi } from "vitest";
import { createChatClient } from "../../src/index.ts";
import { FakePlatform, messagingUrl, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;
useFakePlatform((started) => (platform = started));

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
