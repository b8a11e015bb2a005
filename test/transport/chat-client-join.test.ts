import { describe, expect, it, vi } from "vitest";
import { clientFrames, FakePlatform, phases, transcript, useFakePlatform, userMessages } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

describe("the join, confirmed", () => {
  it("tags the join with a client_event_id", async () => {
    const client = await platform.liveClient();
    const [join] = platform.session.events.filter((event) => event.type === "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN");
    expect(join?.metadata?.custom?.client_event_id).toEqual(expect.any(String));
    client.destroy();
  });

  it("sends a join lost with a dying socket again after the reconnect, and the greeting comes", async () => {
    platform.loseJoins = true;
    const client = await platform.liveClient();
    expect(transcript(client)).toEqual([]);
    platform.loseJoins = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 1100);
    expect(clientFrames(platform.session)).toEqual(["join"]);
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    client.destroy();
  });

  it("does not send the join again when the replay shows the server has it", async () => {
    platform.muteLive = true;
    const client = await platform.liveClient();
    platform.muteLive = false;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(1000 + 1100);
    expect(clientFrames(platform.session)).toEqual(["join"]);
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    client.destroy();
  });

  it("asks again 2 to 5 s after the agent could not start, at most twice", async () => {
    platform.failingJoins = 5;
    const client = await platform.liveClient();
    expect(clientFrames(platform.session)).toEqual(["join"]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(clientFrames(platform.session)).toEqual(["join"]);
    await vi.advanceTimersByTimeAsync(3001);
    expect(clientFrames(platform.session)).toEqual(["join", "join"]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clientFrames(platform.session)).toEqual(["join", "join", "join"]);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual([
      "agent-unable-to-start",
      "agent-unable-to-start",
      "agent-unable-to-start",
    ]);
    client.destroy();
  });

  it("greets once the agent starts on a second try", async () => {
    platform.failingJoins = 1;
    const client = await platform.liveClient();
    await vi.advanceTimersByTimeAsync(5000);
    expect(clientFrames(platform.session)).toEqual(["join", "join"]);
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clientFrames(platform.session)).toHaveLength(2);
    expect(phases(client).at(-1)).toBe("live");
    client.destroy();
  });
});

describe("high load", () => {
  it("offers Try again after the pause the platform asks for, leaves the message sent, and never sends it again by itself", async () => {
    const client = await platform.liveClient();
    platform.highLoadNext = true;
    client.send("are you busy?");
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["are you busy?", "sent"]]);
    const [notice] = client.getSnapshot().notices;
    expect(notice).toMatchObject({ code: "server-busy", level: "warning" });
    // 2 to 5 s on the client's clock: 3.5 s with this environment's random of 0.5.
    expect((notice?.retryAt ?? 0) - client.now()).toBeGreaterThan(3400);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(platform.userMessageFrames).toBe(1);
    client.retry(notice?.id ?? "");
    client.retry(notice?.id ?? "");
    await vi.advanceTimersByTimeAsync(10);
    expect(platform.userMessageFrames).toBe(2);
    expect(userMessages(client)).toEqual([
      ["are you busy?", "sent"],
      ["are you busy?", "sent"],
    ]);
    expect(client.getSnapshot().notices[0]).not.toHaveProperty("retryAt");
    expect(transcript(client).at(-1)).toBe("agent:You said are you busy?");
    client.destroy();
  });
});
