import type { MessagingUpstream } from "../configuration/proxy-config.ts";
import { errorAnswer, jsonAnswer } from "../http/answers.ts";
import type { ChatProxyLogger } from "../logging/logger.ts";
import { unansweredFailure, type UpstreamService } from "../upstream/upstream-failure.ts";
import { callUpstream, readObject, type UpstreamFetch } from "../upstream/upstream.ts";

/** The Messaging API as the token route's log entries and answers name it. */
const messagingService: UpstreamService = {
  route: "access-token",
  api: "The Messaging API",
  service: "chat service",
  credentials: "X-Token or X-Host",
};

/** What the token route needs from the proxy. */
export interface TokenRouteContext {
  upstream: MessagingUpstream;
  fetch: UpstreamFetch;
  timeoutMilliseconds: number;
  maxAnswerBytes: number;
  redact: (text: string) => string;
  log: ChatProxyLogger;
}

/**
 * Exchanges the configured connector token, with the configured `X-Host` (never one from the request),
 * for an access token, and answers `{access_token, expires_in}`. Errors use the Messaging body
 * `{message}`: 429 keeps its `Retry-After`; a refused connector or host, any other failure, an answer
 * over `maxAnswerBytes` and an unreachable platform are 502 (the visitor can do nothing about them, the site's operator can: the log
 * says which), a timeout 504. The token itself is never logged.
 */
export async function serveAccessToken(context: TokenRouteContext): Promise<Response> {
  const result = await callUpstream(context.fetch, {
    url: `${context.upstream.url}/api/v1/access-token`,
    method: "POST",
    headers: { "X-Token": context.upstream.connectorToken, "X-Host": context.upstream.host },
    body: {},
    timeoutMilliseconds: context.timeoutMilliseconds,
    maxAnswerBytes: context.maxAnswerBytes,
  });
  const { route } = messagingService;
  if (result.kind !== "answer") return errorAnswer("messaging", unansweredFailure(context, messagingService, result));
  const body = readObject(result.text);
  if (result.status >= 200 && result.status < 300) {
    const accessToken = body?.access_token;
    const expiresIn = body?.expires_in;
    if (
      typeof accessToken === "string" &&
      accessToken !== "" &&
      typeof expiresIn === "number" &&
      Number.isFinite(expiresIn) &&
      expiresIn > 0
    ) {
      return jsonAnswer(200, { access_token: accessToken, expires_in: expiresIn });
    }
    context.log({
      level: "error",
      event: "upstream-failed",
      route,
      upstreamStatus: result.status,
      message: "The Messaging API's answer had no access_token or expires_in",
    });
    return errorAnswer("messaging", { status: 502, message: "The chat service's answer could not be read" });
  }
  const upstreamText = typeof body?.message === "string" ? context.redact(body.message) : "no error text";
  const retryAfter = result.headers.get("Retry-After")?.trim();
  if (result.status === 429) {
    context.log({
      level: "warn",
      event: "upstream-rate-limited",
      route,
      upstreamStatus: 429,
      message: "The Messaging API asked to slow down",
    });
    return errorAnswer("messaging", {
      status: 429,
      message: "rate limit exceeded",
      headers: { "Retry-After": retryAfter && /^\d{1,6}$/.test(retryAfter) ? retryAfter : "1" },
    });
  }
  const refused = result.status === 400 || result.status === 401 || result.status === 403;
  context.log({
    level: "error",
    event: "upstream-failed",
    route,
    upstreamStatus: result.status,
    message: refused
      ? `The Messaging API refused the connector token or host (${upstreamText})`
      : `The Messaging API failed to issue an access token (${upstreamText})`,
  });
  return errorAnswer("messaging", {
    status: 502,
    message: refused ? "The chat service refused the site's connector" : "The chat service failed to issue an access token",
  });
}
