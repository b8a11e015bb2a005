import { describe, expect, it, vi } from "vitest";
import { EventType } from "../../../src/protocol/index.ts";
import type { DiagnosableChatClient } from "../../../src/transport/chat-client.ts";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import { buildSharedChatClient } from "../../../src/transport/tabs/shared-chat-client.ts";
import { FakePlatform, MemoryStorage, messagingUrl, phases, transcript, useFakePlatform } from "../support/fake-platform.ts";
import { FakeChannels, FakeLocks } from "./tab-fakes.ts";

let platform: FakePlatform;
let channels: FakeChannels;
let locks: FakeLocks;

useFakePlatform((started) => {
  platform = started;
  channels = new FakeChannels();
  locks = new FakeLocks();
});

/** Freezes (true) or wakes (false) the tab whose environment it was given to. */
type Freezer = { freeze?: (frozen: boolean) => void };

/** A tab of the browser: its own session storage, the browser's shared storage, channels and locks. */
function openTab(options: Partial<ChatClientOptions> = {}, withLocks = true, freezer: Freezer = {}): DiagnosableChatClient {
  const environment = {
    ...platform.environment({ storage: new MemoryStorage() }),
    sharedStorage: platform.storage,
    openChannel: channels.openChannel,
    locks: withLocks ? locks : null,
    onFreeze: (listener: (frozen: boolean) => void) => {
      freezer.freeze = listener;
      return () => {};
    },
  };
  return buildSharedChatClient(environment, { messagingUrl, connectorToken: "connector-1", ...options });
}

/** A holder whose conversation has started, and a second tab that mirrors it, once both have settled. */
async function holderAndMirror(): Promise<[DiagnosableChatClient, DiagnosableChatClient]> {
  const first = openTab();
  first.start();
  const second = openTab();
  await vi.advanceTimersByTimeAsync(100);
  return [first, second];
}

/** A holder whose conversation has started, then a second tab started once it shows it (the panel open in both). */
async function twoStartedTabs(): Promise<[DiagnosableChatClient, DiagnosableChatClient]> {
  const first = openTab();
  first.start();
  await vi.advanceTimersByTimeAsync(100);
  const second = openTab();
  second.start();
  await vi.advanceTimersByTimeAsync(100);
  return [first, second];
}

const ids = (client: DiagnosableChatClient) => client.getSnapshot().messages.map((message) => message.id);
const requests = (path: string) => platform.requests.filter((request) => request.url.endsWith(path)).length;
const joins = () => platform.session.events.filter((event) => event.type === EventType.RequestServiceAgentJoin).length;
const openSockets = () =>
  [...platform.sessions.values()]
    .flatMap((session) => session.sockets)
    .filter((socket) => (socket as unknown as { readyState: number }).readyState === 1).length;

