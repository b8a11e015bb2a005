import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import { chatUrl, clientFrames, FakePlatform, phases, transcript, useFakePlatform, userMessages } from "./support/fake-platform.ts";

// Each variant a real platform may show where the specification is silent, switched on in the fake platform, against a whole client.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const untilLive = ["connecting", "replaying", "live"];
const heartbeats = () => platform.typing.length;

describe("a platform whose batch wrapper carries only type and payload.events", () => {
  it("is read as the history: the client goes live, joins once and shows the greeting", async () => {
    platform.variants = { batchWithoutId: true };
    const client = await platform.liveClient();
    expect(phases(client)).toEqual(["idle", "authorizing", "creating-session", ...untilLive]);
    expect(clientFrames(platform.session)).toEqual(["join"]);
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    client.destroy();
  });
});

describe("a platform that sends no history batch at all", () => {
  it("has a socket opened without a cursor taken for dead after a bounded wait, and replaced", async () => {
    const first = await platform.liveClient();
    first.destroy();
    platform.withholdReplay = true;
    const client = platform.client();
    await vi.advanceTimersByTimeAsync(9_900);
    expect(phases(client).slice(-2)).toEqual(["connecting", "replaying"]);
    await vi.advanceTimersByTimeAsync(200);
    expect(phases(client).slice(-3)).toEqual(["replaying", "connecting", "replaying"]);
    expect(platform.socketUrls).toHaveLength(3);
    client.destroy();
  });
});

describe("a platform that splits the replay into small batches with pauses", () => {
  it("never sends twice a message whose echo comes in a later batch", async () => {
    const client = await platform.liveClient();
    platform.variants = { replayBatchSize: 1, replayBatchDelayMilliseconds: 400 };
    platform.muteLive = true;
    client.send("did it arrive?");
    await vi.advanceTimersByTimeAsync(10);
    platform.muteLive = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 3000);
    expect(platform.userMessageFrames).toBe(1);
    expect(userMessages(client)).toEqual([["did it arrive?", "sent"]]);
    expect(transcript(client)).toEqual(["agent:Hello!", "user:did it arrive?", "agent:You said did it arrive?"]);
    client.destroy();
  });

  it("still re-sends, once the batches have settled, a message whose echo none of them holds", async () => {
    const first = await platform.liveClient();
    platform.variants = { replayBatchSize: 1, replayBatchDelayMilliseconds: 400 };
    platform.loseUserMessages = true;
    first.send("lost on the way");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();
    platform.loseUserMessages = false;
    // A reload replays the session from 0: four events in four batches, 400 ms apart.
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(3 * 400 + 900);
    expect(phases(second).at(-1)).toBe("replaying");
    expect(platform.userMessageFrames).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(platform.userMessageFrames).toBe(2);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["lost on the way"]);
    expect(transcript(second)).toEqual(["agent:Hello!", "user:lost on the way", "agent:You said lost on the way"]);
    second.destroy();
  });
});

describe("a platform whose sequences skip numbers", () => {
  it("applies live events after a gap at once, in arrival order, and resumes from the highest sequence", async () => {
    platform.variants = { skippingSequences: true };
    const client = await platform.liveClient();
    client.send("one");
    await vi.advanceTimersByTimeAsync(10);
    expect(transcript(client)).toEqual(["agent:Hello!", "user:one", "agent:You said one"]);
    const highest = platform.session.events.at(-1)?.sequence;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    expect(platform.socketUrls.at(-1)).toMatch(new RegExp(`cursor=${highest}$`));
    expect(transcript(client)).toHaveLength(3);
    client.destroy();
  });
});

