import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import type { DiagnosableChatClient } from "../../src/transport/chat-client.ts";
import { FakePlatform, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** A client started as after a reload of the page, recording its `message` events as `role:text`. */
async function reloadedClient(): Promise<{ client: DiagnosableChatClient; announced: string[] }> {
  const client = platform.client();
  const announced: string[] = [];
  client.on("message", (message) => announced.push(`${message.role}:${message.text}`));
  await vi.advanceTimersByTimeAsync(50);
  return { client, announced };
}

const transcript = (client: DiagnosableChatClient) => client.getSnapshot().messages.map((message) => `${message.role}:${message.text}`);

const storedHistoryMark = () =>
  (JSON.parse(platform.storage.getItem("cap-chat:session") ?? "{}") as { historyThrough?: number }).historyThrough;

describe("history after a reload", () => {
  it("fills the transcript with what the tab had received and fires no message event for it", async () => {
    const first = await platform.liveClient();
    first.send("before reload");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();

    const { client, announced } = await reloadedClient();
    expect(transcript(client)).toEqual(["agent:Hello!", "user:before reload", "agent:You said before reload"]);
    expect(client.getSnapshot().messages.every((message) => message.history === true)).toBe(true);
    expect(announced).toEqual([]);
    client.destroy();
  });

  it("fires message events for messages that arrived while the page was away", async () => {
    const first = await platform.liveClient();
    first.destroy();
    platform.emit(platform.session, EventType.ServiceAgentMessage, { message_id: "away-1", text: "Are you still there?" });

    const { client, announced } = await reloadedClient();
    expect(transcript(client)).toEqual(["agent:Hello!", "agent:Are you still there?"]);
    expect(announced).toEqual(["agent:Are you still there?"]);
    client.send("yes");
    await vi.advanceTimersByTimeAsync(10);
    expect(announced).toEqual(["agent:Are you still there?", "user:yes", "agent:You said yes"]);
    client.destroy();
  });

  it("treats the user's own replayed messages alike: seen as sent before the reload is history, stored unseen is new", async () => {
    const first = await platform.liveClient();
    first.send("seen as sent");
    await vi.advanceTimersByTimeAsync(10);
    platform.muteLive = true;
    first.send("stored, echo unseen");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();
    platform.muteLive = false;

    const { client, announced } = await reloadedClient();
    expect(announced).toEqual(["user:stored, echo unseen", "agent:You said stored, echo unseen"]);
    expect(platform.userMessageFrames).toBe(2);
    client.destroy();
  });

  it("fires once for a stream still open at the reload when it finishes, and stores the mark only when a message finishes", async () => {
    const first = await platform.liveClient();
    const afterGreeting = storedHistoryMark();
    expect(afterGreeting).toBe(platform.session.events.find((event) => event.type === EventType.ServiceAgentMessage)?.sequence);
    platform.emit(platform.session, EventType.ServiceAgentMessageChunk, {
      message_id: "s-1",
      text: "Half ",
      chunk_index: 1,
      is_complete: false,
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(storedHistoryMark()).toBe(afterGreeting);
    first.destroy();
    platform.emit(platform.session, EventType.ServiceAgentMessageChunk, {
      message_id: "s-1",
      text: "whole",
      chunk_index: 2,
      is_complete: true,
    });

    const { client, announced } = await reloadedClient();
    expect(transcript(client)).toEqual(["agent:Hello!", "agent:Half whole"]);
    expect(announced).toEqual(["agent:Half whole"]);
    expect(storedHistoryMark()).toBe(platform.session.events.at(-1)?.sequence);
    client.destroy();
  });

  it("forgets the history mark with the conversation, so the new session's messages are not taken for history", async () => {
    const first = await platform.liveClient();
    for (const text of ["one", "two", "three"]) first.send(text);
    await vi.advanceTimersByTimeAsync(10);
    expect(storedHistoryMark()).toBe(10);
    const announced: string[] = [];
    first.on("message", (message) => announced.push(`${message.role}:${message.text}`));
    first.newConversation();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.sessions.size).toBe(2);
    expect(announced).toEqual(["agent:Hello!"]);
    expect(storedHistoryMark()).toBe(4);
    first.destroy();
  });
});
