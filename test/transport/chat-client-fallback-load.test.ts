import { describe, expect, it, vi } from "vitest";
import { chatUrl, FakePlatform, useFakePlatform } from "./support/fake-platform.ts";

// In a file of its own: a module that failed to load stays failed in this file's module registry.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

describe("the Chat API fallback, loaded on demand", () => {
  it("fails the connection and the waiting messages, never silently, when the Chat API cannot be loaded", async () => {
    vi.doMock("../../src/transport/chat-api/chat-api-transport.ts", () => {
      throw new Error("the chunk could not be fetched");
    });
    try {
      const client = platform.client({ chatUrl }, { createWebSocket: null });
      client.send("before the failure");
      await vi.dynamicImportSettled();
      client.send("after the failure");
      await vi.advanceTimersByTimeAsync(50);
      expect(client.getSnapshot().connection).toEqual({ status: "failed", error: { kind: "network", code: "chat-api-unavailable" } });
      expect(client.getSnapshot().messages.map((message) => [message.text, message.status])).toEqual([
        ["before the failure", "failed"],
        ["after the failure", "failed"],
      ]);
      client.destroy();
    } finally {
      vi.doUnmock("../../src/transport/chat-api/chat-api-transport.ts");
    }
  });
});
