import { ChatHeader, type ChatAction } from "../../protocol/index.ts";
import type { ChatApiUpstream, ChatProxyConfig } from "../configuration/proxy-config.ts";
import { errorAnswer, jsonAnswer, textAnswer } from "../http/answers.ts";
import type { ChatProxyLogger } from "../logging/logger.ts";
import { redactJson } from "../logging/redaction.ts";
import type { SignedHandles } from "../security/signed-handles.ts";
import type { Visitor } from "../security/visitor-cookies.ts";
import { invalidAnswer as invalidUpstreamAnswer, upstreamFailure, type UpstreamService } from "../upstream/upstream-failure.ts";
import { callUpstream, readObject, type UpstreamFetch, type UpstreamResult } from "../upstream/upstream.ts";
import { conversationBody, createBody } from "./forwarded-fields.ts";

/** What the chat routes need from the proxy. */
export interface ChatRouteContext {
  upstream: ChatApiUpstream;
  fetch: UpstreamFetch;
  timeoutMilliseconds: number;
  maxAnswerBytes: number;
  handles: SignedHandles;
  integrationAttributes: ChatProxyConfig["integrationAttributes"];
  /** The top-level `integration_attributes` fields a page may set itself. */
  pageAttributes: ReadonlySet<string>;
  redact: (text: string) => string;
  log: ChatProxyLogger;
}

/**
 * Serves one Chat API call for proven `visitors` (the first owns what is created). Create binds the new
 * conversation to the visitor by answering a handle instead of the platform's id; respond and close
 * accept only a handle of one of the visitors (else 403 `CONVERSATION_NOT_OWNED`) and send the
 * platform's id on. Only the fields each action knows are forwarded (see `createBody` and
 * `conversationBody`); a field of the wrong type is 400. Every string of a successful answer passes
 * through the redactor, so an answer that echoes a credential reaches the page without it.
 */
export async function serveChatAction(
  context: ChatRouteContext,
  action: ChatAction,
  request: Request,
  fields: Record<string, unknown>,
  visitors: readonly Visitor[],
): Promise<Response> {
  if (action === "create") {
    const owner = visitors[0];
    if (!owner) throw new Error("create needs a visitor");
    const forwarded = createBody(fields, {
      vouched: await context.integrationAttributes?.(request),
      pageAttributes: context.pageAttributes,
    });
    if (forwarded.kind === "refused") return errorAnswer("chat", forwarded.error);
    const result = await call(context, "create", forwarded.body);
    if (result.kind !== "answer" || !isSuccess(result.status)) return failure(context, "create", result);
    const answer = readObject(result.text);
    if (typeof answer?.conversation_id !== "string" || answer.conversation_id === "") {
      return invalidAnswer(context, "create", result.status);
    }
    return jsonAnswer(200, { ...redacted(context, answer), conversation_id: await context.handles.wrap(answer.conversation_id, owner) });
  }

  const handle = fields.conversation_id;
  if (typeof handle !== "string" || handle === "") {
    return errorAnswer("chat", { status: 400, code: "MISSING_CONVERSATION_ID", message: "conversation_id is required" });
  }
  const owned = await context.handles.unwrap(handle, visitors);
  if (!owned) {
    context.log({
      level: "warn",
      event: "conversation-refused",
      route: `chat-${action}`,
      message: "A conversation of another visitor, or an unknown handle, was refused",
    });
    return errorAnswer("chat", { status: 403, code: "CONVERSATION_NOT_OWNED", message: "This conversation belongs to another visitor" });
  }
  const forwarded = conversationBody(action, fields, owned.id);
  if (forwarded.kind === "refused") return errorAnswer("chat", forwarded.error);
  const result = await call(context, action, forwarded.body);
  if (result.kind !== "answer" || !isSuccess(result.status)) return failure(context, action, result);
  const answer = readObject(result.text);
  // The platform acted: an unreadable answer is passed on, so the client knows not to send it again.
  if (!answer) return textAnswer(result.status, context.redact(result.text));
  if (action === "close") return jsonAnswer(200, redacted(context, answer));
  const conversationId = typeof answer.conversation_id === "string" && answer.conversation_id !== "" ? answer.conversation_id : owned.id;
  return jsonAnswer(200, { ...redacted(context, answer), conversation_id: await context.handles.wrap(conversationId, owned.visitor) });
}

function redacted(context: ChatRouteContext, answer: Record<string, unknown>): Record<string, unknown> {
  return redactJson(answer, context.redact) as Record<string, unknown>;
}

function call(context: ChatRouteContext, action: ChatAction, body: Record<string, unknown>): Promise<UpstreamResult> {
  return callUpstream(context.fetch, {
    url: `${context.upstream.url}/${action}`,
    method: action === "close" ? "PUT" : "POST",
    headers: { [ChatHeader.ApiKey]: context.upstream.apiKey, [ChatHeader.Token]: context.upstream.token },
    body,
    timeoutMilliseconds: context.timeoutMilliseconds,
    maxAnswerBytes: context.maxAnswerBytes,
  });
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** The Chat API as a failure's log and answer name it. */
function chatService(action: ChatAction): UpstreamService {
  return { route: `chat-${action}`, api: "The Chat API", service: "chat service", credentials: "X-API-KEY or X-TOKEN" };
}

function failure(context: ChatRouteContext, action: ChatAction, result: UpstreamResult): Response {
  return errorAnswer("chat", upstreamFailure(context, chatService(action), result));
}

function invalidAnswer(context: ChatRouteContext, action: ChatAction, status: number): Response {
  return errorAnswer("chat", invalidUpstreamAnswer(context, chatService(action), status, "conversation_id"));
}
