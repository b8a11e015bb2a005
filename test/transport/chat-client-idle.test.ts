import { describe, expect, it, vi } from "vitest";
import { FakePlatform, phases, transcript, useFakePlatform } from "./support/fake-platform.ts";

// A conversation left alone waits for the visitor once its session expired: no session, join or greeting starts by itself.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const untilLive = ["connecting", "replaying", "live"];

describe("an idle tab on a platform where only user messages are activity", () => {
  it("creates no session after the first in 30 minutes, keeps its transcript, and goes on in a new one at the visitor's message", async () => {
    platform.variants = { heartbeatsNotActivity: true };
    platform.idleExpiryMilliseconds = 10 * 60_000;
    const client = await platform.liveClient();
    for (let minute = 1; minute <= 30; minute += 1) {
      await vi.advanceTimersByTimeAsync(60_000);
      // The visitor switches back to the tab now and then, and the network blinks: still nothing starts.
      if (minute % 7 === 0) platform.wake("visible");
      if (minute % 11 === 0) platform.wake("online");
    }
    expect(platform.createdSessions).toBe(1);
    expect(phases(client).slice(3)).toEqual([...untilLive, "dormant"]);
    expect(client.getSnapshot().connection).toEqual({ status: "idle" });
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    expect(client.getSnapshot().notices).toEqual([]);
    client.send("I'm back");
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.createdSessions).toBe(2);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["new-session"]);
    expect(transcript(client)).toEqual(["agent:Hello!", "user:I'm back", "agent:Hello!", "agent:You said I'm back"]);
    client.destroy();
  });

  it("goes on in a new session when the visitor opens the panel again, before writing", async () => {
    platform.variants = { heartbeatsNotActivity: true };
    platform.idleExpiryMilliseconds = 10 * 60_000;
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(platform.createdSessions).toBe(1);
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(platform.createdSessions).toBe(2);
    expect(phases(client).slice(-4)).toEqual(["creating-session", ...untilLive]);
    client.destroy();
  });
});