describe("a platform whose history holds the assembled message instead of its chunks", () => {
  it("completes a stream cut by a drop with the whole message's text", async () => {
    platform.variants = { assembledHistory: true };
    const client = await platform.liveClient();
    const parts = ["Your parcel ", "arrives ", "Friday."];
    platform.stream(platform.session, "m-1", parts, 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getSnapshot().messages.at(-1)).toMatchObject({ text: "Your parcel ", streaming: true });
    platform.dropSockets();
    platform.muteLive = true;
    platform.stream(platform.session, "m-1", parts);
    platform.muteLive = false;
    await vi.advanceTimersByTimeAsync(1100);
    expect(client.getSnapshot().messages.at(-1)).toMatchObject({ id: "m-1", text: "Your parcel arrives Friday.", streaming: false });
    client.destroy();
  });

  it("shows a stream once, whole, when the assembled message follows its last chunk live", async () => {
    platform.variants = { assembledHistory: true };
    const client = await platform.liveClient();
    const finished: string[] = [];
    client.on("message", (message) => finished.push(message.text));
    platform.stream(platform.session, "m-1", ["Half ", "whole"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(transcript(client)).toEqual(["agent:Hello!", "agent:Half whole"]);
    expect(finished).toEqual(["Half whole"]);
    client.destroy();
  });
});

describe("heartbeat echoes", () => {
  it("counts an echo without id and timestamp as an answer", async () => {
    platform.variants = { heartbeatEcho: "without-id" };
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(phases(client).slice(3)).toEqual(untilLive);
    platform.silentHeartbeats = true;
    await vi.advanceTimersByTimeAsync(90_100);
    expect(phases(client).slice(3)).toEqual([...untilLive, ...untilLive]);
    client.destroy();
  });

  it("keeps the socket of a platform that never echoes heartbeats", async () => {
    platform.variants = { heartbeatEcho: "none" };
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(phases(client).slice(3)).toEqual(untilLive);
    expect(platform.socketUrls).toHaveLength(1);
    client.destroy();
  });
});

describe("capabilities of 0", () => {
  it("mean no heartbeats and unlimited reconnects", async () => {
    platform.variants = { zeroCapabilities: true };
    const client = await platform.liveClient();
    const frames: string[] = [];
    platform.server.clients().forEach((socket) => socket.on("message", (data) => frames.push(JSON.parse(String(data)).type)));
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(frames).not.toContain(EventType.Heartbeat);
    platform.refuseUpgrades = true;
    // The platform hands out no token either, so the session is never taken for gone.
    platform.tokenFailures.push(...Array.from({ length: 200 }, () => ({ status: 500, message: "Failed to create access token" })));
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(15 * 30_000);
    expect(phases(client)).not.toContain("failed");
    expect(phases(client).filter((phase) => phase.startsWith("reconnecting")).length).toBeGreaterThan(10);
    platform.refuseUpgrades = false;
    platform.tokenFailures = [];
    client.retryNow();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(phases(client).at(-1)).toBe("live");
    expect(platform.sessions.size).toBe(1);
    expect(heartbeats()).toBe(0);
    client.destroy();
  });
});

describe("tokens bound to the session that created them", () => {
  it("give the session up after a reload once the fresh token is refused twice, and start a new one when the visitor engages", async () => {
    platform.variants = { sessionBoundTokens: true };
    const first = await platform.liveClient();
    first.destroy();
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(second)).toEqual(["idle", "authorizing", "connecting", "reconnecting#1", "connecting", "dormant"]);
    expect(platform.sessions.size).toBe(1);
    second.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(second).slice(5)).toEqual(["dormant", "creating-session", ...untilLive]);
    expect(second.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
    expect(transcript(second)).toEqual(["agent:Hello!"]);
    second.destroy();
  });

  it("start a new one at once, saying why, when the visitor engaged while the refused session was still being tried", async () => {
    platform.variants = { sessionBoundTokens: true };
    const first = await platform.liveClient();
    first.destroy();
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(10);
    // The visitor opens the panel while the reloaded page is still trying the stored session.
    second.start();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(second)).toEqual(["idle", "authorizing", "connecting", "reconnecting#1", "connecting", "creating-session", ...untilLive]);
    expect(platform.sessions.size).toBe(2);
    expect(second.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
    expect(transcript(second)).toEqual(["agent:Hello!"]);
    second.destroy();
  });

  it("reconnect with the token that created the session", async () => {
    platform.variants = { sessionBoundTokens: true };
    const client = await platform.liveClient();
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client).slice(-4)).toEqual(["reconnecting#1", ...untilLive]);
    expect(platform.sessions.size).toBe(1);
    client.destroy();
  });
});

