import type { IncomingMessage, ServerResponse } from "node:http";
import {
  callSidPattern,
  e164Pattern,
  VoiceDoorHeader,
  type OutboundCallResponse,
  type OutboundStatusResponse,
} from "../../../src/protocol/index.ts";
import { demoVoiceDoorKeys } from "../demo-credentials.ts";
import { headerValue, parseJsonObject, readBody, sendErrorMessage, sendJson } from "../http/http-utilities.ts";
import type { ServerContext } from "../server-context.ts";
import { answeredByVoiceFault } from "./voice-faults.ts";

const statusPath = /^\/v1\/outbound-calling\/([^/]+)\/status$/;

/** The call SID of an Outbound Calling status path (still encoded as sent), or undefined for any other path. */
export function matchOutboundStatusPath(pathname: string): string | undefined {
  return statusPath.exec(pathname)?.[1];
}

/**
 * `POST /v1/outbound-calling`, checking in order: a forced fault, the method (405), `X-Service-Auth-Token`
 * (401), the account's rate limit (429 with `Retry-After`), then the body: a JSON object whose `to_number`
 * is E.164 and whose `metadata`, if any, is an object (400). Answers `{call_sid, status: "queued"}`.
 */
export async function handleOutboundCall(context: ServerContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await readBody(request);
  if (answeredByVoiceFault(context, response, "outbound-call")) return;
  if (request.method !== "POST") return sendErrorMessage(response, 405, "use POST", { Allow: "POST" });
  if (headerValue(request, VoiceDoorHeader.ServiceAuthToken) !== demoVoiceDoorKeys.serviceAuthToken) {
    return sendErrorMessage(response, 401, "invalid or missing X-Service-Auth-Token");
  }
  const decision = context.voice.callLimiter.take("demo-account");
  if (!decision.allowed) {
    return sendErrorMessage(response, 429, "outbound call rate limit exceeded", { "Retry-After": String(decision.retryAfterSeconds) });
  }
  if (body.kind === "too-large") return sendErrorMessage(response, 413, "request body too large");
  const parsed = parseJsonObject(body.text);
  if (parsed.kind !== "object") return sendErrorMessage(response, 400, "the body must be a JSON object");
  const { to_number: toNumber, metadata } = parsed.value;
  if (typeof toNumber !== "string" || !e164Pattern.test(toNumber)) {
    return sendErrorMessage(response, 400, "to_number must be a phone number in E.164 format");
  }
  if (metadata !== undefined && (typeof metadata !== "object" || metadata === null || Array.isArray(metadata))) {
    return sendErrorMessage(response, 400, "metadata must be an object");
  }
  const answer: OutboundCallResponse = {
    call_sid: context.voice.calls.place(toNumber, metadata as Record<string, unknown> | undefined),
    status: "queued",
  };
  sendJson(response, 200, answer);
}

/**
 * `GET /v1/outbound-calling/{call_sid}/status`, checking in order: a forced fault (500: the retrieval
 * failed), the method (405), the token (401), the SID's format (400), then the call (404 when unknown
 * or more than its retention after its end). Answers `{status, reason}`.
 */
export function handleOutboundStatus(context: ServerContext, request: IncomingMessage, response: ServerResponse, encodedSid: string): void {
  if (answeredByVoiceFault(context, response, "outbound-status")) return;
  if (request.method !== "GET") return sendErrorMessage(response, 405, "use GET", { Allow: "GET" });
  if (headerValue(request, VoiceDoorHeader.ServiceAuthToken) !== demoVoiceDoorKeys.serviceAuthToken) {
    return sendErrorMessage(response, 401, "invalid or missing X-Service-Auth-Token");
  }
  let callSid: string;
  try {
    callSid = decodeURIComponent(encodedSid);
  } catch {
    callSid = "";
  }
  if (!callSidPattern.test(callSid)) return sendErrorMessage(response, 400, "invalid call SID format");
  const found = context.voice.calls.status(callSid);
  if (!found) return sendErrorMessage(response, 404, "call not found");
  const answer: OutboundStatusResponse = found;
  sendJson(response, 200, answer);
}
