import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import { buildChatClient } from "../../src/transport/chat-client.ts";
import { chatUrl, FakePlatform, messagingUrl, phases, tokenUrl, transcript, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The length of a user-message frame as sent, for a message of `text` with this platform's ids. */
const frameOverhead = JSON.stringify({
  type: "EVENT_TYPE_USER_MESSAGE",
  payload: { text: "" },
  metadata: { custom: { client_event_id: "id-00" } },
}).length;

describe("send", () => {
  it("says it took a message, and refuses empty text, an ended conversation and a destroyed client", async () => {
    const client = await platform.liveClient();
    expect(client.send("hello")).toEqual({ accepted: true });
    expect(client.send("   ")).toEqual({ accepted: false, code: "message-empty", parameters: {} });
    client.end();
    await vi.advanceTimersByTimeAsync(10);
    expect(client.send("too late")).toEqual({ accepted: false, code: "conversation-ended", parameters: {} });
    client.destroy();
    expect(client.send("gone")).toEqual({ accepted: false, code: "client-destroyed", parameters: {} });
  });

  it("refuses, before anything is shown or queued, a message whose frame exceeds 128 KB in UTF-8 bytes", async () => {
    const client = await platform.liveClient();
    // Three bytes a character: the text is well under 131072 characters, its frame over 131072 bytes.
    const text = "€".repeat(Math.ceil((131072 - frameOverhead) / 3) + 1);
    expect(text.length).toBeLessThan(131072);
    expect(client.send(text)).toEqual({ accepted: false, code: "message-too-large", parameters: { limitBytes: 131072 } });
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    expect(platform.storage.getItem("cap-chat:session")).not.toContain("€€€");
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.userMessageFrames).toBe(0);
    client.destroy();
  });

  it("takes a message right at the limit, and follows the limit the platform announces", async () => {
    platform.capabilities = { ...platform.capabilities, max_message_size_bytes: 200 };
    let ids = 0;
    // Ids of one width, so the frame's length is known to the byte.
    const client = await platform.liveClient({}, { createId: () => `id-${String((ids += 1)).padStart(2, "0")}` });
    const fits = "a".repeat(200 - frameOverhead);
    expect(client.send(fits)).toEqual({ accepted: true });
    expect(client.send(`${fits}a`)).toEqual({ accepted: false, code: "message-too-large", parameters: { limitBytes: 200 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual([fits]);
    client.destroy();
  });

  it("refuses an oversized message over the Chat API too", async () => {
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    expect(client.send("x".repeat(131072))).toMatchObject({ accepted: false, code: "message-too-large" });
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.chatCalls.map((call) => call.action)).toEqual(["create"]);
    client.destroy();
  });
});

describe("resume and the clock", () => {
  it("starts only when this tab stored a conversation to resume, and says whether it did", async () => {
    const environment = platform.environment();
    const fresh = buildChatClient(environment, { messagingUrl, connectorToken: "connector-1" });
    expect(fresh.resume()).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.requests).toEqual([]);
    fresh.destroy();
    const first = await platform.liveClient();
    first.destroy();
    const reloaded = buildChatClient(platform.environment(), { messagingUrl, connectorToken: "connector-1" });
    expect(reloaded.resume()).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(reloaded).at(-1)).toBe("live");
    expect(reloaded.resume()).toBe(true);
    reloaded.destroy();
  });

  it("gives the environment's clock, which nextAttemptAt is on", async () => {
    const client = buildChatClient(platform.environment(), { messagingUrl, connectorToken: "connector-1" });
    expect(client.now()).toBe(Date.now());
    client.destroy();
  });
});

describe("the id option", () => {
  it("keeps the conversations of two clients on one page apart through a reload", async () => {
    const left = await platform.liveClient({ id: "left" });
    const right = await platform.liveClient({ id: "right" });
    left.send("from the left");
    right.send("from the right");
    await vi.advanceTimersByTimeAsync(10);
    left.destroy();
    right.destroy();
    expect([...platform.storage.items.keys()].sort()).toEqual(["cap-chat:session:left", "cap-chat:session:right"]);
    const leftAgain = await platform.liveClient({ id: "left" });
    const rightAgain = await platform.liveClient({ id: "right" });
    expect(transcript(leftAgain)).toEqual(["agent:Hello!", "user:from the left", "agent:You said from the left"]);
    expect(transcript(rightAgain)).toEqual(["agent:Hello!", "user:from the right", "agent:You said from the right"]);
    expect(platform.sessions.size).toBe(2);
    leftAgain.destroy();
    rightAgain.destroy();
  });
});

