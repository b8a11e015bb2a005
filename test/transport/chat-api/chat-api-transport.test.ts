import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { vi } from "vitest";
import { createChatApiTransport } from "../../../src/transport/chat-api/chat-api-transport.ts";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import { createConversationStore } from "../../../src/transport/conversation/conversation-store.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";
import { createFakeChatApi, createFakeEnvironment, deferred, settle, type FakeReply, type RecordedCall } from "./chat-api-fakes.ts";

const chatUrl = "https://support.example.com/proxy/chat";
const baseOptions: ChatClientOptions = { chatUrl, chatHeaders: { "X-Site": "shop" } };

function setup(reply?: Parameters<typeof createFakeChatApi>[0], options: ChatClientOptions = baseOptions) {
  const api = createFakeChatApi(reply);
  const environment = createFakeEnvironment(api.fetch);
  const store = createConversationStore({ now: environment.now });
  const snapshots: ConversationSnapshot[] = [];
  store.subscribe((snapshot) => snapshots.push(snapshot));
  const events: [string, unknown][] = [];
  for (const name of ["message", "state", "handoff", "end", "error", "notice"] as const) {
    store.on(name, (detail) => events.push([name, detail]));
  }
  const transport = createChatApiTransport({ environment, options, store });
  return { api, store, snapshots, events, transport };
}

function action(call: RecordedCall | undefined): string {
  return call ? `${call.method} ${call.url.slice(call.url.lastIndexOf("/") + 1)}` : "none";
}

function statuses(snapshot: ConversationSnapshot): string[] {
  return snapshot.messages.map((message) => `${message.role}:${message.text}${message.status ? `:${message.status}` : ""}`);
}

/** Answers respond with `replies` in order (the last one repeating); create and close succeed. */
function respondWith(...replies: FakeReply[]) {
  let respondCalls = 0;
  const api = createFakeChatApi();
  return (call: RecordedCall): FakeReply => {
    if (!call.url.endsWith("/respond")) return api.defaultReply(call);
    respondCalls += 1;
    return replies[Math.min(respondCalls, replies.length) - 1] as FakeReply;
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("Chat API transport: conversation start", () => {
  it("creates the conversation with the webchat channel, variant, attributes and site headers, and shows the greeting", async () => {
    const { api, store, snapshots, transport } = setup(undefined, {
      ...baseOptions,
      variantId: "variant-b",
      integrationAttributes: { plan: "gold" },
    });
    transport.start();
    await settle();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      url: `${chatUrl}/create`,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Site": "shop" },
      body: { variant_id: "variant-b", integration_attributes: { plan: "gold" }, channel: "webchat" },
    });
    expect(snapshots.map((snapshot) => [snapshot.connection.status, snapshot.transport, snapshot.typing.kind, snapshot.messages.length])).toEqual([
      ["fallback", "chat", "none", 0],
      ["fallback", "chat", "pending", 0],
      ["fallback", "chat", "none", 0],
      ["fallback", "chat", "none", 1],
    ]);
    expect(store.getSnapshot().messages[0]).toMatchObject({ role: "agent", text: "Hello! How can I help?", streaming: false });
  });

  it("sends no optional fields it was not given, and starts only once", async () => {
    const { api, transport } = setup();
    transport.start();
    transport.start();
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create"]);
    expect(api.calls[0]?.body).toEqual({ channel: "webchat" });
  });

  it("sends the pending messages handed over at start, in order, after the greeting", async () => {
    const { api, store, transport } = setup();
    transport.start([
      { id: "u1", text: "first" },
      { id: "u2", text: "second" },
    ]);
    await settle();
    expect(api.calls.map((call) => [action(call), (call.body as { message?: string }).message])).toEqual([
      ["POST create", undefined],
      ["POST respond", "first"],
      ["POST respond", "second"],
    ]);
    expect(statuses(store.getSnapshot())).toEqual([
      "user:first:sent",
      "user:second:sent",
      "agent:Hello! How can I help?",
      "agent:You said: first",
      "agent:You said: second",
    ]);
  });

  it("refuses a plain-http chatUrl on a real host as a configuration error, without any request", async () => {
    const { api, store, events, transport } = setup(undefined, { chatUrl: "http://support.example.com/chat" });
    transport.start();
    transport.send("u1", "hello");
    await settle();
    expect(api.calls).toEqual([]);
    expect(store.getSnapshot().connection).toMatchObject({ status: "failed", error: { kind: "configuration" } });
    expect(events.filter(([name]) => name === "error")).toHaveLength(1);
    expect(store.getSnapshot().messages[0]?.status).toBe("failed");
  });

  it("accepts a path on the page's own origin as chatUrl", async () => {
    const { api, transport } = setup(undefined, { chatUrl: "/support/chat/" });
    transport.start();
    await settle();
    expect(api.calls[0]?.url).toBe("/support/chat/create");
  });
});

