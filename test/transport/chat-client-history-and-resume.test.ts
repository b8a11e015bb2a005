import { describe, expect, it, vi } from "vitest";
import { FakePlatform, phases, useFakePlatform, userMessages } from "./support/fake-platform.ts";

// Platforms whose history or resume says less than the reference server's: the client still sends nothing twice.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

describe("a platform whose history keeps no metadata", () => {
  it("confirms a message whose echo a drop lost by its text in the replay: shown once, sent once", async () => {
    platform.variants = { historyWithoutMetadata: true };
    const client = await platform.liveClient();
    platform.muteLive = true;
    client.send("did this arrive?");
    await vi.advanceTimersByTimeAsync(10);
    const [written] = client.getSnapshot().messages.filter((message) => message.role === "user");
    platform.muteLive = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(3000);
    expect(userMessages(client)).toEqual([["did this arrive?", "sent"]]);
    expect(
      client
        .getSnapshot()
        .messages.filter((message) => message.role === "user")
        .map((message) => message.id),
    ).toEqual([written?.id]);
    expect(platform.userMessageFrames).toBe(1);
    expect(phases(client).slice(-3)).toEqual(["connecting", "replaying", "live"]);
    client.destroy();
  });

  it("after a reload confirms a message that was in flight, and sends again only one the replay does not hold", async () => {
    platform.variants = { historyWithoutMetadata: true };
    const first = await platform.liveClient();
    platform.muteLive = true;
    first.send("yes");
    await vi.advanceTimersByTimeAsync(10);
    platform.loseUserMessages = true;
    first.send("yes");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();
    platform.muteLive = false;
    platform.loseUserMessages = false;
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(3000);
    expect(userMessages(second)).toEqual([
      ["yes", "sent"],
      ["yes", "sent"],
    ]);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["yes", "yes"]);
    expect(platform.userMessageFrames).toBe(3);
    second.destroy();
  });
});

describe("a platform that sends no batch to a resume whose cursor is the latest", () => {
  it("goes live on the same socket after a quiet second, and stays there", async () => {
    platform.variants = { silentResume: true };
    const client = await platform.liveClient();
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phases(client).slice(5)).toEqual(["live", "reconnecting#1", "connecting", "replaying", "live"]);
    expect(platform.socketUrls).toHaveLength(2);
    client.send("still there?");
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["still there?", "sent"]]);
    client.destroy();
  });

  it("sends again, once, a message the drop lost, after waiting for a replay that does not come", async () => {
    platform.variants = { silentResume: true };
    const client = await platform.liveClient();
    platform.loseUserMessages = true;
    client.send("lost on the way");
    await vi.advanceTimersByTimeAsync(10);
    platform.loseUserMessages = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 9_900);
    expect(platform.session.receivedUserMessages).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(platform.session.receivedUserMessages.map((message) => message.text)).toEqual(["lost on the way"]);
    expect(userMessages(client)).toEqual([["lost on the way", "sent"]]);
    client.destroy();
  });
});

describe("a platform that refuses one upgrade for a reason of its own", () => {
  it("resumes the same session after a reload at the second try, saying nothing and losing nothing", async () => {
    platform.variants = { refuseFirstResume: true };
    const first = await platform.liveClient();
    first.send("before the reload");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(1100);
    expect(phases(second)).toEqual(["idle", "authorizing", "connecting", "reconnecting#1", "connecting", "replaying", "live"]);
    expect(platform.sessions.size).toBe(1);
    expect(second.getSnapshot().notices).toEqual([]);
    expect(userMessages(second)).toEqual([["before the reload", "sent"]]);
    second.destroy();
  });

  it("keeps the session through a token renewal the platform refuses once", async () => {
    platform.variants = { refuseFirstResume: true, tokenExpirySeconds: 120 };
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(122_000);
    expect(platform.sessions.size).toBe(1);
    expect(phases(client).slice(-6)).toEqual(["authorizing", "connecting", "reconnecting#1", "connecting", "replaying", "live"]);
    expect(client.getSnapshot().notices).toEqual([]);
    client.destroy();
  });
});
