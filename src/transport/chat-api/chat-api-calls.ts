import type { ChatCreateRequest, ChatRespondResponse } from "../../protocol/index.ts";
import type { ConversationContext } from "../delivery/message-frame.ts";
import type { Environment } from "../environment.ts";
import { ChatError, isHttpError } from "../errors.ts";
import { defaultRetryPolicy, requestJson, type RetryPolicy } from "../http/http-request.ts";

/** The three calls of the turn-based Chat API. */
export interface ChatApiCalls {
  /** `POST {chatUrl}/create`; resolves with the new conversation's id and its greeting ("" when none). */
  create(): Promise<{ conversationId: string; greeting: string }>;
  /**
   * `POST {chatUrl}/respond` with the user's message; resolves with the agent's answer. Not idempotent: it
   * is repeated only when it provably never reached the server (`neverReached`).
   */
  respond(conversationId: string, message: string): Promise<ChatRespondResponse>;
  /** `PUT {chatUrl}/close`. */
  close(conversationId: string): Promise<void>;
}

/** Where the Chat API is and what a conversation is created with, resolved from the client's options. */
export interface ChatApiPlan {
  /** The Chat API base ending in `/chat`, checked: absolute, or a path on the page's own origin (a proxy). */
  chatUrl: string;
  /** Added to every call (normally none: the site's proxy adds `X-API-KEY` and `X-TOKEN`). */
  headers?: Record<string, string>;
  /** Sent on create only: the variant is fixed for the life of the conversation. */
  variantId?: string;
  integrationAttributes?: Record<string, unknown>;
}

/** What `createChatApiCalls` needs: effects, the plan, the site's context, and how to retry. */
export interface ChatApiCallsOptions extends ChatApiPlan {
  environment: Environment;
  /** The site's context when a create goes out, sent as `integration_attributes.context`. */
  context?(): ConversationContext | undefined;
  /** Asked before every attempt; true abandons the call. */
  isCancelled?: () => boolean;
  retryPolicy?: RetryPolicy;
}

/**
 * Creates the Chat API calls on `chatUrl`. Create and close follow
 * `requestJson`'s discipline (429 honours `Retry-After`, 5xx and network failures back off, other 4xx are
 * final); respond is repeated only when it provably never reached the server. Each rejects with
 * `requestJson`'s errors. Answers are read leniently: extra fields are ignored, a missing `response` is "",
 * a missing `end_conversation` is false; only a create answer without a `conversation_id` is refused, as a
 * `protocol` ChatError.
 */
export function createChatApiCalls(options: ChatApiCallsOptions): ChatApiCalls {
  const base = options.chatUrl;
  const policy: RetryPolicy = { ...(options.retryPolicy ?? defaultRetryPolicy), isCancelled: options.isCancelled };
  const call = async (action: "create" | "respond" | "close", body: unknown) => {
    const method = action === "close" ? "PUT" : "POST";
    const request = { url: `${base}/${action}`, method, headers: options.headers ?? {}, body } as const;
    // A close is the last word of a conversation left or destroyed: it goes even once the transport is destroyed.
    const discipline =
      action === "respond" ? { ...policy, repeats: neverReached } : action === "close" ? { ...policy, isCancelled: undefined } : policy;
    return readObject(await requestJson(options.environment, request, discipline));
  };
  const text = (value: unknown) => (typeof value === "string" ? value : "");

  return {
    async create() {
      const context = options.context?.();
      // Fields left undefined are left out of the JSON body; the context goes beside the site's attributes.
      const body: ChatCreateRequest = {
        channel: "webchat",
        variant_id: options.variantId,
        integration_attributes: context ? { ...options.integrationAttributes, context } : options.integrationAttributes,
      };
      const answer = await call("create", body);
      if (!text(answer.conversation_id)) throw new ChatError("protocol", "invalid-answer", { request: "create" });
      return { conversationId: answer.conversation_id as string, greeting: text(answer.response) };
    },
    async respond(conversationId, message) {
      const answer = await call("respond", { conversation_id: conversationId, message });
      const decoded: ChatRespondResponse = {
        conversation_id: text(answer.conversation_id) || conversationId,
        response: text(answer.response),
        end_conversation: answer.end_conversation === true,
      };
      const handoff = readObject(answer.handoff, null);
      if (handoff) decoded.handoff = { destination: text(handoff.destination), reason: text(handoff.reason) };
      return decoded;
    },
    async close(conversationId) {
      await call("close", { conversation_id: conversationId });
    },
  };
}

/** A JSON object as a record; anything else reads as `otherwise`. */
function readObject<Otherwise = Record<string, unknown>>(
  value: unknown,
  otherwise: Otherwise = {} as Otherwise,
): Record<string, unknown> | Otherwise {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : otherwise;
}

/**
 * Whether a failed request provably never reached the server, so that sending it again cannot act twice:
 * the connection was refused, or a 429 named its `Retry-After`. Any other failure may have been acted on,
 * an offline one included: the request may have left before the network went.
 */
export function neverReached(error: ChatError, thrown: unknown): boolean {
  const failed = thrown as { code?: unknown; cause?: { code?: unknown } } | null;
  return isHttpError(error)
    ? error.status === 429 && error.retryAfterMilliseconds !== null
    : [failed?.code, failed?.cause?.code].includes("ECONNREFUSED");
}
