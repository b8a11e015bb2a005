import {
  checkPositiveInteger,
  normalisePrefix,
  proxyDefaults,
  type ChatProxyConfig,
  type ChatProxyRoute,
} from "./configuration/proxy-config.ts";
import { configuredSecrets, rateLimitRulesOf, visitorCookieSettings } from "./configuration/proxy-settings.ts";
import { errorAnswer, type ProxyError } from "./http/answers.ts";
import { maximumJsonDepth } from "./http/json-object.ts";
import { readJsonBody } from "./http/request-body.ts";
import { createConsoleLogger, redactingLogger } from "./logging/logger.ts";
import { createRedactor } from "./logging/redaction.ts";
import { createRouteServices } from "./routes/route-services.ts";
import { RouteTable, type RouteDefinition } from "./routes/route-table.ts";
import { forwardedAsHttps, rateLimitSubject, resolveClientAddress } from "./security/client-address.ts";
import { corsHeaders, createOriginPolicy, preflightResponse } from "./security/origin-policy.ts";
import { MemoryRateLimitStore } from "./security/rate-limit-store.ts";
import { chargeRateLimits, numberCheck, rateLimitChecks, type RateLimitCheck, type RateLimitRefusal } from "./security/rate-limits.ts";
import { createSigner } from "./security/signing.ts";
import { VisitorCookies } from "./security/visitor-cookies.ts";

/** What the runtime knows about a request beyond the request itself. */
export interface RequestContext {
  /** The connection's peer address (the Node adapter passes it; Deno's `info.remoteAddr.hostname`, say). */
  clientAddress?: string;
}

/** A standard fetch handler serving the companion's routes, with the prefix it serves them under. */
export interface ChatProxy {
  (request: Request, context?: RequestContext): Promise<Response>;
  /** The path every route starts with ("" for the root). */
  readonly prefix: string;
}

/**
 * Creates the server companion: `{prefix}/chat/{create,respond,close}` proxies the Chat API with the
 * site's credentials and binds every conversation to the visitor who created it; `{prefix}/access-token`
 * exchanges the site's connector token for an access token; with Outbound Calling configured,
 * `{prefix}/callback` starts a call to the visitor's number and `{prefix}/callback/{handle}` answers its
 * status, to that visitor only; with DNI configured, `{prefix}/dni` reserves a number carrying the
 * conversation; with `onFeedback`, `{prefix}/feedback` hands it the visitors' choices on the answers. Each request passes, in order: the origin allowlist (403; preflights answered here; a
 * same-origin `GET`, which browsers send without `Origin`, passes when `Sec-Fetch-Site` says
 * `same-origin`), the method (405), `authorize` (403), the rate limits (429 with `Retry-After`), the body
 * limit (413) and JSON check (400, nesting included), ownership (403), then the route's fields (400);
 * only the fields the route knows go on to the platform, and its answer is read up to
 * `maxUpstreamBodyBytes` (else 502). Never throws for a request: a failure inside is a 500. Keeps no
 * state between requests but the rate limits' counters. Uses only web standards, so it runs on Node ≥ 20,
 * Workers, Deno, Bun and in Next.js route handlers. Throws at once on a configuration error.
 */
