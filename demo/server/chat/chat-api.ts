import type { IncomingMessage, ServerResponse } from "node:http";
import {
  ChatHeader,
  type ChatAction,
  type ChatCloseResponse,
  type ChatCreateResponse,
  type ChatErrorBody,
  type ChatRespondResponse,
} from "../../../src/protocol/index.ts";
import type { AgentAssets } from "../agent/agent-message.ts";
import { chatGreeting, chatTurn } from "../agent/chat-agent.ts";
import { bookingConfirmed } from "../agent/replies.ts";
import { demoChatAccount } from "../demo-credentials.ts";
import { corsHeaders, headerValue, parseJsonObject, readBody, sendJson } from "../http/http-utilities.ts";
import type { FaultEndpoint } from "../reference-server-types.ts";
import type { ServerContext } from "../server-context.ts";

const chatPath = /^\/v1\/([^/]+)\/([^/]+)\/chat\/(create|respond|close)$/;

/** The account, project and action of a Chat API path, or undefined for any other path. */
export function matchChatPath(pathname: string): { accountId: string; projectId: string; action: ChatAction } | undefined {
  const match = chatPath.exec(pathname);
  if (!match) return undefined;
  try {
    return { accountId: decodeURIComponent(match[1] ?? ""), projectId: decodeURIComponent(match[2] ?? ""), action: match[3] as ChatAction };
  } catch {
    return undefined;
  }
}

/** The error a platform with a chat timeout answers a `respond` with, once the conversation went quiet too long. */
export const chatTimeoutError = { code: "CHAT_TIMEOUT", message: "Chat session exceeded the timeout limit." } as const;

const methodOf: Record<ChatAction, string> = { create: "POST", respond: "POST", close: "PUT" };
const faultEndpointOf: Record<ChatAction, FaultEndpoint> = {
  create: "chat-create",
  respond: "chat-respond",
  close: "chat-close",
};

function sendChatError(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  errorCode: string,
  errorMessage: string,
  headers: Record<string, string> = {},
): void {
  const body: ChatErrorBody = { success: false, error_code: errorCode, error_message: errorMessage };
  sendJson(response, status, body, { ...corsHeaders(request), ...headers });
}

function optionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === "string";
}

/**
 * Handles `/v1/{account}/{project}/chat/{create,respond,close}`, checking in order: a
 * forced fault, the method, `X-API-KEY` and `X-TOKEN` (401), the account and project (404), a JSON
 * `Content-Type` and body (400), then the conversation (404 unknown, 410 ended). Every error body is
 * `{"success": false, "error_code", "error_message"}`. What the agent learned from the site's workflows
 * since the last turn (a confirmed booking) comes first in the next answer: the turn-based API has no
 * other way to say it.
 */
export async function handleChatApi(
  context: ServerContext,
  request: IncomingMessage,
  response: ServerResponse,
  route: { accountId: string; projectId: string; action: ChatAction },
  assets: AgentAssets,
): Promise<void> {
  const fail = (status: number, code: string, message: string, headers?: Record<string, string>) =>
    sendChatError(request, response, status, code, message, headers);
  const body = await readBody(request);
  const failure = context.faults.takeFailure(faultEndpointOf[route.action]);
  if (failure?.status === 429) {
    return fail(429, "RATE_LIMITED", "Too many requests", { "Retry-After": String(failure.retryAfterSeconds) });
  }
  if (failure) return fail(500, "INTERNAL_ERROR", "Internal server error");
  if (request.method !== methodOf[route.action]) {
    return fail(405, "METHOD_NOT_ALLOWED", `Use ${methodOf[route.action]} for chat/${route.action}`, {
      Allow: methodOf[route.action],
    });
  }
  if (
    headerValue(request, ChatHeader.ApiKey) !== demoChatAccount.apiKey ||
    headerValue(request, ChatHeader.Token) !== demoChatAccount.token
  ) {
    return fail(401, "UNAUTHORIZED", "Missing or invalid X-API-KEY or X-TOKEN");
  }
  if (route.accountId !== demoChatAccount.accountId || route.projectId !== demoChatAccount.projectId) {
    return fail(404, "NOT_FOUND", "Unknown account or project");
  }
  if (!/^application\/json\b/i.test(headerValue(request, "Content-Type") ?? "")) {
    return fail(400, "INVALID_CONTENT_TYPE", "Content-Type must be application/json");
  }
  if (body.kind === "too-large") return fail(413, "PAYLOAD_TOO_LARGE", "Request body too large");
  const parsed = parseJsonObject(body.text);
  if (parsed.kind === "invalid") return fail(400, "INVALID_REQUEST", "Request body is not a JSON object");
  const fields = parsed.kind === "object" ? parsed.value : {};

  if (route.action === "create") {
    const { variant_id: variantId, channel, integration_attributes: attributes } = fields;
    if (!optionalString(variantId) || !optionalString(channel)) {
      return fail(400, "INVALID_REQUEST", "variant_id and channel must be strings");
    }
    if (attributes !== undefined && (typeof attributes !== "object" || attributes === null || Array.isArray(attributes))) {
      return fail(400, "INVALID_REQUEST", "integration_attributes must be an object");
    }
    const conversation = context.chat.create({
      ...(variantId !== undefined && { variantId }),
      ...(channel !== undefined && { channel }),
      ...(attributes !== undefined && { integrationAttributes: attributes as Record<string, unknown> }),
    });
    const created: ChatCreateResponse = { conversation_id: conversation.id, response: chatGreeting() };
    return sendJson(response, 200, created, corsHeaders(request));
  }

  const conversationId = fields.conversation_id;
  if (typeof conversationId !== "string" || conversationId === "") {
    return fail(400, "MISSING_CONVERSATION_ID", "conversation_id is required");
  }
  const found = context.chat.lookup(conversationId);
  const closed: ChatCloseResponse = { success: true };
  if (found.kind === "unknown") return fail(404, "CONVERSATION_NOT_FOUND", "Conversation not found");
  if (found.kind === "timed-out") {
    if (route.action === "close") return sendJson(response, 200, closed, corsHeaders(request));
    return fail(400, chatTimeoutError.code, chatTimeoutError.message);
  }
  const conversation = found.conversation;

  if (route.action === "close") {
    conversation.ended = true;
    return sendJson(response, 200, closed, corsHeaders(request));
  }
  if (conversation.ended) return fail(410, "CONVERSATION_ENDED", "Conversation has ended");
  const message = fields.message;
  if (!optionalString(message)) return fail(400, "INVALID_REQUEST", "message must be a string");
  const issueEventId = () =>
    context.voice.events.issue({
      conversationId: conversation.id,
      deliver: (event) => {
        if (!conversation.ended) conversation.pendingReplies.push(bookingConfirmed(event.fields, conversation.language).text);
      },
    });
  const turn = chatTurn(message ?? "", conversation.language, assets, issueEventId);
  conversation.language = turn.language;
  if (turn.endConversation) conversation.ended = true;
  const answer: ChatRespondResponse = {
    conversation_id: conversation.id,
    response: [...conversation.pendingReplies.splice(0), turn.response].join("\n\n"),
    end_conversation: turn.endConversation,
    ...(turn.handoff && { handoff: turn.handoff }),
  };
  sendJson(response, 200, answer, corsHeaders(request));
}
