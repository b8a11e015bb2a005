import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { platformProfiles, startReferenceServer, type ReferenceServer } from "../../demo/server/index.ts";
import { resolveEnvironment } from "../../src/browser-environment.ts";
import { resolveChatApiPlan } from "../../src/transport/client-plan.ts";
import { createChatApiTransport } from "../../src/transport/chat-api/chat-api-transport.ts";
import type { ChatClientOptions } from "../../src/transport/chat-client-types.ts";
import { createConversationStore, type ConversationStore } from "../../src/transport/conversation/conversation-store.ts";
import type { ConversationSnapshot } from "../../src/transport/conversation.ts";
import { createDelivery, type Delivery } from "../../src/transport/delivery/delivery.ts";
import type { HttpRequest } from "../../src/transport/environment.ts";
import type { Transport } from "../../src/transport/transport.ts";
import { integrationProfiles } from "./support/client-harness.ts";

let server: ReferenceServer;
const transports: Transport[] = [];

/** The server's clock runs 100 times faster than the wall clock: a 120 s Chat API timeout lasts 1.2 s. */
const serverTimeScale = 0.01;

interface Harness {
  store: ConversationStore;
  transport: Transport;
  delivery: Delivery;
  /** Writes a message as the client does: the transport starts, the message enters the shared outbox. */
  send(id: string, text: string): void;
  /** Every request the transport made, as `METHOD action`. */
  requests: string[];
}

function connect(overrides: Partial<ChatClientOptions> = {}): Harness {
  const requests: string[] = [];
  const environment = resolveEnvironment({ storage: null, createWebSocket: null });
  const fetch = environment.fetch;
  environment.fetch = (url: string, init: HttpRequest) => {
    requests.push(`${init.method} ${url.slice(url.lastIndexOf("/") + 1)}`);
    return fetch(url, init);
  };
  const store = createConversationStore();
  const options: ChatClientOptions = {
    chatUrl: server.credentials.chat.baseUrl,
    chatHeaders: { "X-API-KEY": server.credentials.chat.apiKey, "X-TOKEN": server.credentials.chat.token },
    ...overrides,
  };
  let current: Transport | null = null;
  const delivery = createDelivery(store.apply, () => current?.send());
  const transport = createChatApiTransport({
    environment,
    plan: resolveChatApiPlan(options),
    apply: store.apply,
    delivery,
    retryPolicy: { maxAttempts: 4, baseDelayMilliseconds: 20, maxDelayMilliseconds: 200 },
  });
  current = transport;
  transports.push(transport);
  const send = (id: string, text: string) => {
    transport.start();
    delivery.enqueue(id, text, Date.now());
  };
  return { store, transport, delivery, send, requests };
}

/** Resolves with the first snapshot (current or next) that satisfies `predicate`; fails after 5 s. */
function until(store: ConversationStore, predicate: (snapshot: ConversationSnapshot) => boolean): Promise<ConversationSnapshot> {
  return new Promise((resolve, reject) => {
    if (predicate(store.getSnapshot())) return resolve(store.getSnapshot());
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`condition not met; last snapshot: ${JSON.stringify(store.getSnapshot())}`));
    }, 5000);
    const unsubscribe = store.subscribe((snapshot) => {
      if (!predicate(snapshot)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(snapshot);
    });
  });
}

const idle = (snapshot: ConversationSnapshot) =>
  snapshot.typing.kind === "none" && snapshot.messages.every((message) => message.status !== "sending");

