import { describe, expect, it, vi } from "vitest";
import { chatUrl, FakePlatform, phases, useFakePlatform } from "./support/fake-platform.ts";

// Leaving a conversation tells the platform, so it frees it now instead of at its idle timeout.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const closedConversations = () => platform.chatCalls.filter((call) => call.action === "close").map((call) => call.body.conversation_id);

describe("closing a conversation that is left", () => {
  it("ends the live Messaging session with USER_END_SESSION before a new conversation starts", async () => {
    const client = await platform.liveClient();
    const first = platform.session;
    client.newConversation();
    await vi.advanceTimersByTimeAsync(50);
    expect(first.events.at(-1)).toMatchObject({ type: "EVENT_TYPE_SESSION_END", payload: { reason: "REASON_USER_END" } });
    expect(platform.createdSessions).toBe(2);
    expect(phases(client).at(-1)).toBe("live");
    expect(platform.lastSession.events.some((event) => event.type === "EVENT_TYPE_SESSION_END")).toBe(false);
    client.destroy();
  });

  it("closes the Chat API conversation on a new conversation and on destroy", async () => {
    const client = platform.client({ chatUrl, transport: "chat" });
    await vi.advanceTimersByTimeAsync(50);
    client.newConversation();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.chatCalls.map((call) => call.action)).toEqual(["create", "close", "create"]);
    client.destroy();
    await vi.advanceTimersByTimeAsync(50);
    const conversations = closedConversations();
    expect(conversations).toHaveLength(2);
    expect(conversations[0]).not.toBe(conversations[1]);
    expect(platform.chatCalls.map((call) => call.action)).toEqual(["create", "close", "create", "close"]);
  });
});