export function createChatProxy(config: ChatProxyConfig): ChatProxy {
  const prefix = normalisePrefix(config.prefix);
  if (!config.chat && !config.messaging && !config.outbound && !config.dni && !config.onFeedback) {
    throw new Error("createChatProxy needs chat, messaging, outbound, dni or onFeedback");
  }
  const now = config.now ?? Date.now;
  const signer = createSigner(config.signingSecret);
  const isAllowedOrigin = createOriginPolicy(config.allowedOrigins);
  const maxBodyBytes = checkPositiveInteger("maxBodyBytes", config.maxBodyBytes ?? proxyDefaults.maxBodyBytes);
  const maxAnswerBytes = checkPositiveInteger("maxUpstreamBodyBytes", config.maxUpstreamBodyBytes ?? proxyDefaults.maxUpstreamBodyBytes);
  const timeoutMilliseconds = checkPositiveInteger(
    "upstreamTimeoutMilliseconds",
    config.upstreamTimeoutMilliseconds ?? proxyDefaults.upstreamTimeoutMilliseconds,
  );
  const trustProxy = config.trustProxy ?? false;
  const fetchFunction = config.fetch ?? ((input, init) => fetch(input, init));
  const redact = createRedactor(configuredSecrets(config));
  const log = redactingLogger(config.logger ?? createConsoleLogger(), redact);
  const visitorCookies = new VisitorCookies(signer, visitorCookieSettings(config, prefix), now);
  const rateLimitRules = rateLimitRulesOf(config);
  const rateLimitStore = config.rateLimit?.store ?? new MemoryRateLimitStore({ now });
  const calls = { fetch: fetchFunction, timeoutMilliseconds, maxAnswerBytes, redact, log };
  const routes = new RouteTable(
    prefix,
    createRouteServices(config, calls, signer, async (number: string) =>
      charge(numberCheck(rateLimitRules, await signer.sign(`cap-chat callback number v1\n${number}`)), "callback"),
    ),
  );
  let addressWarningGiven = false;

  /** Charges `checks`; the refusal when one is spent. An unreachable shared store lets the request through. */
  async function charge(checks: readonly RateLimitCheck[], route: ChatProxyRoute): Promise<RateLimitRefusal | undefined> {
    try {
      return await chargeRateLimits(rateLimitStore, checks, now());
    } catch {
      // An unreachable shared store must not take the chat down with it.
      log({ level: "warn", event: "rate-limit-store-failed", route, message: "The rate-limit store failed; the request was let through" });
      return undefined;
    }
  }

  /** Charges the request's budgets; the refusal when one is spent. */
  function chargeBudgets(
    request: Request,
    context: RequestContext | undefined,
    visitorId: string | undefined,
    route: ChatProxyRoute,
  ): Promise<RateLimitRefusal | undefined> {
    const peer = typeof context?.clientAddress === "string" ? context.clientAddress : undefined;
    const address = rateLimitSubject(config.clientAddress?.(request) ?? undefined) ?? resolveClientAddress(request, peer, trustProxy);
    if (address === undefined && !addressWarningGiven) {
      addressWarningGiven = true;
      log({ level: "warn", event: "no-client-address", route, message: `The client's address is unknown: ${unknownAddressFix}` });
    }
    return charge(rateLimitChecks(rateLimitRules, route, visitorId, address), route);
  }

  async function serve(
    request: Request,
    context: RequestContext | undefined,
    definitions: readonly RouteDefinition[],
    parameter: string,
  ): Promise<Response> {
    const definition = definitions.find((candidate) => candidate.methods.includes(request.method)) ?? (definitions[0] as RouteDefinition);
    const { route, shape } = definition;
    const origin = request.headers.get("Origin");
    // Browsers send no Origin on a same-origin GET; Sec-Fetch-Site, which a page cannot set, says where it came from.
    const sameOriginRead = origin === null && request.method === "GET" && request.headers.get("Sec-Fetch-Site") === "same-origin";
    if (!sameOriginRead && !isAllowedOrigin(origin)) {
      log({
        level: "warn",
        event: "origin-refused",
        route,
        origin: origin ?? "(none)",
        message: "A request from an origin not allowed was refused",
      });
      return errorAnswer(shape, { status: 403, code: "ORIGIN_NOT_ALLOWED", message: "This origin may not use the chat" });
    }
    const methods = [...new Set(definitions.flatMap((candidate) => candidate.methods))];
    if (origin !== null && request.method === "OPTIONS")
      return preflightResponse(origin, methods, request.headers.get("Access-Control-Request-Headers"));
    const answer = await serveAllowed(request, context, definition, methods, parameter);
    return withHeaders(answer.response, origin === null ? {} : corsHeaders(origin), answer.setCookies);
  }

  async function serveAllowed(
    request: Request,
    context: RequestContext | undefined,
    definition: RouteDefinition,
    methods: readonly string[],
    parameter: string,
  ): Promise<{ response: Response; setCookies: string[] }> {
    const { route, shape } = definition;
    const refuse = (error: ProxyError) => errorAnswer(shape, error);
    if (!definition.methods.includes(request.method)) {
      const allow = methods.join(", ");
      return {
        response: refuse({ status: 405, code: "METHOD_NOT_ALLOWED", message: `Use ${allow}`, headers: { Allow: allow } }),
        setCookies: [],
      };
    }
    if (config.authorize && !(await config.authorize(request, route))) {
      return { response: refuse({ status: 403, code: "NOT_AUTHORIZED", message: "This visitor may not use the chat" }), setCookies: [] };
    }
    const secure =
      config.cookie?.secure === undefined || config.cookie.secure === "auto"
        ? new URL(request.url).protocol === "https:" || forwardedAsHttps(request, trustProxy)
        : config.cookie.secure;
    const identity = await visitorCookies.identify(request.headers.get("Cookie"), { mint: definition.mintsVisitor, secure });
    const answer = (response: Response) => ({ response, setCookies: identity.setCookies });
    const refusal = await chargeBudgets(request, context, identity.minted ? undefined : identity.visitors[0]?.id, route);
    if (refusal) {
      const message =
        refusal.scope === "unknown-address"
          ? `A request over the budget shared by requests of unknown address was refused: ${unknownAddressFix}`
          : `A request over the ${refusal.scope} rate limit was refused`;
      log({ level: "warn", event: "rate-limited", route, message });
      return answer(
        refuse({
          status: 429,
          code: "RATE_LIMITED",
          message: "Too many requests",
          headers: { "Retry-After": String(refusal.retryAfterSeconds) },
        }),
      );
    }
    if (identity.visitors.length === 0 && !definition.openToAll) {
      log({ level: "warn", event: "conversation-refused", route, message: "A request without a valid visitor cookie was refused" });
      return answer(
        refuse(
          route === "callback-status"
            ? { status: 403, code: "CALL_NOT_OWNED", message: "This call belongs to another visitor" }
            : { status: 403, code: "CONVERSATION_NOT_OWNED", message: "This conversation belongs to another visitor" },
        ),
      );
    }
    const body = await readJsonBody(request, maxBodyBytes);
    if (body.kind === "too-large")
      return answer(refuse({ status: 413, code: "PAYLOAD_TOO_LARGE", message: `The request body exceeds ${maxBodyBytes} bytes` }));
    if (body.kind === "too-deep")
      return answer(
        refuse({ status: 400, code: "INVALID_REQUEST", message: `The request body nests deeper than ${maximumJsonDepth} levels` }),
      );
    if (body.kind === "invalid")
      return answer(refuse({ status: 400, code: "INVALID_REQUEST", message: "The request body is not a JSON object" }));
    return answer(await definition.serve({ request, fields: body.fields, visitors: identity.visitors, parameter }));
  }

  const handler = async (request: Request, context?: RequestContext): Promise<Response> => {
    const started = now();
    const pathname = new URL(request.url).pathname;
    const found = routes.find(pathname);
    const route =
      found?.definitions.find((definition) => definition.methods.includes(request.method))?.route ?? found?.definitions[0]?.route;
    let response: Response;
    try {
      response = found
        ? await serve(request, context, found.definitions, found.parameter)
        : errorAnswer("messaging", { status: 404, message: "Not found" });
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : "unknown error";
      log({
        level: "error",
        event: "internal-error",
        route,
        message: `The request failed inside the companion (${detail})`,
      });
      response = errorAnswer(found?.definitions[0]?.shape ?? "messaging", {
        status: 500,
        code: "INTERNAL_ERROR",
        message: "The chat companion failed",
      });
    }
    log({
      level: "info",
      event: "request",
      route,
      method: request.method,
      status: response.status,
      durationMilliseconds: now() - started,
      // The path only up to the route: a call's handle is the visitor's, and stays out of the log.
      message: `${request.method} ${found?.parameter ? `${prefix}/callback/…` : pathname} answered ${response.status}`,
    });
    return response;
  };
  return Object.assign(handler, { prefix });
}

/** What a site does so that requests of unknown address stop sharing one budget. */
const unknownAddressFix =
  "requests without a visitor cookie share one rate-limit budget (rateLimit.unknownAddress); set clientAddress to read it from your platform's header (x-real-ip, CF-Connecting-IP, …), or trustProxy behind your own proxy";

/** The response with CORS headers and the visitor cookies added. */
function withHeaders(response: Response, headers: Record<string, string>, setCookies: readonly string[]): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}