describe("tokens that expire after expires_in", () => {
  it("are replaced before a reconnect uses an expired one, so no handshake fails", async () => {
    platform.variants = { tokenExpirySeconds: 120 };
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(110_000);
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client).slice(-5)).toEqual(["reconnecting#1", "authorizing", ...untilLive]);
    expect(platform.sessions.size).toBe(1);
    client.destroy();
  });

  it("are renewed at a quiet moment before they run out, and the session takes the new one", async () => {
    platform.variants = { tokenExpirySeconds: 120 };
    const client = await platform.liveClient();
    // The heartbeat at 120 s is the first quiet moment after 96 s, when renewal is due.
    await vi.advanceTimersByTimeAsync(95_000);
    expect(phases(client).at(-1)).toBe("live");
    await vi.advanceTimersByTimeAsync(25_100);
    expect(phases(client).slice(-4)).toEqual(["authorizing", ...untilLive]);
    expect(platform.sessions.size).toBe(1);
    client.destroy();
  });
});

describe("tokens that are bound to their session and expire", () => {
  it("leave the session at a quiet moment, so a drop after the expiry loses nothing, and go on in a new one at the next message", async () => {
    platform.variants = { tokenExpirySeconds: 120, sessionBoundTokens: true };
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(123_000);
    expect(phases(client).slice(-6)).toEqual(["live", "authorizing", "connecting", "reconnecting#1", "connecting", "dormant"]);
    expect(platform.sessions.size).toBe(1);
    client.send("next question");
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.sessions.size).toBe(2);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
    expect(transcript(client)).toEqual(["agent:Hello!", "user:next question", "agent:Hello!", "agent:You said next question"]);
    client.destroy();
  });

  it("send a message written once renewal is due to the next session, once, with nothing to retry", async () => {
    platform.variants = { tokenExpirySeconds: 120, sessionBoundTokens: true };
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(100_000);
    client.send("still there?");
    await vi.advanceTimersByTimeAsync(1100);
    expect(platform.sessions.size).toBe(2);
    expect([...platform.sessions.values()].map((session) => session.receivedUserMessages.map((message) => message.text))).toEqual([
      [],
      ["still there?"],
    ]);
    expect(userMessages(client)).toEqual([["still there?", "sent"]]);
    // The message shows where it was written; the new session's greeting comes before its answer.
    expect(transcript(client)).toEqual(["agent:Hello!", "user:still there?", "agent:Hello!", "agent:You said still there?"]);
    client.destroy();
  });

  it("wait for the answer on its way before moving, and leave nothing of it behind", async () => {
    platform.variants = { tokenExpirySeconds: 120, sessionBoundTokens: true };
    const client = await platform.liveClient();
    platform.withholdReplies = true;
    await vi.advanceTimersByTimeAsync(80_000);
    client.send("a slow question");
    await vi.advanceTimersByTimeAsync(20_000);
    platform.emit(platform.session, EventType.ServiceAgentThinking, {});
    await vi.advanceTimersByTimeAsync(10_000);
    // Renewal is due, but the answer is on its way: the session stays through heartbeats.
    expect(platform.sessions.size).toBe(1);
    platform.stream(platform.session, "slow-answer", ["Here ", "it ", "is."], 2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(platform.sessions.size).toBe(1);
    platform.stream(platform.session, "slow-answer", ["Here ", "it ", "is."]);
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client).at(-1)).toBe("dormant");
    expect(transcript(client)).toEqual(["agent:Hello!", "user:a slow question", "agent:Here it is."]);
    expect(client.getSnapshot().messages.at(-1)?.incomplete).toBeUndefined();
    client.destroy();
  });
});

describe("a session replaced while a message may have reached it", () => {
  it("shows the message unconfirmed for the user to send again, never sending it to the new session behind the user's back", async () => {
    const client = await platform.liveClient();
    platform.muteLive = true;
    client.send("did the old session get this?");
    await vi.advanceTimersByTimeAsync(10);
    platform.muteLive = false;
    platform.dropSockets(4001);
    await vi.advanceTimersByTimeAsync(1100);
    expect(platform.sessions.size).toBe(1);
    expect(userMessages(client)).toEqual([["did the old session get this?", "unconfirmed"]]);
    const [message] = client.getSnapshot().messages.filter((candidate) => candidate.role === "user");
    client.retry(message?.id ?? "");
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.sessions.size).toBe(2);
    expect(platform.lastSession.receivedUserMessages.map((received) => received.text)).toEqual(["did the old session get this?"]);
    client.destroy();
  });
});

