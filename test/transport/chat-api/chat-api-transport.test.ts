import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolveChatApiPlan } from "../../../src/transport/client-plan.ts";
import { createChatApiTransport } from "../../../src/transport/chat-api/chat-api-transport.ts";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import { createConversationStore } from "../../../src/transport/conversation/conversation-store.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";
import { createDelivery } from "../../../src/transport/delivery/delivery.ts";
import type { Transport } from "../../../src/transport/transport.ts";
import { createTestEnvironment } from "../../support/test-environment.ts";
import { createFakeChatApi, deferred, settle, type FakeReply, type RecordedCall } from "./chat-api-fakes.ts";

const chatUrl = "https://support.example.com/proxy/chat";
const baseOptions: ChatClientOptions = { chatUrl, chatHeaders: { "X-Site": "shop" } };

/** The Chat API transport on a fake API, with the store and the shared delivery the client would give it. */
function setup(reply?: Parameters<typeof createFakeChatApi>[0], options: ChatClientOptions = baseOptions) {
  const api = createFakeChatApi(reply);
  const environment = createTestEnvironment({ fetch: api.fetch, storage: null });
  const store = createConversationStore({ now: environment.now });
  const snapshots: ConversationSnapshot[] = [];
  store.subscribe((snapshot) => snapshots.push(snapshot));
  const events: [string, unknown][] = [];
  for (const name of ["message", "state", "handoff", "handoff-required", "end", "error", "notice"] as const) {
    store.on(name, (detail) => events.push([name, detail]));
  }
  let transport: Transport | null = null;
  const delivery = createDelivery(store.apply, () => transport?.send());
  transport = createChatApiTransport({ environment, plan: resolveChatApiPlan(options), apply: store.apply, delivery });
  const started = transport;
  /** Writes a message, as the client does: the transport starts, the message enters the shared outbox. */
  const send = (id: string, text: string) => {
    started.start();
    delivery.enqueue(id, text, environment.now());
  };
  return { api, store, snapshots, events, transport: started, delivery, send };
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

const answer = (response: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status: 200,
  body: { conversation_id: "conversation-1", response, end_conversation: false, ...extra },
});

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
    expect(
      snapshots.map((snapshot) => [snapshot.connection.status, snapshot.transport, snapshot.typing.kind, snapshot.messages.length]),
    ).toEqual([
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

  it("delivers the messages already waiting in the shared outbox, in order, after the greeting", async () => {
    const { api, store, transport, delivery } = setup();
    delivery.enqueue("u1", "first", 1);
    delivery.enqueue("u2", "second", 2);
    transport.start();
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
    const { api, store, events, send } = setup(undefined, { chatUrl: "http://support.example.com/chat" });
    send("u1", "hello");
    await settle();
    expect(api.calls).toEqual([]);
    expect(store.getSnapshot().connection).toEqual({
      status: "failed",
      error: { kind: "configuration", code: "insecure-url", parameters: { option: "chatUrl" } },
    });
    expect(events.filter(([name]) => name === "error")).toHaveLength(1);
    expect(store.getSnapshot().messages[0]?.status).toBe("failed");
  });

  it("accepts a path on the page's own origin as chatUrl", async () => {
    const { api, transport } = setup(undefined, { chatUrl: "/support/chat/" });
    transport.start();
    await settle();
    expect(api.calls[0]?.url).toBe("/support/chat/create");
  });

  it("takes a message no larger than the Messaging frame limit", () => {
    const { transport } = setup();
    expect(transport.admit(131072)).toBeNull();
    expect(transport.admit(131073)).toEqual({ limitBytes: 131072 });
  });
});

