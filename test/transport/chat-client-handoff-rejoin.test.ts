import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../src/protocol/index.ts";
import type { DiagnosableChatClient } from "../../src/transport/chat-client.ts";
import { FakePlatform, useFakePlatform } from "./support/fake-platform.ts";

let platform: FakePlatform;

useFakePlatform((started) => (platform = started));

/** The platform's side of a client-managed handoff: the site must route the user, and the agent leaves. */
async function routeToSite(): Promise<void> {
  const session = platform.session;
  platform.emit(session, EventType.ServiceAgentTriggeredHandoff, {});
  platform.emit(session, EventType.ClientHandoffRequired, { reason: "COMPLEX_QUERY", queue_name: "phone-callback" });
  platform.emit(session, EventType.ServiceAgentLeft, {});
  await vi.advanceTimersByTimeAsync(10);
}

/** The types of the client's frames the server stored (joins and user messages), in order. */
const clientFrames = (session = platform.session) =>
  session.events
    .filter((event) => event.type === EventType.RequestServiceAgentJoin || event.type === EventType.UserMessage)
    .map((event) => (event.type === EventType.UserMessage ? `message:${String(event.payload.text)}` : "join"));

const sendAndSettle = async (client: DiagnosableChatClient, text: string) => {
  client.send(text);
  await vi.advanceTimersByTimeAsync(10);
};

describe("re-joining after a client-managed handoff", () => {
  it("asks the service agent back before the user's next message, once, and sends the message once", async () => {
    const client = await platform.liveClient();
    await routeToSite();
    expect(clientFrames()).toEqual(["join"]);
    await sendAndSettle(client, "are you back?");
    await sendAndSettle(client, "thanks");
    expect(clientFrames()).toEqual(["join", "join", "message:are you back?", "message:thanks"]);
    expect(platform.userMessageFrames).toBe(2);
    expect(
      client
        .getSnapshot()
        .messages.filter((message) => message.role === "user")
        .map((message) => message.status),
    ).toEqual(["sent", "sent"]);
    expect(client.getSnapshot().handoff).toEqual({ phase: "none" });
    client.destroy();
  });

  it("does not re-join after a reload whose history ends with the handoff until the user writes", async () => {
    const first = await platform.liveClient();
    await routeToSite();
    first.destroy();
    const second = platform.client();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clientFrames()).toEqual(["join"]);
    expect(second.getSnapshot().handoff.phase).toBe("client-handoff-required");
    await sendAndSettle(second, "hello again");
    expect(clientFrames()).toEqual(["join", "join", "message:hello again"]);
    second.destroy();
  });

  it("joins and sends the message that got 'Conversation ID not found' again, once, with its id", async () => {
    const client = await platform.liveClient();
    platform.session.agentPresent = false;
    await sendAndSettle(client, "first");
    expect(clientFrames()).toEqual(["join", "message:first", "join", "message:first"]);
    const ids = platform.session.receivedUserMessages.map((message) => message.clientEventId);
    expect(new Set(ids).size).toBe(1);
    expect(
      client
        .getSnapshot()
        .messages.filter((message) => message.role === "user")
        .map((message) => [message.text, message.status]),
    ).toEqual([["first", "sent"]]);
    expect(client.getSnapshot().notices).toEqual([]);
    await sendAndSettle(client, "second");
    expect(clientFrames().slice(4)).toEqual(["message:second"]);
    client.destroy();
  });

  it("sends the message again at most twice, after a join and in a new session, however often the server loses the conversation", async () => {
    const client = await platform.liveClient();
    platform.session.agentPresent = false;
    platform.loseJoins = true;
    await sendAndSettle(client, "first");
    expect(clientFrames()).toEqual(["join", "message:first", "message:first"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(platform.sessions.size).toBe(2);
    expect(clientFrames(platform.lastSession)).toEqual(["message:first"]);
    expect(platform.userMessageFrames).toBe(3);
    client.destroy();
  });

  it("does not re-join when the agent left for a live agent (a server-managed handoff)", async () => {
    const client = await platform.liveClient();
    const session = platform.session;
    platform.emit(session, EventType.ServiceAgentTriggeredHandoff, {});
    platform.emit(session, EventType.ServiceAgentLeft, {});
    platform.emit(session, EventType.HandoffAccepted, {});
    platform.emit(session, EventType.LiveAgentJoined, { agent: { id: "live-1", name: "Sam", avatar_url: "" } });
    await vi.advanceTimersByTimeAsync(10);
    await sendAndSettle(client, "hi Sam");
    expect(clientFrames()).toEqual(["join", "message:hi Sam"]);
    client.destroy();
  });

  it("sends the join before a message queued while the socket was down", async () => {
    const client = await platform.liveClient();
    await routeToSite();
    platform.goOffline();
    await sendAndSettle(client, "written offline");
    expect(clientFrames()).toEqual(["join"]);
    platform.wake("online");
    await vi.advanceTimersByTimeAsync(50);
    expect(clientFrames()).toEqual(["join", "join", "message:written offline"]);
    client.destroy();
  });
});