describe("a session replaced after its last message", () => {
  it("leaves the message it took but never answered as sent: it arrived", async () => {
    const client = await platform.liveClient();
    platform.withholdReplies = true;
    client.send("will anyone answer?");
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["will anyone answer?", "sent"]]);
    platform.withholdReplies = false;
    platform.dropSockets(4001);
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client).at(-1)).toBe("dormant");
    expect(userMessages(client)).toEqual([["will anyone answer?", "sent"]]);
    client.destroy();
  });

  it("leaves an answered message as sent", async () => {
    const client = await platform.liveClient();
    client.send("hello");
    await vi.advanceTimersByTimeAsync(10);
    platform.dropSockets(4001);
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(client).at(-1)).toBe("dormant");
    expect(userMessages(client)).toEqual([["hello", "sent"]]);
    client.destroy();
  });
});

describe("an idle expiry that closes with 1000 and no SESSION_END", () => {
  it("gives the session up once a fresh token is refused twice as well, and goes on in a new one, with a notice, when the visitor writes", async () => {
    platform.variants = { idleCloseWithoutEnd: true };
    const client = await platform.liveClient();
    platform.expireSession(platform.session);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(phases(client).slice(3)).toEqual([
      ...untilLive,
      "reconnecting#1",
      "connecting",
      "reconnecting#2",
      "connecting",
      "authorizing",
      "connecting",
      "reconnecting#3",
      "connecting",
      "dormant",
    ]);
    expect(platform.sessions.size).toBe(0);
    client.send("hello?");
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client).slice(-5)).toEqual(["dormant", "creating-session", ...untilLive]);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
    expect(client.getSnapshot().ended).toBeNull();
    client.destroy();
  });
});

describe("a platform that refuses a second join", () => {
  it("counts the refusal as the agent being there, and shows nothing", async () => {
    platform.variants = { refuseSecondJoin: true };
    // The agent joins, but its arrival is lost with the socket and not yet in the next replay, so the
    // client, which has seen no agent, asks again.
    platform.muteLive = true;
    const client = await platform.liveClient();
    platform.session.events.splice(1);
    platform.muteLive = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 1100);
    expect(platform.refusedJoins).toBe(1);
    expect(client.getSnapshot().notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(platform.refusedJoins).toBe(1);
    client.send("hello");
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["hello", "sent"]]);
    expect(platform.userMessageFrames).toBe(1);
    client.destroy();
  });
});

describe("a Chat API conversation that times out after a pause", () => {
  it("goes on in a new conversation with a notice, and the turn is sent there once", async () => {
    platform.variants = { chatTimeoutSeconds: 60 };
    const client = platform.client({ chatUrl }, { createWebSocket: null });
    await vi.advanceTimersByTimeAsync(50);
    await vi.advanceTimersByTimeAsync(61_000);
    client.send("still there?");
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.chatCalls.map((call) => call.action)).toEqual(["create", "respond", "create", "respond"]);
    expect(userMessages(client)).toEqual([["still there?", "sent"]]);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["new-session"]);
    expect(transcript(client).at(-1)).toBe("agent:Chat API heard still there?");
    client.destroy();
  });
});

describe("every variant at once", () => {
  it("keeps a conversation exact through drops and a reload", async () => {
    platform.variants = {
      batchWithoutId: true,
      replayBatchSize: 2,
      replayBatchDelayMilliseconds: 200,
      skippingSequences: true,
      assembledHistory: true,
      heartbeatEcho: "without-id",
      sessionBoundTokens: true,
      idleCloseWithoutEnd: true,
      tokenExpirySeconds: 3600,
      zeroCapabilities: true,
      refuseSecondJoin: true,
    };
    const client = await platform.liveClient();
    for (const text of ["one", "two", "three"]) {
      client.send(text);
      await vi.advanceTimersByTimeAsync(10);
      platform.dropSockets();
      await vi.advanceTimersByTimeAsync(3000);
    }
    expect(userMessages(client)).toEqual([
      ["one", "sent"],
      ["two", "sent"],
      ["three", "sent"],
    ]);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["one", "two", "three"]);
    expect(transcript(client)).toEqual([
      "agent:Hello!",
      "user:one",
      "agent:You said one",
      "user:two",
      "agent:You said two",
      "user:three",
      "agent:You said three",
    ]);
    expect(clientFrames(platform.session).filter((frame) => frame === "join")).toHaveLength(1);
    client.destroy();
  });
});