describe("Chat API transport: turns", () => {
  it("shows the message as sending and the turn as pending while respond is in flight", async () => {
    const held = deferred<FakeReply>();
    const fallback = createFakeChatApi();
    const { api, store, transport, send } = setup((call) => (call.url.endsWith("/respond") ? held.promise : fallback.defaultReply(call)));
    transport.start();
    await settle();
    send("u1", "Where is my order?");
    await settle();
    expect(api.calls[1]).toMatchObject({
      url: `${chatUrl}/respond`,
      method: "POST",
      headers: { "X-Site": "shop" },
      body: { conversation_id: "conversation-1", message: "Where is my order?" },
    });
    expect(store.getSnapshot().typing).toEqual({ kind: "pending" });
    expect(store.getSnapshot().messages[1]).toMatchObject({ id: "u1", status: "sending" });
    held.resolve(answer("It ships today."));
    await settle();
    expect(store.getSnapshot().typing).toEqual({ kind: "none" });
    expect(statuses(store.getSnapshot())).toEqual([
      "agent:Hello! How can I help?",
      "user:Where is my order?:sent",
      "agent:It ships today.",
    ]);
  });

  it("keeps one respond in flight at a time and sends queued turns in order", async () => {
    const gates: ReturnType<typeof deferred<FakeReply>>[] = [];
    const fallback = createFakeChatApi();
    const { api, send } = setup((call) => {
      if (!call.url.endsWith("/respond")) return fallback.defaultReply(call);
      const gate = deferred<FakeReply>();
      gates.push(gate);
      return gate.promise;
    });
    send("u1", "one");
    send("u2", "two");
    send("u3", "three");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    for (const [index, gate] of gates.entries()) {
      expect(gates).toHaveLength(index + 1);
      gate.resolve(answer("ok"));
      await settle();
    }
    expect(api.calls.map((call) => (call.body as { message?: string }).message)).toEqual([undefined, "one", "two", "three"]);
  });

  it("never sends the same message twice, whether written again while waiting or after delivery", async () => {
    const { api, store, send } = setup();
    send("u1", "only once");
    send("u1", "only once");
    await settle();
    send("u1", "only once");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "POST respond"]);
    expect(store.getSnapshot().messages.filter((message) => message.id === "u1")).toHaveLength(1);
  });

  it("emits a message event for the delivered user message and for each agent answer", async () => {
    const { events, send } = setup();
    send("u1", "hi");
    await settle();
    expect(events.filter(([name]) => name === "message").map(([, detail]) => (detail as { text: string }).text)).toEqual([
      "Hello! How can I help?",
      "hi",
      "You said: hi",
    ]);
  });

  it("adds no agent message for an empty response", async () => {
    const { store, send } = setup(respondWith(answer("")));
    send("u1", "hi");
    await settle();
    expect(statuses(store.getSnapshot())).toEqual(["user:hi:sent", "agent:Hello! How can I help?"]);
  });
});

