import type { ChatCreateRequest, ChatHandoff, ChatRespondResponse } from "../protocol/index.ts";
import type { Environment } from "./environment.ts";
import { ChatError } from "./errors.ts";
import { defaultRetryPolicy, requestJson, type RetryPolicy } from "./http-request.ts";

/** The three calls of the turn-based Chat API (protocol.md §8). */
export interface ChatApiClient {
  /** `POST {chatUrl}/create`; resolves with the new conversation's id and its greeting ("" when none). */
  create(): Promise<{ conversationId: string; greeting: string }>;
  /** `POST {chatUrl}/respond` with the user's message; resolves with the agent's answer. */
  respond(conversationId: string, message: string): Promise<ChatRespondResponse>;
  /** `PUT {chatUrl}/close`. */
  close(conversationId: string): Promise<void>;
}

/** What `createChatApiClient` needs: effects, where to call, and what to send on create. */
export interface ChatApiClientOptions {
  environment: Environment;
  /** The Chat API base ending in `/chat`: absolute, or a path on the page's own origin (a proxy). */
  chatUrl: string;
  /** Added to every call (normally none: the site's proxy adds `X-API-KEY` and `X-TOKEN`). */
  headers?: Record<string, string>;
  /** Sent on create only: the variant is fixed for the life of the conversation. */
  variantId?: string;
  integrationAttributes?: Record<string, unknown>;
  /** Asked before every attempt; true abandons the call. */
  isCancelled?: () => boolean;
  retryPolicy?: RetryPolicy;
}

const loopbackHost = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/**
 * Checks `chatUrl` and returns it without trailing slashes. A path (`/support/chat`) is the page's own
 * origin and is accepted; an absolute URL must be `https://`, or `http://` on a loopback host for
 * development. Anything else throws a `configuration` ChatError.
 */
export function resolveChatBase(chatUrl: string): string {
  const trimmed = chatUrl.trim().replace(/\/+$/, "");
  if (trimmed === "") throw new ChatError("configuration", "The chatUrl option is required for the Chat API");
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(trimmed);
  if (!match) {
    if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
    throw new ChatError("configuration", `chatUrl "${chatUrl}" is neither an absolute https:// URL nor a path`);
  }
  const scheme = (match[1] ?? "").toLowerCase();
  const authority = match[2] ?? "";
  if (authority.includes("@")) throw new ChatError("configuration", "chatUrl must not contain credentials");
  if (scheme === "https" || (scheme === "http" && loopbackHost.test(authority))) return trimmed;
  throw new ChatError("configuration", `chatUrl must use https:// (plain http:// only on a loopback host), got "${chatUrl}"`);
}

/**
 * Creates the Chat API client. Every call follows `requestJson`'s discipline (429 honours `Retry-After`,
 * 5xx and network failures back off, other 4xx are final) and rejects with its errors. Answers are read
 * leniently: extra fields are ignored, a missing `response` is "", a missing `end_conversation` is false;
 * only a create answer without a `conversation_id` is refused, as a `protocol` ChatError.
 */
export function createChatApiClient(options: ChatApiClientOptions): ChatApiClient {
  const base = resolveChatBase(options.chatUrl);
  const headers = { ...options.headers };
  const policy: RetryPolicy = { ...(options.retryPolicy ?? defaultRetryPolicy) };
  if (options.isCancelled) policy.isCancelled = options.isCancelled;
  const call = (action: "create" | "respond" | "close", method: "POST" | "PUT", body: unknown) =>
    requestJson(options.environment, { url: `${base}/${action}`, method, headers, body }, policy);

  return {
    async create() {
      const body: ChatCreateRequest = { channel: "webchat" };
      if (options.variantId !== undefined) body.variant_id = options.variantId;
      if (options.integrationAttributes !== undefined) body.integration_attributes = options.integrationAttributes;
      const answer = asObject(await call("create", "POST", body));
      if (typeof answer.conversation_id !== "string" || answer.conversation_id === "") {
        throw new ChatError("protocol", "The Chat API's create answer had no conversation_id");
      }
      return { conversationId: answer.conversation_id, greeting: typeof answer.response === "string" ? answer.response : "" };
    },
    async respond(conversationId, message) {
      const answer = asObject(await call("respond", "POST", { conversation_id: conversationId, message }));
      const decoded: ChatRespondResponse = {
        conversation_id: typeof answer.conversation_id === "string" ? answer.conversation_id : conversationId,
        response: typeof answer.response === "string" ? answer.response : "",
        end_conversation: answer.end_conversation === true,
      };
      const handoff = readHandoff(answer.handoff);
      if (handoff) decoded.handoff = handoff;
      return decoded;
    },
    async close(conversationId) {
      await call("close", "PUT", { conversation_id: conversationId });
    },
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function readHandoff(value: unknown): ChatHandoff | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  return {
    destination: typeof fields.destination === "string" ? fields.destination : "",
    reason: typeof fields.reason === "string" ? fields.reason : "",
  };
}
