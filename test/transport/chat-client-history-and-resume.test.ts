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
