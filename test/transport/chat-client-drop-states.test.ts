import { describe, expect, it, vi } from "vitest";
import { FakePlatform, phases, useFakePlatform } from "./support/fake-platform.ts";

// Through a drop, the client says only what it knows: what arrived stays sent, and a session is called
// expired only when it is.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const noticeCodes = (client: { getSnapshot(): { notices: readonly { code?: string }[] } }) =>
  client.getSnapshot().notices.map((notice) => notice.code);

describe("honest states through a drop", () => {
  it("after a 30-second outage resumes the session the platform still has, and says nothing expired", async () => {
    const client = await platform.liveClient();
    client.send("are you there?");
    await vi.advanceTimersByTimeAsync(50);
    platform.down = true;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(30_000);
    platform.down = false;
    platform.wake("focus");
    await vi.advanceTimersByTimeAsync(50);
    expect(client.getSnapshot().connection).toEqual({ status: "connected" });
    expect(platform.createdSessions).toBe(1);
    expect(noticeCodes(client)).toEqual([]);
    client.destroy();
  });

  it("when the platform lost the session mid-answer, cuts the answer, keeps the message sent, and says it could not be continued, not that it expired", async () => {
    const client = await platform.liveClient();
    platform.withholdReplies = true;
    client.send("a long one please");
    await vi.advanceTimersByTimeAsync(10);
    platform.stream(platform.session, "cut-1", ["Streaming lets an answer ", "appear as it is written"], 1);
    await vi.advanceTimersByTimeAsync(10);
    // The server stops and comes back without its sessions.
    platform.down = true;
    platform.dropSockets();
    await vi.advanceTimersByTimeAsync(30_000);
    platform.sessions.clear();
    platform.down = false;
    platform.wake("online");
    // Two refused handshakes while the platform answers tell the session is gone (after the backoff).
    await vi.advanceTimersByTimeAsync(90_000);
    expect(phases(client).at(-1)).toBe("dormant");
    const { messages } = client.getSnapshot();
    expect(messages.find((message) => message.id === "cut-1")).toMatchObject({ streaming: false, incomplete: true });
    expect(messages.filter((message) => message.role === "user").map((message) => message.status)).toEqual(["sent"]);
    expect(noticeCodes(client)).not.toContain("new-session");
    client.destroy();
  });
});
