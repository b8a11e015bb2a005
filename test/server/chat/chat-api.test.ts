import { describe, expect, it } from "vitest";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { request, type HttpAnswer } from "../support/http.ts";
import { useTestServer } from "../support/test-server.ts";
import { triggerPhrase } from "../support/trigger-phrase.ts";

let server: ReferenceServer;

useTestServer((started) => (server = started));

type ChatAction = "create" | "respond" | "close";
const methodOf: Record<ChatAction, string> = { create: "POST", respond: "POST", close: "PUT" };

function chatHeaders(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const headers: Record<string, string | undefined> = {
    "X-API-KEY": server.credentials.chat.apiKey,
    "X-TOKEN": server.credentials.chat.token,
    "Content-Type": "application/json",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function chat(action: ChatAction, body: unknown, headers = chatHeaders(), baseUrl = server.credentials.chat.baseUrl): Promise<HttpAnswer> {
  return request(`${baseUrl}/${action}`, { method: methodOf[action], headers, body });
}

async function createConversation(body: unknown = {}): Promise<string> {
  const answer = await chat("create", body);
  expect(answer.status).toBe(200);
  return answer.body.conversation_id as string;
}

/** Checks the documented error body: `{"success": false, "error_code": "...", "error_message": "..."}`. */
function expectChatError(answer: HttpAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ success: false, error_code: expect.any(String), error_message: expect.any(String) });
  expect(answer.body.error_code).not.toBe("");
  expect(answer.body.error_message).not.toBe("");
}

describe("Chat API calls", { timeout: 5000 }, () => {
  it("creates a conversation with variant_id, integration_attributes and channel and returns the greeting", async () => {
    const answer = await chat("create", {
      variant_id: "variant-b",
      integration_attributes: { customer_id: "c-42", plan: { tier: "gold" } },
      channel: "webchat",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ conversation_id: expect.any(String), response: expect.any(String) });
    expect(answer.body.conversation_id).not.toBe("");
    expect(answer.body.response).not.toBe("");
  });

  it("greets without promising suggestions, which the Chat API cannot carry", async () => {
    const answer = await chat("create", {});
    expect(answer.body.response).toMatch(/Ask me anything/);
    expect(answer.body.response).not.toMatch(/suggestion/i);
  });

  it("creates a conversation with no body at all", async () => {
    const answer = await request(`${server.credentials.chat.baseUrl}/create`, { method: "POST", headers: chatHeaders() });
    expect(answer.status).toBe(200);
    expect(answer.body.conversation_id).toEqual(expect.any(String));
  });

  it("gives every conversation its own id", async () => {
    expect(await createConversation()).not.toBe(await createConversation());
  });

  it("responds with conversation_id, response and end_conversation false to an ordinary message", async () => {
    const conversationId = await createConversation();
    const answer = await chat("respond", { conversation_id: conversationId, message: "what can you do?" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ conversation_id: conversationId, response: expect.any(String), end_conversation: false });
    expect(answer.body.response).not.toBe("");
  });

  it("responds when message is left out", async () => {
    const conversationId = await createConversation();
    const answer = await chat("respond", { conversation_id: conversationId });
    expect(answer.status).toBe(200);
    expect(answer.body.conversation_id).toBe(conversationId);
  });

  it("ends the conversation with a handoff {destination, reason} when a human is asked for", async () => {
    const conversationId = await createConversation();
    const answer = await chat("respond", { conversation_id: conversationId, message: triggerPhrase("live-handoff") });
    expect(answer.status).toBe(200);
    expect(answer.body.end_conversation).toBe(true);
    expect(answer.body.handoff).toEqual({ destination: expect.any(String), reason: expect.any(String) });
    expectChatError(await chat("respond", { conversation_id: conversationId, message: "hello?" }), 410);
  });

  it("ends the conversation with end_conversation true when the user says goodbye", async () => {
    const conversationId = await createConversation();
    const answer = await chat("respond", { conversation_id: conversationId, message: triggerPhrase("goodbye") });
    expect(answer.status).toBe(200);
    expect(answer.body.end_conversation).toBe(true);
    expect(answer.body.handoff).toBeUndefined();
  });

  it("closes a conversation with {success: true}", async () => {
    const conversationId = await createConversation();
    const answer = await chat("close", { conversation_id: conversationId });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
  });
});

