import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import { FakePlatform, phases, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const userMessages = (client: ReturnType<FakePlatform["client"]>) =>
  client
    .getSnapshot()
    .messages.filter((message) => message.role === "user")
    .map((message) => [message.text, message.status]);

const transcript = (client: ReturnType<FakePlatform["client"]>) =>
  client.getSnapshot().messages.map((message) => `${message.role}:${message.text}`);

describe("exactly-once sending", () => {
  it("shows a message at once as sending, with a client_event_id, and as sent on its echo", async () => {
    const client = await platform.liveClient();
    platform.muteLive = true;
    client.send("hello");
    expect(userMessages(client)).toEqual([["hello", "sending"]]);
    const [message] = client.getSnapshot().messages.filter((candidate) => candidate.role === "user");
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["hello", "sending"]]);
    expect(platform.session.receivedUserMessages).toEqual([{ text: "hello", clientEventId: message?.id }]);
    platform.muteLive = false;
    platform.sendRaw(platform.session, JSON.stringify(platform.session.events.find((event) => event.type === EventType.UserMessage)));
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["hello", "sent"]]);
    client.destroy();
  });

  it("keeps a message written offline in the outbox and sends it once after reconnecting", async () => {
    const client = await platform.liveClient();
    platform.goOffline();
    client.send("written offline");
    await vi.advanceTimersByTimeAsync(5000);
    expect(userMessages(client)).toEqual([["written offline", "sending"]]);
    expect(platform.userMessageFrames).toBe(0);
    platform.wake("online");
    await vi.advanceTimersByTimeAsync(50);
    expect(userMessages(client)).toEqual([["written offline", "sent"]]);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["written offline"]);
    client.destroy();
  });

  it("does not re-send a message whose echo is in the replay after a drop", async () => {
    const client = await platform.liveClient();
    platform.muteLive = true;
    client.send("did it arrive?");
    await vi.advanceTimersByTimeAsync(10);
    platform.muteLive = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client).slice(-4)).toEqual(["reconnecting#1", "connecting", "replaying", "live"]);
    expect(platform.userMessageFrames).toBe(1);
    expect(transcript(client)).toEqual(["agent:Hello!", "user:did it arrive?", "agent:You said did it arrive?"]);
    expect(userMessages(client)).toEqual([["did it arrive?", "sent"]]);
    client.destroy();
  });

  it("re-sends once a message whose echo is not in the replay, once the replay has settled", async () => {
    const client = await platform.liveClient();
    platform.loseUserMessages = true;
    client.send("lost on the way");
    await vi.advanceTimersByTimeAsync(10);
    platform.loseUserMessages = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 900);
    expect(phases(client).slice(-2)).toEqual(["connecting", "replaying"]);
    expect(platform.userMessageFrames).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(platform.userMessageFrames).toBe(2);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["lost on the way"]);
    expect(transcript(client)).toEqual(["agent:Hello!", "user:lost on the way", "agent:You said lost on the way"]);
    expect(userMessages(client)).toEqual([["lost on the way", "sent"]]);
    client.destroy();
  });

  it("replaces a socket that swallowed a message, while answering heartbeats, and delivers the message once", async () => {
    const client = await platform.liveClient();
    platform.loseUserMessages = true;
    client.send("dropped by the server");
    await vi.advanceTimersByTimeAsync(10);
    platform.loseUserMessages = false;
    expect(userMessages(client)).toEqual([["dropped by the server", "sending"]]);
    // Heartbeats every 30 s are echoed; the echo of the message is overdue after two intervals.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phases(client).slice(-1)).toEqual(["live"]);
    await vi.advanceTimersByTimeAsync(30_000 + 1100);
    expect(phases(client).slice(-4)).toEqual(["live", "connecting", "replaying", "live"]);
    expect(platform.userMessageFrames).toBe(2);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["dropped by the server"]);
    expect(userMessages(client)).toEqual([["dropped by the server", "sent"]]);
    client.destroy();
  });

  it("fails a message after three lost attempts, and a retry delivers it", async () => {
    const client = await platform.liveClient();
    platform.loseUserMessages = true;
    client.send("unlucky");
    await vi.advanceTimersByTimeAsync(10);
    const statuses: string[] = [];
    for (let drop = 1; drop <= 3; drop += 1) {
      platform.dropSockets();
      await vi.advanceTimersByTimeAsync(1000 * 2 ** (drop - 1) + 1100);
      statuses.push(String(userMessages(client)[0]?.[1]));
    }
    expect(statuses).toEqual(["sending", "sending", "failed"]);
    expect(platform.userMessageFrames).toBe(3);
    platform.loseUserMessages = false;
    const [failed] = client.getSnapshot().messages.filter((message) => message.role === "user");
    client.retry(failed?.id ?? "");
    expect(userMessages(client)).toEqual([["unlucky", "sending"]]);
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["unlucky", "sent"]]);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["unlucky"]);
    client.destroy();
  });

  it("sends nothing for a message that is only whitespace", async () => {
    const client = await platform.liveClient();
    client.send("   ");
    expect(client.getSnapshot().messages).toHaveLength(1);
    expect(platform.userMessageFrames).toBe(0);
    client.destroy();
  });
});