describe("Chat API transport: turns", () => {
  it("shows the message as sending and the turn as pending while respond is in flight", async () => {
    const held = deferred<FakeReply>();
    const fallback = createFakeChatApi();
    const { api, store, transport } = setup((call) => (call.url.endsWith("/respond") ? held.promise : fallback.defaultReply(call)));
    transport.start();
    await settle();
    transport.send("u1", "Where is my order?");
    await settle();
    expect(api.calls[1]).toMatchObject({
      url: `${chatUrl}/respond`,
      method: "POST",
      headers: { "X-Site": "shop" },
      body: { conversation_id: "conversation-1", message: "Where is my order?" },
    });
    expect(store.getSnapshot().typing).toEqual({ kind: "pending" });
    expect(store.getSnapshot().messages[1]).toMatchObject({ id: "u1", status: "sending" });
    held.resolve({ status: 200, body: { conversation_id: "conversation-1", response: "It ships today.", end_conversation: false } });
    await settle();
    expect(store.getSnapshot().typing).toEqual({ kind: "none" });
    expect(statuses(store.getSnapshot())).toEqual(["agent:Hello! How can I help?", "user:Where is my order?:sent", "agent:It ships today."]);
  });

  it("keeps one respond in flight at a time and sends queued turns in order", async () => {
    const gates: ReturnType<typeof deferred<FakeReply>>[] = [];
    const fallback = createFakeChatApi();
    const { api, transport } = setup((call) => {
      if (!call.url.endsWith("/respond")) return fallback.defaultReply(call);
      const gate = deferred<FakeReply>();
      gates.push(gate);
      return gate.promise;
    });
    transport.send("u1", "one");
    transport.send("u2", "two");
    transport.send("u3", "three");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    for (const [index, gate] of gates.entries()) {
      expect(gates).toHaveLength(index + 1);
      gate.resolve({ status: 200, body: { conversation_id: "conversation-1", response: "ok", end_conversation: false } });
      await settle();
    }
    expect(api.calls.map((call) => (call.body as { message?: string }).message)).toEqual([undefined, "one", "two", "three"]);
  });

  it("never sends the same message twice, whether sent again while waiting or after delivery", async () => {
    const { api, store, transport } = setup();
    transport.send("u1", "only once");
    transport.send("u1", "only once");
    await settle();
    transport.send("u1", "only once");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages.filter((message) => message.id === "u1")).toHaveLength(1);
  });

  it("emits a message event for the delivered user message and for each agent answer", async () => {
    const { events, transport } = setup();
    transport.send("u1", "hi");
    await settle();
    expect(events.filter(([name]) => name === "message").map(([, detail]) => (detail as { text: string }).text)).toEqual([
      "Hello! How can I help?",
      "hi",
      "You said: hi",
    ]);
  });

  it("adds no agent message for an empty response", async () => {
    const { store, transport } = setup(respondWith({ status: 200, body: { conversation_id: "conversation-1", response: "", end_conversation: false } }));
    transport.send("u1", "hi");
    await settle();
    expect(statuses(store.getSnapshot())).toEqual(["user:hi:sent", "agent:Hello! How can I help?"]);
  });
});