describe("Chat API errors", { timeout: 5000 }, () => {
  it.each([
    ["X-API-KEY is missing", { "X-API-KEY": undefined }],
    ["X-TOKEN is missing", { "X-TOKEN": undefined }],
    ["X-API-KEY is wrong", { "X-API-KEY": "wrong-key" }],
    ["X-TOKEN is wrong", { "X-TOKEN": "wrong-token" }],
    ["both are missing", { "X-API-KEY": undefined, "X-TOKEN": undefined }],
  ])("answers 401 with the error body when %s", async (_label, overrides) => {
    for (const action of ["create", "respond", "close"] as const) {
      expectChatError(await chat(action, { conversation_id: "x" }, chatHeaders(overrides)), 401);
    }
  });

  it("does not echo the key or token in an error body", async () => {
    const answer = await chat("create", {}, chatHeaders({ "X-API-KEY": "leaky-key-value" }));
    expect(answer.text).not.toContain("leaky-key-value");
  });

  it.each([
    ["invalid JSON", "{oops"],
    ["a JSON array", "[]"],
    ["a variant_id that is not a string", JSON.stringify({ variant_id: 7 })],
    ["integration_attributes that are not an object", JSON.stringify({ integration_attributes: [1] })],
  ])("answers 400 to create with %s", async (_label, body) => {
    expectChatError(await chat("create", body), 400);
  });

  it.each([["respond" as const], ["close" as const]])("answers 400 to %s without conversation_id", async (action) => {
    expectChatError(await chat(action, {}), 400);
    expectChatError(await chat(action, "{oops"), 400);
  });

  it("answers 400 to respond with a message that is not a string", async () => {
    const conversationId = await createConversation();
    expectChatError(await chat("respond", { conversation_id: conversationId, message: 5 }), 400);
  });

  it.each([["respond" as const], ["close" as const]])("answers 404 to %s for an unknown conversation", async (action) => {
    expectChatError(await chat(action, { conversation_id: "00000000-0000-4000-8000-000000000000", message: "hi" }), 404);
  });

  it("answers 404 for an unknown account or project", async () => {
    const { accountId, projectId } = server.credentials.chat;
    expectChatError(await chat("create", {}, chatHeaders(), `${server.url}/v1/other-account/${projectId}/chat`), 404);
    expectChatError(await chat("create", {}, chatHeaders(), `${server.url}/v1/${accountId}/other-project/chat`), 404);
  });

  it("answers 410 to a message sent to a closed conversation", async () => {
    const conversationId = await createConversation();
    await chat("close", { conversation_id: conversationId });
    expectChatError(await chat("respond", { conversation_id: conversationId, message: "still there?" }), 410);
  });

  it("answers 410 to a message sent after the agent ended the conversation", async () => {
    const conversationId = await createConversation();
    await chat("respond", { conversation_id: conversationId, message: triggerPhrase("goodbye") });
    expectChatError(await chat("respond", { conversation_id: conversationId, message: "wait" }), 410);
  });

  it.each([
    ["chat-create" as const, "create" as const],
    ["chat-respond" as const, "respond" as const],
    ["chat-close" as const, "close" as const],
  ])("answers 500 with the error body when %s fails internally", async (endpoint, action) => {
    const conversationId = await createConversation();
    server.faults.failNextRequests(endpoint, 1, 500);
    expectChatError(await chat(action, { conversation_id: conversationId }), 500);
    expect((await chat(action, { conversation_id: conversationId })).status).toBe(200);
  });
});
