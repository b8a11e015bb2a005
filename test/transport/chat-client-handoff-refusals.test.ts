import { describe, expect, it, vi } from "vitest";
import { FakePlatform, useFakePlatform, userMessages } from "./support/fake-platform.ts";

// Messages the platform refuses during a live handoff are marked for the visitor to send again.
let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

describe("a message the platform could not pass on to the live agent", () => {
  it("is not delivered, says so, and reaches the live agent when the visitor retries", async () => {
    platform.variants = { forwardFailures: true };
    const client = await platform.liveClient();
    platform.awaitingLiveAgent = true;
    client.send("is anyone coming?");
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["is anyone coming?", "failed"]]);
    expect(client.getSnapshot().notices.map((notice) => notice.code)).toEqual(["message-not-forwarded"]);
    expect(platform.session.receivedUserMessages).toEqual([]);
    platform.awaitingLiveAgent = false;
    const [message] = client.getSnapshot().messages.filter((candidate) => candidate.role === "user");
    client.retry(message?.id ?? "");
    await vi.advanceTimersByTimeAsync(10);
    expect(userMessages(client)).toEqual([["is anyone coming?", "sent"]]);
    expect(platform.session.receivedUserMessages.map((received) => received.text)).toEqual(["is anyone coming?"]);
    client.destroy();
  });
});