describe("Chat API transport: endings", () => {
  it("maps a handoff in the answer to the over phase and a natural end", async () => {
    const { api, store, events, transport } = setup(
      respondWith({
        status: 200,
        body: { conversation_id: "conversation-1", response: "Connecting you to billing.", end_conversation: true, handoff: { destination: "billing", reason: "refund" } },
      }),
    );
    transport.send("u1", "I want a refund");
    transport.send("u2", "hello?");
    await settle();
    expect(store.getSnapshot()).toMatchObject({
      handoff: { phase: "over", destination: "billing", reason: "refund" },
      ended: { reason: "REASON_NATURAL_END" },
      connection: { status: "ended" },
    });
    expect(store.getSnapshot().messages.find((message) => message.id === "u2")?.status).toBe("failed");
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(events.map(([name]) => name).slice(-3)).toEqual(["handoff", "state", "end"]);
  });

  it("ends naturally when the answer says end_conversation, and fails later sends without a request", async () => {
    const { api, store, transport } = setup(respondWith({ status: 200, body: { conversation_id: "conversation-1", response: "Goodbye!", end_conversation: true } }));
    transport.send("u1", "bye");
    await settle();
    expect(store.getSnapshot().ended).toEqual({ reason: "REASON_NATURAL_END" });
    expect(store.getSnapshot().handoff).toEqual({ phase: "none" });
    transport.send("u2", "still there?");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages.at(-1)).toMatchObject({ id: "u2", status: "failed" });
  });

  it("ends for the user at once and closes the conversation with a PUT", async () => {
    const { api, store, transport } = setup();
    transport.start();
    await settle();
    transport.end();
    expect(store.getSnapshot().ended).toEqual({ reason: "REASON_USER_END" });
    await settle();
    expect(api.calls[1]).toMatchObject({ url: `${chatUrl}/close`, method: "PUT", headers: { "X-Site": "shop" }, body: { conversation_id: "conversation-1" } });
  });

  it("closes a conversation whose create answer arrives after the user ended", async () => {
    const held = deferred<FakeReply>();
    const { api, store, transport } = setup((call) =>
      call.url.endsWith("/create") ? held.promise : { status: 200, body: { success: true } },
    );
    transport.start();
    await settle();
    transport.end();
    held.resolve({ status: 200, body: { conversation_id: "late-1", response: "Hi" } });
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "PUT close"]);
    expect(api.calls[1]?.body).toEqual({ conversation_id: "late-1" });
    expect(store.getSnapshot().messages).toEqual([]);
  });

  it("after destroy makes no request and changes nothing", async () => {
    const held = deferred<FakeReply>();
    const fallback = createFakeChatApi();
    const { api, snapshots, transport } = setup((call) => (call.url.endsWith("/respond") ? held.promise : fallback.defaultReply(call)));
    transport.send("u1", "hi");
    await settle();
    const seen = snapshots.length;
    transport.destroy();
    held.resolve({ status: 200, body: { conversation_id: "conversation-1", response: "late", end_conversation: false } });
    transport.send("u2", "ignored");
    transport.end();
    await settle();
    expect(snapshots).toHaveLength(seen);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
  });
});