describe("tokens from the site's backend", () => {
  it("POSTs to tokenUrl with the site's cookies, and needs no connector token in the page", async () => {
    const client = await platform.liveClient({ connectorToken: undefined, tokenUrl });
    const [tokenRequest] = platform.requests;
    expect(tokenRequest?.url).toBe(tokenUrl);
    expect(tokenRequest?.init).toMatchObject({ method: "POST", credentials: "include" });
    expect(tokenRequest?.init.headers).not.toHaveProperty("X-Token");
    expect(phases(client).at(-1)).toBe("live");
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    client.destroy();
  });

  it("takes tokens from getAccessToken, refreshing them as expires_in says", async () => {
    let calls = 0;
    const getAccessToken = async () => {
      calls += 1;
      return { ...platform.issueToken(), expires_in: 100 };
    };
    const client = await platform.liveClient({ connectorToken: undefined, getAccessToken });
    expect(calls).toBe(1);
    expect(platform.requests.filter((request) => request.url.endsWith("/access-token"))).toEqual([]);
    await vi.advanceTimersByTimeAsync(95_000);
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    expect(calls).toBe(2);
    expect(phases(client).at(-1)).toBe("live");
    client.destroy();
  });

  it("keeps the token out of the snapshot, the storage, the events and the errors", async () => {
    const client = platform.client({ connectorToken: undefined, tokenUrl });
    const seen: unknown[] = [];
    for (const name of ["state", "error", "notice", "message"] as const) client.on(name, (detail) => seen.push(detail));
    await vi.advanceTimersByTimeAsync(50);
    platform.tokenFailures.push({ status: 401, message: "Unknown visitor" });
    platform.dropSockets(4001);
    await vi.advanceTimersByTimeAsync(50);
    client.send("hello again");
    await vi.advanceTimersByTimeAsync(50);
    const tokens = [...platform.tokens.keys()];
    expect(tokens.length).toBeGreaterThan(0);
    const visible = JSON.stringify([client.getSnapshot(), [...platform.storage.items], seen, client.diagnostics]);
    for (const token of tokens) expect(visible).not.toContain(token);
    expect(client.getSnapshot().connection).toEqual({
      status: "failed",
      error: { kind: "configuration", code: "request-refused", parameters: { request: "access-token", status: 401 } },
    });
    client.destroy();
  });

  it("refuses a tokenUrl that is not https, or a path, as a configuration error", async () => {
    const client = platform.client({ connectorToken: undefined, tokenUrl: "http://shop.example.test/token" });
    await vi.advanceTimersByTimeAsync(50);
    expect(client.getSnapshot().connection).toEqual({
      status: "failed",
      error: { kind: "configuration", code: "insecure-url", parameters: { option: "tokenUrl" } },
    });
    expect(platform.requests).toEqual([]);
    client.destroy();
  });
});

describe("an end already reported", () => {
  it("fires no end again on a reload of the ended conversation, nor after destroy and a new client", async () => {
    const first = await platform.liveClient();
    const ends: string[] = [];
    first.on("end", (end) => ends.push(end.reason));
    platform.emit(platform.session, EventType.SessionEnd, { reason: "REASON_NATURAL_END" });
    platform.dropSockets(1000);
    await vi.advanceTimersByTimeAsync(50);
    expect(ends).toEqual(["REASON_NATURAL_END"]);
    first.destroy();
    for (let reload = 0; reload < 2; reload += 1) {
      const again = platform.client();
      again.on("end", (end) => ends.push(end.reason));
      await vi.advanceTimersByTimeAsync(50);
      expect(again.getSnapshot().ended).toEqual({ reason: "REASON_NATURAL_END", history: true });
      again.destroy();
    }
    expect(ends).toEqual(["REASON_NATURAL_END"]);
  });

  it("still fires the end of a conversation that ended while the page was away", async () => {
    const first = await platform.liveClient();
    first.destroy();
    platform.emit(platform.session, EventType.SessionEnd, { reason: "REASON_NATURAL_END" });
    const again = platform.client();
    const ends: string[] = [];
    again.on("end", (end) => ends.push(end.reason));
    await vi.advanceTimersByTimeAsync(50);
    expect(ends).toEqual(["REASON_NATURAL_END"]);
    again.destroy();
  });
});

describe("the agent and the Chat API", () => {
  it("keeps the last-known agent through a new conversation, so no answer shows a placeholder author", async () => {
    const client = await platform.liveClient({ chatUrl });
    platform.refuseUpgrades = true;
    client.newConversation();
    await vi.advanceTimersByTimeAsync(50);
    expect(client.getSnapshot().messages).toEqual([]);
    expect(client.getSnapshot().agent).toEqual({ name: "Cap" });
    client.destroy();
  });

  it("reports a Chat API handoff to the site as it reports a Messaging client-managed handoff", async () => {
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    const required: unknown[] = [];
    client.on("handoff-required", (detail) => required.push(detail));
    await vi.advanceTimersByTimeAsync(50);
    platform.chatReplies.push({
      status: 200,
      body: {
        conversation_id: "c",
        response: "We will call you.",
        end_conversation: true,
        handoff: { destination: "phone-callback", reason: "COMPLEX_QUERY" },
      },
    });
    client.send("call me");
    await vi.advanceTimersByTimeAsync(50);
    expect(required).toEqual([{ reason: "COMPLEX_QUERY", queueName: "phone-callback", destination: "phone-callback" }]);
    expect(client.getSnapshot().ended).toEqual({ reason: "REASON_NATURAL_END" });
    client.destroy();
  });
});
