import { errorAnswer, type ProxyError } from "../http/answers.ts";
import type { Visitor } from "../security/visitor-cookies.ts";
import { conversationAttributes, type ConversationSources } from "./conversation-attributes.ts";

/** The longest comment a visitor may leave with a choice, in characters. */
export const maximumFeedbackCommentLength = 1000;

/** A platform message id as the page names it. */
const messageIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** A visitor's choice on one of the agent's answers, as the site's `onFeedback` hook receives it. */
export interface ChatFeedback {
  /** The platform's `message_id` of the answer. */
  messageId: string;
  /** Helpful (`up`) or not (`down`); a later choice on the same message replaces an earlier one. */
  value: "up" | "down";
  /** The visitor's comment, trimmed, when one was left. */
  comment?: string;
  /**
   * The conversation, as a DNI reservation carries it: `session_id` (Messaging) or `conversation_id`
   * (the platform's id of the visitor's own Chat API conversation) when the page named one, the page's
   * `context`, and over it what the site's `integrationAttributes` hook vouches for.
   */
  attributes: Record<string, unknown>;
}

/** What the feedback route needs from the proxy. */
export interface FeedbackRouteContext extends ConversationSources {
  onFeedback: (feedback: ChatFeedback, request: Request) => void | Promise<void>;
}

/**
 * `POST {prefix}/feedback` with `{message_id, value, comment?}` (and the conversation's `session_id` or
 * `conversation_id` and `context`, as `conversationAttributes` reads them): checks every field (400
 * `INVALID_REQUEST`, or 403 `CONVERSATION_NOT_OWNED` for another visitor's Chat API conversation), then
 * hands the choice to the site's `onFeedback` and answers 204 once it has settled. A hook that throws or
 * rejects answers 500 `INTERNAL_ERROR`, as any failure inside the companion does.
 */
export async function serveFeedback(
  context: FeedbackRouteContext,
  request: Request,
  fields: Record<string, unknown>,
  visitors: readonly Visitor[],
): Promise<Response> {
  const { message_id: messageId, value, comment } = fields;
  if (typeof messageId !== "string" || !messageIdPattern.test(messageId)) return invalid("message_id must be a message id");
  if (value !== "up" && value !== "down") return invalid('value must be "up" or "down"');
  if (comment !== undefined && comment !== null && typeof comment !== "string") return invalid("comment must be a string");
  const text = comment?.trim() ?? "";
  if (text.length > maximumFeedbackCommentLength) {
    return invalid(`comment exceeds ${maximumFeedbackCommentLength} characters`);
  }
  const attributes = await conversationAttributes(context, request, fields, visitors);
  if (attributes.kind === "refused") return errorAnswer("chat", attributes.error);
  await context.onFeedback({ messageId, value, ...(text && { comment: text }), attributes: attributes.attributes }, request);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

function invalid(message: string): Response {
  const error: ProxyError = { status: 400, code: "INVALID_REQUEST", message };
  return errorAnswer("chat", error);
}