describe("one conversation across the tabs of a browser", () => {
  it("shows the holder's conversation in a second tab with the same ids, with one session, one join, one socket", async () => {
    const [first, second] = await twoStartedTabs();
    expect(transcript(first)).toEqual(["agent:Hello!"]);
    expect(ids(second)).toEqual(ids(first));
    expect(second.getSnapshot().connection.status).toBe("connected");
    expect([requests("/sessions"), joins(), platform.session.sockets.length]).toEqual([1, 1, 1]);
    expect(openSockets()).toBe(1);
    first.destroy();
    second.destroy();
  });

  it("delivers a message written in either tab once, answered once, shown in both", async () => {
    const [first, second] = await holderAndMirror();
    const announced: string[] = [];
    second.on("message", (message) => announced.push(`${message.role}:${message.text}`));
    expect(second.send("from the second tab")).toEqual({ accepted: true });
    expect(transcript(second)).toEqual(["agent:Hello!", "user:from the second tab"]);
    await vi.advanceTimersByTimeAsync(50);
    first.send("from the first tab");
    await vi.advanceTimersByTimeAsync(50);
    const expected = [
      "agent:Hello!",
      "user:from the second tab",
      "agent:You said from the second tab",
      "user:from the first tab",
      "agent:You said from the first tab",
    ];
    expect(transcript(first)).toEqual(expected);
    expect(transcript(second)).toEqual(expected);
    expect(ids(second)).toEqual(ids(first));
    expect(platform.userMessageFrames).toBe(2);
    expect(announced).toEqual(expected.slice(1));
    first.destroy();
    second.destroy();
  });

  it("takes over when the holder closes mid-stream: the stream ends with its exact text, same session, token handed over", async () => {
    platform.capabilities = { ...platform.capabilities, streaming: true };
    const [first, second] = await holderAndMirror();
    platform.emit(platform.session, EventType.ServiceAgentMessageChunk, {
      message_id: "s-1",
      text: "Half ",
      chunk_index: 1,
      is_complete: false,
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(transcript(second).at(-1)).toBe("agent:Half ");
    const tokensBefore = requests("/access-token");
    first.destroy();
    platform.emit(platform.session, EventType.ServiceAgentMessageChunk, {
      message_id: "s-1",
      text: "and whole.",
      chunk_index: 2,
      is_complete: true,
    });
    await vi.advanceTimersByTimeAsync(1500);
    expect(transcript(second).at(-1)).toBe("agent:Half and whole.");
    expect(second.getSnapshot().messages.filter((message) => message.id === "s-1")).toHaveLength(1);
    expect([requests("/sessions"), requests("/access-token") - tokensBefore]).toEqual([1, 0]);
    expect(second.getSnapshot().connection.status).toBe("connected");
    second.send("after the take-over");
    await vi.advanceTimersByTimeAsync(50);
    expect(transcript(second).slice(-2)).toEqual(["user:after the take-over", "agent:You said after the take-over"]);
    expect(joins()).toBe(1);
    second.destroy();
  });

  it("delivers once a message whose tab handed it to a holder that closed before taking it", async () => {
    const [first, second] = await holderAndMirror();
    second.send("in the gap");
    // The holder goes before the channel delivers the request.
    first.destroy();
    await vi.advanceTimersByTimeAsync(1500);
    expect(transcript(second).slice(-2)).toEqual(["user:in the gap", "agent:You said in the gap"]);
    expect(platform.userMessageFrames).toBe(1);
    second.destroy();
  });

  it("never sends twice a message the closing holder had sent but whose echo the next holder did not see", async () => {
    const [first, second] = await holderAndMirror();
    platform.muteLive = true;
    first.send("sent, echo unseen");
    await vi.advanceTimersByTimeAsync(10);
    first.destroy();
    platform.muteLive = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(platform.userMessageFrames).toBe(1);
    expect(transcript(second).filter((line) => line === "user:sent, echo unseen")).toHaveLength(1);
    expect(second.getSnapshot().messages.find((message) => message.text === "sent, echo unseen")?.status).toBe("sent");
    second.destroy();
  });

  it("never sends again a message the closing holder delivered when the next holder missed its notice", async () => {
    const [first, second] = await holderAndMirror();
    // The holder's notice that the message was delivered never reaches the other tab.
    channels.lose = (message) =>
      (message as { events?: { kind: string }[] }).events?.some((event) => event.kind === "user-message-sent") ?? false;
    second.send("delivered, notice lost");
    await vi.advanceTimersByTimeAsync(50);
    expect(transcript(first).slice(-2)).toEqual(["user:delivered, notice lost", "agent:You said delivered, notice lost"]);
    expect(second.getSnapshot().messages.find((message) => message.text === "delivered, notice lost")?.status).toBe("sending");
    channels.lose = () => false;
    first.destroy();
    await vi.advanceTimersByTimeAsync(2000);
    expect(platform.userMessageFrames).toBe(1);
    expect(transcript(second).slice(-2)).toEqual(["user:delivered, notice lost", "agent:You said delivered, notice lost"]);
    expect(second.getSnapshot().messages.find((message) => message.text === "delivered, notice lost")?.status).toBe("sent");
    second.destroy();
  });

  it("resets every tab: the stored keys go, the session ends on the platform, each tab says so", async () => {
    const [first, second] = await holderAndMirror();
    const ends: string[] = [];
    first.on("end", (end) => ends.push(`first:${end.reason}`));
    second.on("end", (end) => ends.push(`second:${end.reason}`));
    expect(platform.storage.getItem("cap-chat:session")).not.toBeNull();
    // What the widget keeps beside the session goes with it.
    platform.storage.setItem("cap-chat:session:unread", '["a1"]');
    platform.storage.setItem("cap-chat:session:feedback", '{"a1":{"value":"up"}}');
    second.reset();
    await vi.advanceTimersByTimeAsync(50);
    expect(ends.sort()).toEqual(["first:reset", "second:reset"]);
    expect([...platform.storage.items.keys()].filter((key) => key.startsWith("cap-chat:"))).toEqual([]);
    expect(platform.session.events.some((event) => event.type === EventType.UserEndSession)).toBe(true);
    expect(transcript(first)).toEqual([]);
  });

  it("starts no new session in a tab that takes the lock of a reset conversation before it hears of the reset", async () => {
    // The visitor had the panel open in the second tab too.
    const [first, second] = await twoStartedTabs();
    expect(transcript(second)).toEqual(["agent:Hello!"]);
    const ends: string[] = [];
    second.on("end", (end) => ends.push(end.reason));
    channels.delay = 20;
    first.reset();
    // The widget gives the first tab a fresh client at once, which asks the others for their conversation.
    const fresh = openTab();
    await vi.advanceTimersByTimeAsync(200);
    expect(ends).toEqual(["reset"]);
    expect(requests("/sessions")).toBe(1);
    expect(transcript(second)).toEqual([]);
    expect(transcript(fresh)).toEqual([]);
    expect([...platform.storage.items.keys()].filter((key) => key.startsWith("cap-chat:"))).toEqual([]);
  });

  it("never stores the session again while a reset ends it, so a tab reading storage meanwhile starts nothing", async () => {
    const first = openTab();
    first.start();
    const second = openTab();
    second.start();
    await vi.advanceTimersByTimeAsync(100);
    // Another tab's storage shows each write a moment late: a tab that builds its fresh client while the
    // session's record shows again would find a conversation to resume, and resume it (as the widget does).
    const written: string[] = [];
    let caught: DiagnosableChatClient | null = null;
    const setItem = platform.storage.setItem.bind(platform.storage);
    vi.spyOn(platform.storage, "setItem").mockImplementation((key, value) => {
      setItem(key, value);
      written.push(key);
      if (key === "cap-chat:session") caught ??= openTab();
    });
    first.reset();
    vi.mocked(platform.storage.setItem).mockRestore();
    const fresh = caught ?? openTab();
    fresh.resume();
    await vi.advanceTimersByTimeAsync(200);
    expect(written).toEqual([]);
    expect(requests("/sessions")).toBe(1);
    expect([transcript(second), transcript(fresh)]).toEqual([[], []]);
    expect([...platform.storage.items.keys()].filter((key) => key.startsWith("cap-chat:"))).toEqual([]);
    fresh.destroy();
  });

  it("keeps the conversation in a tab that takes over a session the holder only forgot, such as one expired while idle", async () => {
    const first = openTab();
    first.start();
    await vi.advanceTimersByTimeAsync(100);
    const second = openTab();
    await vi.advanceTimersByTimeAsync(100);
    const ends: string[] = [];
    second.on("end", (end) => ends.push(end.reason));
    // The session's record goes, as when it is forgotten; the finished messages stay kept.
    platform.storage.removeItem("cap-chat:session");
    first.destroy();
    await vi.advanceTimersByTimeAsync(100);
    expect(ends).toEqual([]);
    expect(transcript(second)[0]).toBe("agent:Hello!");
    expect(platform.storage.getItem("cap-chat:session:transcript")).not.toBeNull();
    second.destroy();
  });

  it("keeps a dormant conversation dormant in the tab that takes over, until the visitor engages there", async () => {
    platform.variants = { heartbeatsNotActivity: true };
    platform.idleExpiryMilliseconds = 10 * 60_000;
    const first = openTab();
    first.start();
    const second = openTab();
    second.start();
    await vi.advanceTimersByTimeAsync(100);
    // Left alone past the platform's expiry, the conversation waits for the visitor with its transcript on show.
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect([requests("/sessions"), second.getSnapshot().connection.status]).toEqual([1, "idle"]);
    first.destroy();
    const before = platform.requests.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect([platform.requests.length - before, phases(second)]).toEqual([0, ["dormant"]]);
    expect(second.getSnapshot().connection.status).toBe("idle");
    expect(transcript(second)).toEqual(["agent:Hello!"]);
    // The visitor opens the panel again in the tab that took over: the conversation goes on in a new session.
    second.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(requests("/sessions")).toBe(2);
    expect(phases(second)).toEqual(["dormant", "authorizing", "creating-session", "connecting", "replaying", "live"]);
    expect(second.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
    expect(transcript(second)).toEqual(["agent:Hello!", "agent:Hello!"]);
    second.destroy();
  });

  it("wakes a dormant conversation, never opened but written to, with the next message in the tab that takes over, in one new session", async () => {
    platform.variants = { heartbeatsNotActivity: true };
    platform.idleExpiryMilliseconds = 10 * 60_000;
    // Written to through the API without `start`: no tab counts the conversation as started. (Unanswered, so
    // the new session's answer, numbered like the old one's, is not taken for it.)
    platform.withholdReplies = true;
    const first = openTab();
    await vi.advanceTimersByTimeAsync(100);
    first.send("hi");
    const second = openTab();
    await vi.advanceTimersByTimeAsync(100);
    platform.withholdReplies = false;
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    first.destroy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect([requests("/sessions"), phases(second)]).toEqual([1, ["dormant"]]);
    second.send("back again");
    await vi.advanceTimersByTimeAsync(100);
    expect(requests("/sessions")).toBe(2);
    expect(phases(second)).toEqual(["dormant", "authorizing", "creating-session", "connecting", "replaying", "live"]);
    expect(second.getSnapshot().notices.map((notice) => notice.code)).toEqual(["session-not-resumed"]);
    expect(platform.userMessageFrames).toBe(2);
    expect(transcript(second)).toEqual(["user:hi", "agent:Hello!", "user:back again", "agent:Hello!", "agent:You said back again"]);
    second.destroy();
  });

  it("lets another tab hold the connection while the holder is frozen, and takes part again once it wakes", async () => {
    const sleeper: Freezer = {};
    const first = openTab({}, true, sleeper);
    first.start();
    const second = openTab();
    await vi.advanceTimersByTimeAsync(100);
    sleeper.freeze!(true);
    await vi.advanceTimersByTimeAsync(100);
    // The second tab holds the connection now (only the holder has a lifecycle), on the same session.
    expect([first.diagnostics.lifecycle.length, second.diagnostics.lifecycle.length > 0]).toEqual([0, true]);
    expect(openSockets()).toBe(1);
    second.send("while the first sleeps");
    await vi.advanceTimersByTimeAsync(100);
    expect(transcript(second).slice(-2)).toEqual(["user:while the first sleeps", "agent:You said while the first sleeps"]);
    sleeper.freeze!(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(ids(first)).toEqual(ids(second));
    first.send("awake again");
    await vi.advanceTimersByTimeAsync(100);
    expect(transcript(second).slice(-2)).toEqual(["user:awake again", "agent:You said awake again"]);
    expect(transcript(first)).toEqual(transcript(second));
    expect([requests("/sessions"), joins(), openSockets(), platform.userMessageFrames]).toEqual([1, 1, 1, 2]);
    first.destroy();
    second.destroy();
  });

  it("keeps widgets with different ids apart", async () => {
    const support = openTab({ id: "support" });
    const sales = openTab({ id: "sales" });
    support.start();
    sales.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(requests("/sessions")).toBe(2);
    support.send("support only");
    await vi.advanceTimersByTimeAsync(50);
    expect(transcript(sales)).toEqual(["agent:Hello!"]);
    support.destroy();
    sales.destroy();
  });

  it("elects one holder with a lease in storage where Web Locks are missing, and another once it stops renewing", async () => {
    const first = openTab({}, false);
    first.start();
    const second = openTab({}, false);
    await vi.advanceTimersByTimeAsync(500);
    expect(requests("/sessions")).toBe(1);
    expect(platform.session.sockets.length).toBe(1);
    second.send("through the lease holder");
    await vi.advanceTimersByTimeAsync(100);
    expect(platform.userMessageFrames).toBe(1);
    first.destroy();
    await vi.advanceTimersByTimeAsync(2500);
    expect(second.getSnapshot().connection.status).toBe("connected");
    expect(requests("/sessions")).toBe(1);
    second.destroy();
  });
});

describe("after the session expired", () => {
  it("shows the finished messages under earlier, contacts nothing at load, and starts one new session on a message", async () => {
    const first = openTab();
    first.start();
    await vi.advanceTimersByTimeAsync(100);
    first.send("before the break");
    await vi.advanceTimersByTimeAsync(50);
    first.destroy();
    vi.setSystemTime(Date.now() + 60 * 60_000);
    const requestsBefore = platform.requests.length;

    const later = openTab();
    expect(later.resume()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(platform.requests.length).toBe(requestsBefore);
    const shown = later.getSnapshot().messages;
    expect(shown.map((message) => `${message.role}:${message.text}`)).toEqual([
      "agent:Hello!",
      "user:before the break",
      "agent:You said before the break",
    ]);
    expect(shown.every((message) => message.earlier === true)).toBe(true);

    later.send("back again");
    await vi.advanceTimersByTimeAsync(500);
    expect(requests("/sessions")).toBe(2);
    expect(transcript(later)).toContain("agent:You said back again");
    expect(later.getSnapshot().messages.filter((message) => message.text === "back again")).toHaveLength(1);
    later.destroy();
  });
});
