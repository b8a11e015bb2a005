import type { ProxyError } from "../http/answers.ts";
import type { ChatProxyLogger } from "../logging/logger.ts";
import { readObject, type UpstreamResult } from "./upstream.ts";

/** A platform API as a failed call's log entry and answer name it. */
export interface UpstreamService {
  /** The companion's route the call served. */
  route: string;
  /** How the log names the API: "The Chat API". */
  api: string;
  /** How the page's answer names it: "chat service". */
  service: string;
  /** The credentials a 401 or 403 refused, for the log: "X-API-KEY or X-TOKEN". */
  credentials: string;
}

/** What mapping a failure needs from the companion. */
export interface FailureContext {
  log: ChatProxyLogger;
  redact: (text: string) => string;
  maxAnswerBytes: number;
}

/** Platform answers passed on with their own status and error text: they are about the visitor's request. */
export const passedOnStatuses: ReadonlySet<number> = new Set([400, 404, 409, 410, 413, 422]);

/**
 * Maps a failed platform call (no answer, or one of another status than 2xx) to the error the page gets,
 * and logs it: 429 stays 429 with its
 * `Retry-After`; errors about the request (`passedOn`, by default 400, 404, 409, 410, 413, 422) keep
 * their status and the platform's error text (redacted), with its `error_code` or `HTTP_<status>`; a
 * refusal of the companion's own credentials (401, 403), any other status, an answer over
 * `maxAnswerBytes` and an unreachable platform are 502, and a timeout 504: the visitor can do nothing
 * about those, the site's operator can, and the log says which. Never a credential, in the answer or
 * in the log.
 */
export function upstreamFailure(
  context: FailureContext,
  service: UpstreamService,
  result: UpstreamResult,
  passedOn: ReadonlySet<number> = passedOnStatuses,
): ProxyError {
  if (result.kind !== "answer") return unansweredFailure(context, service, result);
  const { route, api } = service;
  const body = readObject(result.text);
  const upstreamCode = typeof body?.error_code === "string" ? context.redact(body.error_code) : undefined;
  const upstreamMessage = typeof body?.error_message === "string" ? context.redact(body.error_message) : undefined;
  const retryAfter = result.headers.get("Retry-After");
  const headers: Record<string, string> = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? { "Retry-After": retryAfter.trim() } : {};
  const logged = { route, upstreamStatus: result.status, ...(upstreamCode !== undefined && { errorCode: upstreamCode }) };
  if (result.status === 429) {
    context.log({ level: "warn", event: "upstream-rate-limited", message: `${api} asked to slow down`, ...logged });
    return {
      status: 429,
      code: upstreamCode ?? "RATE_LIMITED",
      message: upstreamMessage ?? "Too many requests",
      headers: { "Retry-After": "1", ...headers },
    };
  }
  if (passedOn.has(result.status)) {
    context.log({ level: "info", event: "upstream-refused", message: `${api} refused the request`, ...logged });
    return {
      status: result.status,
      code: upstreamCode ?? `HTTP_${result.status}`,
      message: upstreamMessage ?? `The ${service.service} refused the request`,
    };
  }
  if (result.status === 401 || result.status === 403) {
    context.log({ level: "error", event: "upstream-failed", message: `${api} refused the companion's ${service.credentials}`, ...logged });
    return { status: 502, code: "UPSTREAM_REJECTED_CREDENTIALS", message: `The ${service.service} refused the site's credentials` };
  }
  context.log({ level: "error", event: "upstream-failed", message: `${api} failed`, ...logged });
  return { status: 502, code: "UPSTREAM_ERROR", message: `The ${service.service} failed`, headers };
}

/**
 * The error for a platform call that brought no answer to read, logged: 504 `UPSTREAM_TIMEOUT`, 502
 * `UPSTREAM_UNREACHABLE`, or 502 `UPSTREAM_ANSWER_TOO_LARGE` past `maxAnswerBytes`.
 */
export function unansweredFailure(
  context: FailureContext,
  service: UpstreamService,
  result: Exclude<UpstreamResult, { kind: "answer" }>,
): ProxyError {
  const { route, api } = service;
  if (result.kind === "timeout") {
    context.log({ level: "error", event: "upstream-failed", route, message: `${api} did not answer in time` });
    return { status: 504, code: "UPSTREAM_TIMEOUT", message: `The ${service.service} did not answer in time` };
  }
  if (result.kind === "unreachable") {
    context.log({ level: "error", event: "upstream-failed", route, message: `${api} could not be reached` });
    return { status: 502, code: "UPSTREAM_UNREACHABLE", message: `The ${service.service} could not be reached` };
  }
  context.log({
    level: "error",
    event: "upstream-failed",
    route,
    upstreamStatus: result.status,
    message: `${api}'s answer exceeded ${context.maxAnswerBytes} bytes and was not read`,
  });
  return { status: 502, code: "UPSTREAM_ANSWER_TOO_LARGE", message: `The ${service.service}'s answer was too large` };
}

/** The error for a successful answer the companion cannot read, logged: 502 `UPSTREAM_INVALID_ANSWER`. */
export function invalidAnswer(context: FailureContext, service: UpstreamService, status: number, missing: string): ProxyError {
  context.log({
    level: "error",
    event: "upstream-failed",
    route: service.route,
    upstreamStatus: status,
    message: `${service.api}'s answer had no ${missing}`,
  });
  return { status: 502, code: "UPSTREAM_INVALID_ANSWER", message: `The ${service.service}'s answer could not be read` };
}