describe("reload", () => {
  it("rebuilds the transcript from a replay from 0 and delivers an unconfirmed message once", async () => {
    const first = await platform.liveClient();
    first.send("before reload");
    await vi.advanceTimersByTimeAsync(10);
    platform.loseUserMessages = true;
    first.send("in flight at reload");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();
    platform.loseUserMessages = false;
    expect(platform.storage.getItem("cap-chat:session")).toContain("in flight at reload");

    const second = platform.client();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(second)).toEqual(["idle", "authorizing", "connecting", "replaying", "live"]);
    expect(platform.socketUrls.at(-1)).not.toContain("cursor=");
    expect(transcript(second)).toEqual([
      "agent:Hello!",
      "user:before reload",
      "agent:You said before reload",
      "user:in flight at reload",
      "agent:You said in flight at reload",
    ]);
    expect(userMessages(second)).toEqual([
      ["before reload", "sent"],
      ["in flight at reload", "sent"],
    ]);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["before reload", "in flight at reload"]);
    expect(platform.session.events.filter((event) => event.type === EventType.RequestServiceAgentJoin)).toHaveLength(1);
    second.destroy();
  });

  it("does not re-send a message whose echo the server stored before the reload", async () => {
    const first = await platform.liveClient();
    platform.muteLive = true;
    first.send("stored, echo unseen");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();
    platform.muteLive = false;
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.userMessageFrames).toBe(1);
    expect(userMessages(second)).toEqual([["stored, echo unseen", "sent"]]);
    expect(platform.storage.getItem("cap-chat:session")).not.toContain("stored, echo unseen");
    second.destroy();
  });

  it("waits for the visitor when the restored session refuses its fresh token twice, then starts a new one with a notice", async () => {
    const first = await platform.liveClient();
    first.destroy();
    platform.sessions.clear();
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phases(second).at(-1)).toBe("dormant");
    second.start();
    await vi.advanceTimersByTimeAsync(50);
    // The token is fresh and created no session, so it creates the new one.
    expect(phases(second)).toEqual([
      "idle",
      "authorizing",
      "connecting",
      "reconnecting#1",
      "connecting",
      "dormant",
      "creating-session",
      "connecting",
      "replaying",
      "live",
    ]);
    expect(second.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
    second.destroy();
  });

  it("stores nothing with persist none", async () => {
    const client = await platform.liveClient({ persist: "none" });
    client.send("private");
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.storage.items.size).toBe(0);
    client.destroy();
  });
});

describe("typing", () => {
  it("sends STARTED at most every 3 s while typing and STOPPED after 5 s idle", async () => {
    const client = await platform.liveClient();
    for (let keystroke = 0; keystroke < 8; keystroke += 1) {
      client.typing();
      await vi.advanceTimersByTimeAsync(1000);
    }
    await vi.advanceTimersByTimeAsync(6000);
    const start = platform.typing[0]?.at ?? 0;
    expect(platform.typing.map((entry) => [entry.state, entry.at - start])).toEqual([
      ["TYPING_STATE_STARTED", 0],
      ["TYPING_STATE_STARTED", 3000],
      ["TYPING_STATE_STARTED", 6000],
      ["TYPING_STATE_STOPPED", 12000],
    ]);
    client.destroy();
  });

  it("sends STOPPED when the message is sent", async () => {
    const client = await platform.liveClient();
    client.typing();
    client.send("done typing");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(platform.typing.map((entry) => entry.state)).toEqual(["TYPING_STATE_STARTED", "TYPING_STATE_STOPPED"]);
    client.destroy();
  });

  it("sends nothing over the Chat API", async () => {
    const client = platform.client({ chatUrl: "https://proxy.example.test/chat" }, { createWebSocket: null });
    await vi.advanceTimersByTimeAsync(50);
    client.typing();
    await vi.advanceTimersByTimeAsync(6000);
    expect(platform.requests.map((request) => request.url.split("/").at(-1))).toEqual(["create"]);
    client.destroy();
  });
});

describe("robustness", () => {
  it("counts undecodable frames, and ignores unknown event types, extra fields and events missing what they need", async () => {
    const client = await platform.liveClient();
    const session = platform.session;
    platform.sendRaw(session, "not json");
    platform.sendRaw(session, JSON.stringify({ type: EventType.ServiceAgentMessage, payload: {} }));
    platform.emit(session, "EVENT_TYPE_FROM_THE_FUTURE", { anything: true });
    platform.emit(session, EventType.ServiceAgentMessage, { message_id: "m-2", text: "still here", extra: { nested: 1 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(client.diagnostics.invalidFrames).toBe(1);
    expect(transcript(client)).toEqual(["agent:Hello!", "agent:still here"]);
    expect(client.getSnapshot().connection).toEqual({ status: "connected" });
    client.destroy();
  });
});