describe("Chat API transport: failures", () => {
  it("honours Retry-After on a 429 and sends the message exactly once more", async () => {
    const { api, store, transport } = setup(
      respondWith({ status: 429, headers: { "Retry-After": "3" }, body: { success: false, error_code: "rate_limited", error_message: "Slow down" } }, {
        status: 200,
        body: { conversation_id: "conversation-1", response: "Done", end_conversation: false },
      }),
    );
    transport.send("u1", "hi");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(api.calls).toHaveLength(2);
    expect(store.getSnapshot().typing).toEqual({ kind: "pending" });
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "POST respond"]);
    expect((api.calls[2]?.at ?? 0) - (api.calls[1]?.at ?? 0)).toBe(3000);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("sent");
  });

  it("backs off exponentially on 5xx, then marks the message failed, and a retry delivers it", async () => {
    const { api, store, transport } = setup(
      respondWith(
        { status: 500 },
        { status: 502 },
        { status: 503 },
        { networkError: true },
        { status: 200, body: { conversation_id: "conversation-1", response: "Back again", end_conversation: false } },
      ),
    );
    transport.send("u1", "hi");
    await vi.advanceTimersByTimeAsync(60_000);
    const responds = api.calls.filter((call) => call.url.endsWith("/respond"));
    expect(responds.slice(1).map((call, index) => call.at - (responds[index]?.at ?? 0))).toEqual([1000, 2000, 4000]);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("failed");
    expect(store.getSnapshot().typing).toEqual({ kind: "none" });
    expect(store.getSnapshot().connection).toEqual({ status: "fallback" });
    transport.send("u1", "hi");
    expect(store.getSnapshot().messages.at(-1)).toMatchObject({ id: "u1", status: "sending" });
    await settle();
    expect(statuses(store.getSnapshot())).toEqual(["agent:Hello! How can I help?", "user:hi:sent", "agent:Back again"]);
  });

  it("fails a message on 400 without retrying it", async () => {
    const { api, store, transport } = setup(respondWith({ status: 400, body: { success: false, error_code: "bad_request", error_message: "Malformed" } }));
    transport.send("u1", "hi");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages[0]).toMatchObject({ id: "u1", status: "failed" });
    expect(store.getSnapshot().connection).toEqual({ status: "fallback" });
  });

  it("treats 401 as a configuration error: the connection fails and later messages fail without a request", async () => {
    const { api, store, events, transport } = setup(respondWith({ status: 401, body: { success: false, error_code: "unauthorized", error_message: "Bad key" } }));
    transport.send("u1", "hi");
    transport.send("u2", "again");
    await settle();
    expect(store.getSnapshot().connection).toMatchObject({ status: "failed", error: { kind: "configuration" } });
    expect(events.filter(([name]) => name === "error")).toHaveLength(1);
    transport.send("u3", "and again");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages.filter((message) => message.role === "user").map((message) => message.status)).toEqual([
      "failed",
      "failed",
      "failed",
    ]);
  });

  it("treats a 403 on create as a configuration error", async () => {
    const { store, transport } = setup(() => ({ status: 403, body: { success: false, error_code: "forbidden", error_message: "No" } }));
    transport.start();
    await settle();
    expect(store.getSnapshot().connection).toMatchObject({ status: "failed", error: { kind: "configuration" } });
  });

  it.each([404, 410])("on %i fails the message, raises a notice, and the next message starts a new conversation", async (status) => {
    const { api, store, events, transport } = setup(
      respondWith({ status, body: { success: false, error_code: "gone", error_message: "Conversation not found" } }, {
        status: 200,
        body: { conversation_id: "conversation-2", response: "Fresh start", end_conversation: false },
      }),
    );
    transport.send("u1", "hello");
    await settle();
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("failed");
    expect(events.filter(([name]) => name === "notice")).toEqual([["notice", expect.objectContaining({ code: "new-session", level: "info" })]]);
    expect(store.getSnapshot().ended).toBeNull();
    transport.send("u2", "anyone?");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "POST create", "POST respond"]);
    expect(api.calls[3]?.body).toEqual({ conversation_id: "conversation-2", message: "anyone?" });
  });

  it("marks a message sent, once, when the 2xx answer cannot be read", async () => {
    const { api, store, transport } = setup(respondWith({ status: 200, rawBody: "<html>oops</html>" }));
    transport.send("u1", "hi");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("sent");
    expect(store.getSnapshot().notices).toEqual([expect.objectContaining({ code: "unreadable-answer", level: "error" })]);
  });

  it("fails the connection and the waiting message when create keeps failing, and tries to create again on the next send", async () => {
    let creates = 0;
    const fallback = createFakeChatApi();
    const { api, store, transport } = setup((call) => {
      if (call.url.endsWith("/create")) {
        creates += 1;
        if (creates <= 4) return { status: 500 };
      }
      return fallback.defaultReply(call);
    });
    transport.send("u1", "hi");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(creates).toBe(4);
    expect(store.getSnapshot().connection).toMatchObject({ status: "failed", error: { kind: "network" } });
    expect(store.getSnapshot().messages[0]).toMatchObject({ id: "u1", status: "failed" });
    transport.send("u1", "hi");
    await settle();
    expect(store.getSnapshot().connection).toEqual({ status: "fallback" });
    expect(api.calls.filter((call) => call.url.endsWith("/respond"))).toHaveLength(1);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("sent");
  });
});
