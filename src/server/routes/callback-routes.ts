import {
  callSidPattern,
  outboundCallStatuses,
  outboundStatusPath,
  VoiceDoorHeader,
  VoiceDoorPath,
  type OutboundCallStatus,
} from "../../protocol/index.ts";
import { errorAnswer, jsonAnswer, type ProxyError } from "../http/answers.ts";
import type { ChatProxyLogger } from "../logging/logger.ts";
import type { RateLimitRefusal } from "../security/rate-limits.ts";
import type { SignedHandles } from "../security/signed-handles.ts";
import type { Visitor } from "../security/visitor-cookies.ts";
import { invalidAnswer, upstreamFailure, type UpstreamService } from "../upstream/upstream-failure.ts";
import { callUpstream, readObject, type UpstreamFetch } from "../upstream/upstream.ts";
import { conversationAttributes, type ConversationSources } from "./conversation-attributes.ts";
import { checkCallbackNumber } from "./phone-numbers.ts";

/** What the callback routes need from the proxy. */
export interface CallbackRouteContext extends ConversationSources {
  upstream: { url: string; serviceAuthToken: string };
  /** The site's own calling code, which the widget's phone field starts with. */
  callingCode: string;
  /** What a callback number must start with. */
  allowedPrefixes: readonly string[];
  /** The calls' handles. */
  handles: SignedHandles;
  /** Charges one call to `number` to its budget; the refusal when spent. */
  chargeNumber: (number: string) => Promise<RateLimitRefusal | undefined>;
  fetch: UpstreamFetch;
  timeoutMilliseconds: number;
  maxAnswerBytes: number;
  redact: (text: string) => string;
  log: ChatProxyLogger;
}

const service = (route: string): UpstreamService => ({
  route,
  api: "Outbound Calling",
  service: "calling service",
  credentials: "X-Service-Auth-Token",
});

/**
 * `GET {prefix}/callback`: what the widget's phone field needs before anything is sent, the site's
 * calling code and the prefixes a number may start with: `{calling_code, allowed_calling_codes}`.
 */
export function serveCallbackSettings(context: CallbackRouteContext): Response {
  return jsonAnswer(200, { calling_code: context.callingCode, allowed_calling_codes: context.allowedPrefixes });
}

/**
 * `POST {prefix}/callback` with `{phone}` (and the conversation's `session_id` or `conversation_id` and
 * `context`, passed on as the call's `metadata` as `conversationAttributes` builds it). The number must be
 * E.164 (`INVALID_PHONE_NUMBER`) and start with an allowed prefix (`COUNTRY_NOT_ALLOWED`), both 400, and
 * its own budget must hold (429); only then is the platform asked to call. Answers `{handle, status}`: a
 * handle of the call signed for the visitor (`owner`), never the platform's answer itself.
 */
export async function serveCallback(
  context: CallbackRouteContext,
  request: Request,
  fields: Record<string, unknown>,
  visitors: readonly Visitor[],
): Promise<Response> {
  const refuse = (error: ProxyError) => errorAnswer("chat", error);
  const owner = visitors[0];
  if (!owner) throw new Error("a callback needs a visitor");
  const checked = checkCallbackNumber(fields.phone, context.allowedPrefixes);
  if (checked.kind === "invalid") {
    return refuse({ status: 400, code: "INVALID_PHONE_NUMBER", message: "phone must be a number in E.164 format, such as +14155550123" });
  }
  if (checked.kind === "not-allowed") {
    context.log({
      level: "info",
      event: "callback-refused",
      route: "callback",
      message: "A callback to a number outside the allowed countries was refused",
    });
    return refuse({
      status: 400,
      code: "COUNTRY_NOT_ALLOWED",
      message: `Callbacks go only to numbers starting with ${context.allowedPrefixes.join(", ")}`,
    });
  }
  const metadata = await conversationAttributes(context, request, fields, visitors);
  if (metadata.kind === "refused") return refuse(metadata.error);
  const spent = await context.chargeNumber(checked.number);
  if (spent) {
    context.log({
      level: "warn",
      event: "rate-limited",
      route: "callback",
      message: "A callback over the budget of calls to one number was refused",
    });
    return refuse({
      status: 429,
      code: "RATE_LIMITED",
      message: "Too many calls to this number",
      headers: { "Retry-After": String(spent.retryAfterSeconds) },
    });
  }
  const result = await callUpstream(context.fetch, {
    url: `${context.upstream.url}${VoiceDoorPath.OutboundCall}`,
    method: "POST",
    headers: { [VoiceDoorHeader.ServiceAuthToken]: context.upstream.serviceAuthToken },
    body: { to_number: checked.number, ...(Object.keys(metadata.attributes).length > 0 && { metadata: metadata.attributes }) },
    timeoutMilliseconds: context.timeoutMilliseconds,
    maxAnswerBytes: context.maxAnswerBytes,
  });
  if (result.kind !== "answer" || result.status < 200 || result.status >= 300)
    return refuse(upstreamFailure(context, service("callback"), result));
  const answer = readObject(result.text);
  const callSid = answer?.call_sid;
  if (typeof callSid !== "string" || !callSidPattern.test(callSid))
    return refuse(invalidAnswer(context, service("callback"), result.status, "call_sid"));
  return jsonAnswer(200, { handle: await context.handles.wrap(callSid, owner), status: statusOf(answer?.status) ?? "queued" });
}

/**
 * `GET {prefix}/callback/{handle}`: the call's `{status, reason}`, for the visitor who asked for it
 * only: any other handle (another visitor's, forged, tampered) is 403 `CALL_NOT_OWNED`, and the
 * platform is not asked. Once the platform no longer keeps the status, its 404 is passed on.
 */
export async function serveCallbackStatus(context: CallbackRouteContext, handle: string, visitors: readonly Visitor[]): Promise<Response> {
  const owned = await context.handles.unwrap(handle, visitors);
  if (!owned || !callSidPattern.test(owned.id)) {
    context.log({
      level: "warn",
      event: "call-refused",
      route: "callback-status",
      message: "A call of another visitor, or an unknown handle, was refused",
    });
    return errorAnswer("chat", { status: 403, code: "CALL_NOT_OWNED", message: "This call belongs to another visitor" });
  }
  const result = await callUpstream(context.fetch, {
    url: `${context.upstream.url}${outboundStatusPath(owned.id)}`,
    method: "GET",
    headers: { [VoiceDoorHeader.ServiceAuthToken]: context.upstream.serviceAuthToken },
    timeoutMilliseconds: context.timeoutMilliseconds,
    maxAnswerBytes: context.maxAnswerBytes,
  });
  if (result.kind !== "answer" || result.status < 200 || result.status >= 300) {
    return errorAnswer("chat", upstreamFailure(context, service("callback-status"), result));
  }
  const answer = readObject(result.text);
  const status = statusOf(answer?.status);
  if (!status) return errorAnswer("chat", invalidAnswer(context, service("callback-status"), result.status, "status"));
  return jsonAnswer(200, { status, reason: typeof answer?.reason === "string" ? context.redact(answer.reason) : "" });
}

function statusOf(value: unknown): OutboundCallStatus | undefined {
  return outboundCallStatuses.find((status) => status === value);
}
