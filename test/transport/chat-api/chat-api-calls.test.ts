import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChatApiCalls } from "../../../src/transport/chat-api/chat-api-calls.ts";
import { isChatError } from "../../../src/transport/errors.ts";
import { resolveSiteUrl } from "../../../src/transport/http/url-policy.ts";
import { createTestEnvironment } from "../../support/test-environment.ts";
import { createFakeChatApi, type FakeReply } from "./chat-api-fakes.ts";

function clientAnswering(...replies: FakeReply[]) {
  const api = createFakeChatApi((_call, calls) => replies[Math.min(calls.length, replies.length) - 1] as FakeReply);
  const client = createChatApiCalls({ environment: createTestEnvironment({ fetch: api.fetch }), chatUrl: "https://example.com/chat" });
  return { api, client };
}
const resolveChatBase = (url: string) => resolveSiteUrl("chatUrl", url);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("chat base URL", () => {
  it.each([
    ["https://api.example.com/v1/acme/shop/chat/", "https://api.example.com/v1/acme/shop/chat"],
    ["http://127.0.0.1:8787/v1/a/p/chat", "http://127.0.0.1:8787/v1/a/p/chat"],
    ["http://localhost:3000/chat", "http://localhost:3000/chat"],
    ["/proxy/chat", "/proxy/chat"],
  ])("accepts %s", (input, expected) => {
    expect(resolveChatBase(input)).toBe(expected);
  });

  it.each(["", "http://example.com/chat", "ftp://example.com/chat", "//evil.example/chat", "chat", "https://user:pass@example.com/chat"])(
    "refuses %j as a configuration error",
    (input) => {
      let thrown: unknown;
      try {
        resolveChatBase(input);
      } catch (error) {
        thrown = error;
      }
      expect(isChatError(thrown) && thrown.kind === "configuration").toBe(true);
    },
  );
});

describe("chat API client answers", () => {
  it("reads a respond answer leniently, keeping a handoff", async () => {
    const { api, client } = clientAnswering({
      status: 200,
      body: { conversation_id: "c1", response: "Bye", end_conversation: true, handoff: { destination: "phone" }, extra: 1 },
    });
    await expect(client.respond("c1", "hi")).resolves.toEqual({
      conversation_id: "c1",
      response: "Bye",
      end_conversation: true,
      handoff: { destination: "phone", reason: "" },
    });
    expect(api.calls[0]).toMatchObject({
      method: "POST",
      url: "https://example.com/chat/respond",
      body: { conversation_id: "c1", message: "hi" },
    });
  });

  it("fills a respond answer's missing fields with an empty response and no end", async () => {
    const { client } = clientAnswering({ status: 200, body: {} });
    await expect(client.respond("c1", "hi")).resolves.toEqual({ conversation_id: "c1", response: "", end_conversation: false });
  });

  it("refuses a create answer without a conversation id as a protocol error", async () => {
    const { client } = clientAnswering({ status: 200, body: { response: "Hi" } });
    await expect(client.create()).rejects.toMatchObject({ kind: "protocol" });
  });

  it("repeats create after a 5xx, but never a respond that may have been acted on", async () => {
    const create = clientAnswering({ status: 503 }, { status: 200, body: { conversation_id: "c1", response: "Hi" } });
    const created = create.client.create();
    await vi.advanceTimersByTimeAsync(2000);
    await expect(created).resolves.toEqual({ conversationId: "c1", greeting: "Hi" });
    const respond = clientAnswering({ status: 503 }, { status: 200, body: {} });
    const answered = respond.client.respond("c1", "hi").catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await answered).toMatchObject({ status: 503 });
    expect(respond.api.calls).toHaveLength(1);
  });

  it("rejects with the Chat API's error text and status", async () => {
    const { client } = clientAnswering({
      status: 404,
      body: { success: false, error_code: "not_found", error_message: "Conversation not found" },
    });
    await expect(client.close("c9")).rejects.toMatchObject({ status: 404, serverMessage: "Conversation not found" });
  });
});
