import { describe, expect, it, vi } from "vitest";
import { EventType, SystemMessageLevel, SystemMessageText } from "../../src/protocol/index.ts";
import { FakePlatform, phases, transcript, useFakePlatform } from "./support/fake-platform.ts";

// An answer the platform cuts, by its streaming error or by losing the session, ends visibly incomplete.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const streamingError = { level: SystemMessageLevel.Error, message: SystemMessageText.StreamingError };

describe("a stream cut by the platform's streaming error", () => {
  it("ends incomplete with what arrived, and Try again asks the same question once more", async () => {
    const client = await platform.liveClient();
    platform.withholdReplies = true;
    client.send("tell me more");
    await vi.advanceTimersByTimeAsync(10);
    platform.emit(platform.session, EventType.ServiceAgentThinking, {});
    platform.stream(platform.session, "cut-1", ["Well, ", "it ", "depends."], 2);
    platform.emit(platform.session, EventType.SystemMessage, streamingError);
    await vi.advanceTimersByTimeAsync(10);
    const cut = client.getSnapshot().messages.at(-1);
    expect(cut).toMatchObject({ id: "cut-1", text: "Well, it ", streaming: false, incomplete: true });
    expect(client.getSnapshot().typing).toEqual({ kind: "none" });
    platform.withholdReplies = false;
    client.retry("cut-1");
    await vi.advanceTimersByTimeAsync(10);
    expect(transcript(client)).toEqual([
      "agent:Hello!",
      "user:tell me more",
      "agent:Well, it ",
      "user:tell me more",
      "agent:You said tell me more",
    ]);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["tell me more", "tell me more"]);
    client.retry("cut-1");
    client.retry("greeting-session-1");
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.session.receivedUserMessages).toHaveLength(3);
    client.destroy();
  });

  it("leaves the token's renewal free to happen at the next quiet moment", async () => {
    platform.variants = { tokenExpirySeconds: 120 };
    const client = await platform.liveClient();
    platform.withholdReplies = true;
    client.send("start answering");
    await vi.advanceTimersByTimeAsync(10);
    platform.stream(platform.session, "cut-2", ["Half", " and half"], 1);
    platform.emit(platform.session, EventType.SystemMessage, streamingError);
    await vi.advanceTimersByTimeAsync(121_000);
    expect(phases(client).slice(-4)).toEqual(["authorizing", "connecting", "replaying", "live"]);
    expect(platform.sessions.size).toBe(1);
    client.destroy();
  });
});

describe("an answer streaming when its session is lost", () => {
  it("ends incomplete, and the message it answered stays sent", async () => {
    const client = await platform.liveClient();
    platform.withholdReplies = true;
    client.send("a long one please");
    await vi.advanceTimersByTimeAsync(10);
    platform.stream(platform.session, "lost-1", ["The first ", "part"], 1);
    await vi.advanceTimersByTimeAsync(10);
    platform.dropSockets(4001);
    await vi.advanceTimersByTimeAsync(1100);
    const messages = client.getSnapshot().messages;
    expect(messages.find((message) => message.id === "lost-1")).toMatchObject({ streaming: false, incomplete: true });
    expect(messages.filter((message) => message.role === "user").map((message) => message.status)).toEqual(["sent"]);
    client.destroy();
  });
});