describe("Chat API transport: handoff and endings", () => {
  it("maps a handoff that ends the conversation to the site-facing events of a client-managed handoff, then the end", async () => {
    const handoff = { destination: "phone-callback", reason: "COMPLEX_QUERY" };
    const { api, store, events, send } = setup(respondWith(answer("Connecting you to billing.", { end_conversation: true, handoff })));
    send("u1", "I want a refund");
    send("u2", "hello?");
    await settle();
    expect(store.getSnapshot()).toMatchObject({
      handoff: { phase: "client-handoff-required", reason: "COMPLEX_QUERY", queueName: "phone-callback", destination: "phone-callback" },
      ended: { reason: "REASON_NATURAL_END" },
      connection: { status: "ended" },
    });
    expect(store.getSnapshot().messages.find((message) => message.id === "u2")?.status).toBe("failed");
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(events.filter(([name]) => name === "handoff-required")).toEqual([
      ["handoff-required", { reason: "COMPLEX_QUERY", queueName: "phone-callback", destination: "phone-callback" }],
    ]);
    expect(events.map(([name]) => name).slice(-4)).toEqual(["handoff", "handoff-required", "state", "end"]);
  });

  it("keeps the conversation going after a handoff that does not end it", async () => {
    const { store, events, send } = setup(
      respondWith(answer("Someone will call you.", { handoff: { destination: "phone-callback", reason: "" } }), answer("Anything else?")),
    );
    send("u1", "call me");
    await settle();
    expect(store.getSnapshot().ended).toBeNull();
    expect(events.filter(([name]) => name === "handoff-required")).toHaveLength(1);
    send("u2", "thanks");
    await settle();
    expect(store.getSnapshot().messages.at(-1)).toMatchObject({ text: "Anything else?" });
  });

  it("ends naturally when the answer says end_conversation, and fails later messages without a request", async () => {
    const { api, store, send } = setup(respondWith(answer("Goodbye!", { end_conversation: true })));
    send("u1", "bye");
    await settle();
    expect(store.getSnapshot().ended).toEqual({ reason: "REASON_NATURAL_END" });
    expect(store.getSnapshot().handoff).toEqual({ phase: "none" });
    send("u2", "still there?");
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
    expect(api.calls[1]).toMatchObject({
      url: `${chatUrl}/close`,
      method: "PUT",
      headers: { "X-Site": "shop" },
      body: { conversation_id: "conversation-1" },
    });
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

  it("starts a new conversation, closing and forgetting the old one, whose late answers change nothing", async () => {
    const held = deferred<FakeReply>();
    let creates = 0;
    const { api, store, transport, send } = setup((call) => {
      if (call.url.endsWith("/create"))
        return { status: 200, body: { conversation_id: `conversation-${(creates += 1)}`, response: `Hello ${creates}` } };
      return held.promise;
    });
    send("u1", "in the old one");
    await settle();
    transport.newConversation();
    held.resolve(answer("late"));
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "PUT close", "POST create"]);
    expect(api.calls[2]?.body).toEqual({ conversation_id: "conversation-1" });
    expect(statuses(store.getSnapshot())).toEqual(["agent:Hello 2"]);
  });

  it("on destroy closes its conversation, and then makes no other request and changes nothing", async () => {
    const held = deferred<FakeReply>();
    const fallback = createFakeChatApi();
    const { api, snapshots, transport, send, delivery } = setup((call) =>
      call.url.endsWith("/respond") ? held.promise : fallback.defaultReply(call),
    );
    send("u1", "hi");
    await settle();
    const seen = snapshots.length;
    transport.destroy();
    held.resolve(answer("late"));
    delivery.enqueue("u2", "ignored", 0);
    transport.end();
    await settle();
    expect(snapshots).toHaveLength(seen + 1);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "PUT close"]);
  });
});

