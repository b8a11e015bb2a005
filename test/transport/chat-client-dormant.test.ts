import { describe, expect, it, vi } from "vitest";
import { buildChatClient, type DiagnosableChatClient } from "../../src/transport/chat-client.ts";
import type { NewSessionNotice } from "../../src/transport/lifecycle/transition.ts";
import { clientFrames, FakePlatform, messagingUrl, phases, transcript, useFakePlatform } from "./support/fake-platform.ts";

// A client built dormant takes over a conversation whose session was forgotten while it waited for the
// visitor (in another tab): it contacts nothing until the visitor engages, then starts one new session and
// says why it is a new one.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

const untilLive = ["authorizing", "creating-session", "connecting", "replaying", "live"];

function dormantClient(notice: NewSessionNotice = "session-not-resumed"): DiagnosableChatClient {
  return buildChatClient(platform.environment(), { messagingUrl, connectorToken: "connector-1" }, { dormant: notice });
}

const notices = (client: DiagnosableChatClient) => client.getSnapshot().notices.map((notice) => notice.code);

describe("a client built dormant", () => {
  it("waits with no request, then goes on in one new session when the visitor opens it, saying it is not the old one", async () => {
    const client = dormantClient();
    client.retryNow();
    platform.goOffline();
    platform.wake("online");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(phases(client)).toEqual(["dormant"]);
    expect([platform.requests.length, platform.socketUrls.length, notices(client)]).toEqual([0, 0, []]);
    expect(client.getSnapshot().connection).toEqual({ status: "idle" });
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client)).toEqual(["dormant", ...untilLive]);
    expect([platform.createdSessions, notices(client)]).toEqual([1, ["session-not-resumed"]]);
    expect(transcript(client)).toEqual(["agent:Hello!"]);
    // Opened again, it is live already: nothing more starts or is said.
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect([phases(client).length, platform.createdSessions, notices(client).length]).toEqual([6, 1, 1]);
    client.destroy();
  });

  it("wakes on the visitor's message, which goes once to the new session after the notice", async () => {
    const client = dormantClient();
    await vi.advanceTimersByTimeAsync(1000);
    expect([phases(client), platform.requests.length]).toEqual([["dormant"], 0]);
    client.send("still there?");
    const { notices: shown, messages } = client.getSnapshot();
    expect([shown.map((notice) => notice.code), messages.map((message) => message.status)]).toEqual([["session-not-resumed"], ["sending"]]);
    await vi.advanceTimersByTimeAsync(50);
    expect(phases(client)).toEqual(["dormant", ...untilLive]);
    expect(platform.createdSessions).toBe(1);
    expect(clientFrames(platform.session)).toEqual(["join", "message:still there?"]);
    expect(transcript(client)).toEqual(["user:still there?", "agent:Hello!", "agent:You said still there?"]);
    client.destroy();
  });

  it("gives the notice it was built with", async () => {
    const client = dormantClient("new-session");
    client.start();
    await vi.advanceTimersByTimeAsync(50);
    expect([phases(client), notices(client)]).toEqual([["dormant", ...untilLive], ["new-session"]]);
    client.destroy();
  });
});
