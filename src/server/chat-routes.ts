import { ChatHeader, type ChatAction } from "../protocol/index.ts";
import { errorAnswer, jsonAnswer, textAnswer, type ProxyError } from "./answers.ts";
import type { ConversationHandles } from "./conversation-handles.ts";
import type { ChatProxyLogger } from "./logger.ts";
import { conversationBody, createBody } from "./forwarded-fields.ts";
import type { ChatApiUpstream, ChatProxyConfig } from "./proxy-config.ts";
import { redactJson } from "./redaction.ts";
import { callUpstream, readObject, type UpstreamFetch, type UpstreamResult } from "./upstream.ts";
import type { Visitor } from "./visitor-cookies.ts";

/** What the chat routes need from the proxy. */
export interface ChatRouteContext {
  upstream: ChatApiUpstream;
  fetch: UpstreamFetch;
  timeoutMilliseconds: number;
  maxAnswerBytes: number;
  handles: ConversationHandles;
  integrationAttributes: ChatProxyConfig["integrationAttributes"];
  /** The top-level `integration_attributes` fields a page may set itself. */
  pageAttributes: ReadonlySet<string>;
  redact: (text: string) => string;
  log: ChatProxyLogger;
}

/** Platform answers passed on with their own status and error text: they are about the visitor's request. */
const passedOnStatuses = new Set([400, 404, 409, 410, 413, 422]);

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
  const forwarded = conversationBody(action, fields, owned.conversationId);
  if (forwarded.kind === "refused") return errorAnswer("chat", forwarded.error);
  const result = await call(context, action, forwarded.body);
  if (result.kind !== "answer" || !isSuccess(result.status)) return failure(context, action, result);
  const answer = readObject(result.text);
  // The platform acted: an unreadable answer is passed on, so the client knows not to send it again.
  if (!answer) return textAnswer(result.status, context.redact(result.text));
  if (action === "close") return jsonAnswer(200, redacted(context, answer));
  const conversationId =
    typeof answer.conversation_id === "string" && answer.conversation_id !== "" ? answer.conversation_id : owned.conversationId;
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

/**
 * Maps a failed platform call: 429 stays 429 with its `Retry-After`; errors about the request (400, 404,
 * 409, 410, 413, 422) keep their status and error text; a refusal of the companion's own credentials
 * (401, 403), any other status, an answer over `maxAnswerBytes` and an unreachable platform are 502, and
 * a timeout 504: the visitor can do nothing about those.
 */
function failure(context: ChatRouteContext, action: ChatAction, result: UpstreamResult): Response {
  const route = `chat-${action}`;
  if (result.kind === "timeout") {
    context.log({ level: "error", event: "upstream-failed", route, message: "The Chat API did not answer in time" });
    return errorAnswer("chat", { status: 504, code: "UPSTREAM_TIMEOUT", message: "The chat service did not answer in time" });
  }
  if (result.kind === "unreachable") {
    context.log({ level: "error", event: "upstream-failed", route, message: "The Chat API could not be reached" });
    return errorAnswer("chat", { status: 502, code: "UPSTREAM_UNREACHABLE", message: "The chat service could not be reached" });
  }
  if (result.kind === "too-large") {
    context.log({
      level: "error",
      event: "upstream-failed",
      route,
      upstreamStatus: result.status,
      message: `The Chat API's answer exceeded ${context.maxAnswerBytes} bytes and was not read`,
    });
    return errorAnswer("chat", { status: 502, code: "UPSTREAM_ANSWER_TOO_LARGE", message: "The chat service's answer was too large" });
  }
  const body = readObject(result.text);
  const upstreamCode = typeof body?.error_code === "string" ? context.redact(body.error_code) : undefined;
  const upstreamMessage = typeof body?.error_message === "string" ? context.redact(body.error_message) : undefined;
  const retryAfter = result.headers.get("Retry-After");
  const headers: Record<string, string> = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? { "Retry-After": retryAfter.trim() } : {};
  const logged = { route, upstreamStatus: result.status, ...(upstreamCode !== undefined && { errorCode: upstreamCode }) };
  let error: ProxyError;
  if (result.status === 429) {
    context.log({ level: "warn", event: "upstream-rate-limited", message: "The Chat API asked to slow down", ...logged });
    error = {
      status: 429,
      code: upstreamCode ?? "RATE_LIMITED",
      message: upstreamMessage ?? "Too many requests",
      headers: { "Retry-After": "1", ...headers },
    };
  } else if (passedOnStatuses.has(result.status)) {
    context.log({ level: "info", event: "upstream-refused", message: "The Chat API refused the request", ...logged });
    error = {
      status: result.status,
      code: upstreamCode ?? `HTTP_${result.status}`,
      message: upstreamMessage ?? "The chat service refused the request",
    };
  } else if (result.status === 401 || result.status === 403) {
    context.log({
      level: "error",
      event: "upstream-failed",
      message: "The Chat API refused the companion's X-API-KEY or X-TOKEN",
      ...logged,
    });
    error = { status: 502, code: "UPSTREAM_REJECTED_CREDENTIALS", message: "The chat service refused the site's credentials" };
  } else {
    context.log({ level: "error", event: "upstream-failed", message: "The Chat API failed", ...logged });
    error = { status: 502, code: "UPSTREAM_ERROR", message: "The chat service failed", headers };
  }
  return errorAnswer("chat", error);
}

function invalidAnswer(context: ChatRouteContext, action: ChatAction, status: number): Response {
  context.log({
    level: "error",
    event: "upstream-failed",
    route: `chat-${action}`,
    upstreamStatus: status,
    message: "The Chat API's answer had no conversation_id",
  });
  return errorAnswer("chat", { status: 502, code: "UPSTREAM_INVALID_ANSWER", message: "The chat service's answer could not be read" });
}
