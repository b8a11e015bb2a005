import type { IncomingMessage, ServerResponse } from "node:http";
import { AccessTokenError, Platform, SessionCreateError } from "../../../src/protocol/index.ts";
import type { AccessTokenClaims } from "./access-tokens.ts";
import type { FaultEndpoint } from "../reference-server-types.ts";
import { checkConnectorHost } from "./host-matching.ts";
import { corsHeaders, headerValue, parseJsonObject, readBody, sendMessagingError, sendJson } from "../http/http-utilities.ts";
import type { ServerContext } from "../server-context.ts";

/** Error text of a 429 from the Messaging REST endpoints (the platform does not specify it). */
export const rateLimitedText = "rate limit exceeded";

/**
 * Answers a forced failure (fault controls) or a spent rate budget with 500 or 429 (+ `Retry-After`), and
 * returns true when it did. `internalText` is the endpoint's documented 500 text.
 */
function answeredByFault(
  context: ServerContext,
  request: IncomingMessage,
  response: ServerResponse,
  endpoint: FaultEndpoint,
  internalText: string,
): boolean {
  const failure = context.faults.takeFailure(endpoint);
  if (!failure) return false;
  if (failure.status === 429) {
    sendMessagingError(response, 429, rateLimitedText, {
      ...corsHeaders(request),
      "Retry-After": String(failure.retryAfterSeconds),
    });
  } else {
    sendMessagingError(response, 500, internalText, corsHeaders(request));
  }
  return true;
}

function answeredByRateLimit(context: ServerContext, request: IncomingMessage, response: ServerResponse, key: string): boolean {
  const decision = context.httpLimiter.take(key);
  if (decision.allowed) return false;
  sendMessagingError(response, 429, rateLimitedText, {
    ...corsHeaders(request),
    "Retry-After": String(decision.retryAfterSeconds),
  });
  return true;
}

/**
 * `POST /api/v1/access-token`: checks `X-Token` and `X-Host` with the exact error
 * texts and issues a token for the connector and host. The body is read (and capped) but not used.
 */
export async function handleAccessToken(context: ServerContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const cors = corsHeaders(request);
  const body = await readBody(request);
  if (answeredByFault(context, request, response, "access-token", AccessTokenError.Internal)) return;
  if (body.kind === "too-large") return sendMessagingError(response, 413, "Request body too large", cors);
  const connectorToken = headerValue(request, "X-Token");
  const host = headerValue(request, "X-Host");
  if (!connectorToken || !host) return sendMessagingError(response, 401, AccessTokenError.MissingHeaders, cors);
  const connector = context.connectors.findByToken(connectorToken);
  if (!connector) return sendMessagingError(response, 401, AccessTokenError.UnknownConnector, cors);
  const hostCheck = checkConnectorHost(connector, host);
  if (hostCheck === "no-host") return sendMessagingError(response, 401, AccessTokenError.MissingHostDomain, cors);
  if (hostCheck === "mismatch") return sendMessagingError(response, 401, AccessTokenError.HostMismatch, cors);
  if (answeredByRateLimit(context, request, response, `access-token:${connector.id}`)) return;
  let accessToken: string;
  try {
    accessToken = context.tokens.issue(connector.id, host);
  } catch {
    return sendMessagingError(response, 500, AccessTokenError.Internal, cors);
  }
  sendJson(
    response,
    200,
    { access_token: accessToken, expires_in: context.config.platform.tokenLifetime.expiresInSeconds, token_type: "Bearer" },
    cors,
  );
}

/** Reads `Authorization: Bearer <token>` and verifies it; answers the session-creation errors and returns undefined. */
function authorize(context: ServerContext, request: IncomingMessage, response: ServerResponse): AccessTokenClaims | undefined {
  const cors = corsHeaders(request);
  const authorization = headerValue(request, "Authorization");
  if (authorization === undefined) {
    sendMessagingError(response, 400, SessionCreateError.MissingToken, cors);
    return undefined;
  }
  const match = /^Bearer ([^\s]+)$/.exec(authorization.trim());
  if (!match?.[1]) {
    sendMessagingError(response, 401, SessionCreateError.MalformedHeader, cors);
    return undefined;
  }
  const claims = context.tokens.verify(match[1]);
  if (!claims || !context.connectors.findById(claims.connectorId)) {
    sendMessagingError(response, 401, SessionCreateError.InvalidToken, cors);
    return undefined;
  }
  return claims;
}

/** The session options of a `POST /api/v1/sessions` body, or undefined when it cannot be parsed. */
function readSessionOptions(text: string): { platform: string; streaming: boolean } | undefined {
  const body = parseJsonObject(text);
  if (body.kind === "invalid") return undefined;
  const fields = body.kind === "object" ? body.value : {};
  const platform = fields.platform ?? "web";
  const streaming = fields.streaming_enabled ?? false;
  if (typeof platform !== "string" || !(Platform as readonly string[]).includes(platform)) return undefined;
  if (typeof streaming !== "boolean") return undefined;
  return { platform, streaming };
}

/**
 * `POST /api/v1/sessions`: authorises the Bearer token, validates the optional body
 * (`platform` one of the listed names, `streaming_enabled` a boolean; an empty body means the defaults)
 * and creates a session bound to the token's connector.
 */
export async function handleCreateSession(context: ServerContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const cors = corsHeaders(request);
  const body = await readBody(request);
  if (answeredByFault(context, request, response, "sessions", SessionCreateError.Internal)) return;
  const claims = authorize(context, request, response);
  if (!claims) return;
  if (body.kind === "too-large") return sendMessagingError(response, 413, "Request body too large", cors);
  const options = readSessionOptions(body.text);
  if (!options) return sendMessagingError(response, 400, SessionCreateError.ParseError, cors);
  if (answeredByRateLimit(context, request, response, `sessions:${claims.connectorId}`)) return;
  let sessionId: string;
  try {
    sessionId = context.sessions.create({
      connectorId: claims.connectorId,
      tokenId: claims.tokenId,
      streaming: options.streaming,
      clientPlatform: options.platform,
      requestHost: headerValue(request, "Host"),
    }).id;
  } catch (error) {
    context.log(`session creation failed: ${error instanceof Error ? error.message : "unknown error"}`);
    return sendMessagingError(response, 500, SessionCreateError.Internal, cors);
  }
  sendJson(response, 200, { session_id: sessionId }, cors);
}