describe.each(integrationProfiles)("Chat API transport against the reference server, deciding as %s", (profile) => {
  const variants: { chatTimeoutSeconds?: number } = platformProfiles[profile];
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, host: "127.0.0.1", timeScale: serverTimeScale, platform: platformProfiles[profile] });
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    for (const transport of transports.splice(0)) transport.destroy();
    server.faults.reset();
  });

  it("shows the greeting, delivers a message once and shows the answer", async () => {
    const { store, transport, send, requests } = connect();
    transport.start();
    await until(store, (snapshot) => snapshot.messages.length === 1);
    send("u1", "Can you show me some markdown?");
    const snapshot = await until(store, (current) => current.messages.length === 3 && idle(current));
    expect(snapshot.connection).toEqual({ status: "fallback" });
    expect(snapshot.transport).toBe("chat");
    expect(snapshot.messages.map((message) => [message.role, message.status])).toEqual([
      ["agent", undefined],
      ["user", "sent"],
      ["agent", undefined],
    ]);
    expect(snapshot.messages[2]?.text).toContain("**");
    expect(requests).toEqual(["POST create", "POST respond"]);
  });

  it("hands a routed handoff to the site as a client-managed handoff, then ends", async () => {
    const { store, send } = connect();
    const required: unknown[] = [];
    store.on("handoff-required", (detail) => required.push(detail));
    send("u1", "Please call me by phone");
    const snapshot = await until(store, (current) => current.ended !== null);
    expect(snapshot.handoff).toEqual({
      phase: "client-handoff-required",
      reason: "COMPLEX_QUERY",
      queueName: "phone-callback",
      destination: "phone-callback",
    });
    expect(required).toEqual([{ reason: "COMPLEX_QUERY", queueName: "phone-callback", destination: "phone-callback" }]);
    expect(snapshot.ended).toEqual({ reason: "REASON_NATURAL_END" });
  });

  it("ends naturally when the agent says goodbye", async () => {
    const { store, send } = connect();
    send("u1", "bye");
    const snapshot = await until(store, (current) => current.ended !== null);
    expect(snapshot.ended).toEqual({ reason: "REASON_NATURAL_END" });
    expect(snapshot.handoff).toEqual({ phase: "none" });
  });

  it("waits out a 429 for its Retry-After and delivers the message exactly once", async () => {
    const { store, transport, send, requests } = connect();
    transport.start();
    await until(store, (snapshot) => snapshot.messages.length === 1);
    server.faults.failNextRequests("chat-respond", 1, 429, 1);
    const startedAt = Date.now();
    send("u1", "hello there");
    const snapshot = await until(store, (current) => current.messages.length === 3 && idle(current));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    expect(snapshot.messages[1]).toMatchObject({ id: "u1", status: "sent" });
    expect(requests).toEqual(["POST create", "POST respond", "POST respond"]);
  });

  it("never repeats a respond that failed with a server error by itself: it is unconfirmed, and the user's retry delivers it", async () => {
    const { store, transport, delivery, send, requests } = connect();
    transport.start();
    await until(store, (snapshot) => snapshot.messages.length === 1);
    server.faults.failNextRequests("chat-respond", 1, 500);
    send("u1", "hello there");
    await until(store, (current) => current.messages[1]?.status === "unconfirmed" && idle(current));
    expect(requests).toEqual(["POST create", "POST respond"]);
    delivery.retry("u1");
    const snapshot = await until(store, (current) => current.messages.length === 3 && idle(current));
    expect(snapshot.messages.map((message) => [message.role, message.status])).toEqual([
      ["agent", undefined],
      ["user", "sent"],
      ["agent", undefined],
    ]);
    expect(requests).toEqual(["POST create", "POST respond", "POST respond"]);
  });

  it("fails the connection as a configuration error when the key is wrong", async () => {
    const { store, send } = connect({ chatHeaders: { "X-API-KEY": "wrong", "X-TOKEN": "wrong" } });
    send("u1", "hello");
    const snapshot = await until(store, (current) => current.connection.status === "failed" && idle(current));
    expect(snapshot.connection).toMatchObject({ status: "failed", error: { kind: "configuration" } });
    expect(snapshot.messages[0]).toMatchObject({ id: "u1", status: "failed" });
  });

  it("closes the conversation on the server when the user ends it", async () => {
    const { store, transport, requests } = connect();
    transport.start();
    await until(store, (snapshot) => snapshot.messages.length === 1);
    transport.end();
    expect(store.getSnapshot().ended).toEqual({ reason: "REASON_USER_END" });
    await expect.poll(() => requests).toEqual(["POST create", "PUT close"]);
  });

  it.runIf(variants.chatTimeoutSeconds !== undefined)(
    "moves a turn to a new conversation once, with a notice, when the idle one timed out",
    async () => {
      const { store, transport, send, requests } = connect();
      transport.start();
      await until(store, (snapshot) => snapshot.messages.length === 1);
      await new Promise((resolve) => setTimeout(resolve, (variants.chatTimeoutSeconds ?? 0) * 1000 * serverTimeScale + 200));
      send("u1", "are you still there?");
      const snapshot = await until(
        store,
        (current) => current.messages.filter((message) => message.role === "agent").length === 3 && idle(current),
      );
      expect(snapshot.notices.map((notice) => notice.code)).toEqual(["new-session"]);
      expect(snapshot.messages.map((message) => [message.role, message.status])).toEqual([
        ["agent", undefined],
        ["user", "sent"],
        ["agent", undefined],
        ["agent", undefined],
      ]);
      expect(requests).toEqual(["POST create", "POST respond", "POST create", "POST respond"]);
    },
  );
});