describe("Chat API transport: never twice", () => {
  it("repeats a turn by itself only when it provably never reached the server: a refused connection, a 429 with Retry-After", async () => {
    const { api, store, send } = setup(respondWith({ refused: true }, { status: 429, headers: { "Retry-After": "3" } }, answer("Done")));
    send("u1", "hi");
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "POST respond"]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(api.calls).toHaveLength(3);
    expect(store.getSnapshot().typing).toEqual({ kind: "pending" });
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(4);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("sent");
  });

  it.each<[string, FakeReply, string]>([
    ["a 5xx", { status: 502 }, "unconfirmed"],
    ["a gateway timeout", { status: 504 }, "unconfirmed"],
    ["a connection lost after sending", { networkError: true }, "unconfirmed"],
    ["a 429 without Retry-After", { status: 429 }, "failed"],
    ["a 400", { status: 400, body: { success: false, error_code: "BAD_REQUEST", error_message: "Malformed" } }, "failed"],
  ])("after %s never repeats the turn: it is %s, and the user's retry delivers it", async (_name, failure, status) => {
    const { api, store, send, delivery } = setup(respondWith(failure, answer("Back again")));
    send("u1", "hi");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe(status);
    expect(store.getSnapshot().typing).toEqual({ kind: "none" });
    expect(store.getSnapshot().connection).toEqual({ status: "fallback" });
    expect(delivery.retry("u1")).toBe(true);
    expect(store.getSnapshot().messages.at(-1)).toMatchObject({ id: "u1", status: "sending" });
    await settle();
    expect(statuses(store.getSnapshot())).toEqual(["agent:Hello! How can I help?", "user:hi:sent", "agent:Back again"]);
  });

  it("never repeats a turn because the page went offline: it may have left before", async () => {
    const { api, store, send } = setup(respondWith({ networkError: true }, answer("Late")));
    send("u1", "hi");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("unconfirmed");
  });

  it.each<[string, FakeReply]>([
    [
      "a chat timeout",
      { status: 400, body: { success: false, error_code: "CHAT_TIMEOUT", error_message: "Chat session exceeded the timeout limit." } },
    ],
    ["404", { status: 404, body: { success: false, error_code: "not_found", error_message: "Conversation not found" } }],
    ["410", { status: 410, body: { success: false, error_code: "gone", error_message: "Conversation ended" } }],
  ])("after %s starts a new conversation with a notice and sends the turn there, once", async (_name, gone) => {
    let creates = 0;
    const { api, store, events, send } = setup((call, calls) => {
      if (call.url.endsWith("/create"))
        return { status: 200, body: { conversation_id: `conversation-${(creates += 1)}`, response: "Hello" } };
      return calls.filter((item) => item.url.endsWith("/respond")).length === 1 ? gone : answer("Fresh start");
    });
    send("u1", "hello");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "POST create", "POST respond"]);
    expect(api.calls[3]?.body).toEqual({ conversation_id: "conversation-2", message: "hello" });
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("sent");
    expect(events.filter(([name]) => name === "notice")).toEqual([
      ["notice", expect.objectContaining({ code: "new-session", level: "info" })],
    ]);
    expect(store.getSnapshot().ended).toBeNull();
  });

  it("fails a turn the new conversation also refuses, rather than moving it on again", async () => {
    const gone: FakeReply = { status: 404, body: { success: false, error_code: "not_found", error_message: "Conversation not found" } };
    const { api, store, send } = setup(respondWith(gone));
    send("u1", "hello");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond", "POST create", "POST respond"]);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("failed");
  });

  it("treats 401 as a configuration error: the connection fails and later messages fail without a request", async () => {
    const { api, store, events, send } = setup(
      respondWith({ status: 401, body: { success: false, error_code: "unauthorized", error_message: "Bad key" } }),
    );
    send("u1", "hi");
    send("u2", "again");
    await settle();
    expect(store.getSnapshot().connection).toEqual({
      status: "failed",
      error: { kind: "configuration", code: "chat-api-refused", parameters: { status: 401 } },
    });
    expect(events.filter(([name]) => name === "error")).toHaveLength(1);
    send("u3", "and again");
    await settle();
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(
      store
        .getSnapshot()
        .messages.filter((message) => message.role === "user")
        .map((message) => message.status),
    ).toEqual(["failed", "failed", "failed"]);
  });

  it("treats a 403 on create as a configuration error", async () => {
    const { store, transport } = setup(() => ({ status: 403, body: { success: false, error_code: "forbidden", error_message: "No" } }));
    transport.start();
    await settle();
    expect(store.getSnapshot().connection).toMatchObject({ status: "failed", error: { kind: "configuration", code: "chat-api-refused" } });
  });

  it("marks a message sent, once, when the 2xx answer cannot be read", async () => {
    const { api, store, send } = setup(respondWith({ status: 200, rawBody: "<html>oops</html>" }));
    send("u1", "hi");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.calls.map(action)).toEqual(["POST create", "POST respond"]);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("sent");
    expect(store.getSnapshot().notices).toEqual([expect.objectContaining({ code: "unreadable-answer", level: "error" })]);
  });

  it("fails the connection and the waiting message when create keeps failing, and creates again on the next message", async () => {
    let creates = 0;
    const fallback = createFakeChatApi();
    const { api, store, send, delivery } = setup((call) => {
      if (call.url.endsWith("/create")) {
        creates += 1;
        if (creates <= 4) return { status: 500 };
      }
      return fallback.defaultReply(call);
    });
    send("u1", "hi");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(creates).toBe(4);
    expect(store.getSnapshot().connection).toEqual({
      status: "failed",
      error: { kind: "network", code: "network-failure", parameters: { request: "create" } },
    });
    expect(store.getSnapshot().messages[0]).toMatchObject({ id: "u1", status: "failed" });
    delivery.retry("u1");
    await settle();
    expect(store.getSnapshot().connection).toEqual({ status: "fallback" });
    expect(api.calls.filter((call) => call.url.endsWith("/respond"))).toHaveLength(1);
    expect(store.getSnapshot().messages.find((message) => message.id === "u1")?.status).toBe("sent");
  });
});
