import type { ChatAction } from "../protocol/index.ts";
import { errorAnswer, type ErrorShape, type ProxyError } from "./answers.ts";
import { serveChatAction, type ChatRouteContext } from "./chat-routes.ts";
import { forwardedAsHttps, rateLimitSubject, resolveClientAddress } from "./client-address.ts";
import { ConversationHandles } from "./conversation-handles.ts";
import { maximumJsonDepth } from "./json-object.ts";
import { createConsoleLogger, redactingLogger } from "./logger.ts";
import { corsHeaders, createOriginPolicy, preflightResponse } from "./origin-policy.ts";
import {
  checkPositiveInteger,
  checkFieldNames,
  checkText,
  checkUpstreamUrl,
  normalisePrefix,
  proxyDefaults,
  type ChatProxyConfig,
  type ChatProxyRoute,
} from "./proxy-config.ts";
import { MemoryRateLimitStore } from "./rate-limit-store.ts";
import { chargeRateLimits, rateLimitChecks, type RateLimitRefusal, type RateLimitRules } from "./rate-limits.ts";
import { createRedactor } from "./redaction.ts";
import { readJsonBody } from "./request-body.ts";
import { createSigner } from "./signing.ts";
import { serveAccessToken, type TokenRouteContext } from "./token-route.ts";
import { VisitorCookies, type Visitor } from "./visitor-cookies.ts";

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

interface RouteDefinition {
  route: ChatProxyRoute;
  shape: ErrorShape;
  methods: readonly string[];
  /** Whether a request proving no visitor gets a new one (else it can own nothing). */
  mintsVisitor: boolean;
  action?: ChatAction;
}

/**
 * Creates the server companion: `{prefix}/chat/{create,respond,close}` proxies the Chat API with the
 * site's credentials and binds every conversation to the visitor who created it; `{prefix}/access-token`
 * exchanges the site's connector token for an access token. Each request passes, in order: the origin
 * allowlist (403; preflights answered here), the method (405), `authorize` (403), the rate limits (429
 * with `Retry-After`), the body limit (413) and JSON check (400, nesting included), ownership (403), then
 * the route's fields (400); only the fields the route knows go on to the platform, and its answer is read
 * up to `maxUpstreamBodyBytes` (else 502). Never throws for a request: a failure inside is a 500. Uses
 * only web standards, so it runs on Node ≥ 20, Workers, Deno, Bun and in Next.js route handlers. Throws
 * at once on a configuration error.
 */
export function createChatProxy(config: ChatProxyConfig): ChatProxy {
  const prefix = normalisePrefix(config.prefix);
  if (!config.chat && !config.messaging) throw new Error("createChatProxy needs chat, messaging or both");
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
  const redact = createRedactor([
    ...(typeof config.signingSecret === "string" ? [config.signingSecret] : config.signingSecret),
    config.chat?.apiKey ?? "",
    config.chat?.token ?? "",
    config.messaging?.connectorToken ?? "",
  ]);
  const log = redactingLogger(config.logger ?? createConsoleLogger(), redact);
  const cookieSettings = {
    name: config.cookie?.name ?? proxyDefaults.cookieName,
    path: prefix === "" ? "/" : prefix,
    lifetimeSeconds: checkPositiveInteger("cookie.lifetimeSeconds", config.cookie?.lifetimeSeconds ?? proxyDefaults.cookieLifetimeSeconds),
    sameSite: config.cookie?.sameSite ?? "Strict",
  } as const;
  if (!/^[A-Za-z0-9_-]+$/.test(cookieSettings.name)) throw new Error("cookie.name may hold only letters, digits, - and _");
  const visitorCookies = new VisitorCookies(signer, cookieSettings, now);
  const rateLimitRules: RateLimitRules = {
    visitor: config.rateLimit?.visitor ?? proxyDefaults.visitorRateLimit,
    address: config.rateLimit?.address ?? proxyDefaults.addressRateLimit,
    create: config.rateLimit?.create ?? proxyDefaults.createRateLimit,
    accessToken: config.rateLimit?.accessToken ?? proxyDefaults.accessTokenRateLimit,
    unknownAddress: config.rateLimit?.unknownAddress ?? proxyDefaults.unknownAddressRateLimit,
  };
  const rateLimitStore = config.rateLimit?.store ?? new MemoryRateLimitStore({ now });
  const chatContext: ChatRouteContext | undefined = config.chat && {
    upstream: {
      url: checkUpstreamUrl("chat.url", config.chat.url),
      apiKey: checkText("chat.apiKey", config.chat.apiKey),
      token: checkText("chat.token", config.chat.token),
    },
    fetch: fetchFunction,
    timeoutMilliseconds,
    maxAnswerBytes,
    handles: new ConversationHandles(signer),
    integrationAttributes: config.integrationAttributes,
    pageAttributes: checkFieldNames("pageAttributes", config.pageAttributes ?? []),
    redact,
    log,
  };
  const tokenContext: TokenRouteContext | undefined = config.messaging && {
    upstream: {
      url: checkUpstreamUrl("messaging.url", config.messaging.url),
      connectorToken: checkText("messaging.connectorToken", config.messaging.connectorToken),
      host: checkText("messaging.host", config.messaging.host),
    },
    fetch: fetchFunction,
    timeoutMilliseconds,
    maxAnswerBytes,
    redact,
    log,
  };
  const routes = routeTable(prefix, chatContext !== undefined, tokenContext !== undefined);
  let addressWarningGiven = false;

  /** Charges the request's budgets; the refusal when one is spent. */
  async function chargeBudgets(
    request: Request,
    context: RequestContext | undefined,
    visitor: Visitor | undefined,
    route: ChatProxyRoute,
  ): Promise<RateLimitRefusal | undefined> {
    const peer = typeof context?.clientAddress === "string" ? context.clientAddress : undefined;
    const address = rateLimitSubject(config.clientAddress?.(request) ?? undefined) ?? resolveClientAddress(request, peer, trustProxy);
    if (address === undefined && !addressWarningGiven) {
      addressWarningGiven = true;
      log({ level: "warn", event: "no-client-address", route, message: `The client's address is unknown: ${unknownAddressFix}` });
    }
    try {
      return await chargeRateLimits(rateLimitStore, rateLimitChecks(rateLimitRules, route, visitor?.id, address), now());
    } catch {
      // An unreachable shared store must not take the chat down with it.
      log({ level: "warn", event: "rate-limit-store-failed", route, message: "The rate-limit store failed; the request was let through" });
      return undefined;
    }
  }

  async function serve(request: Request, context: RequestContext | undefined, definition: RouteDefinition): Promise<Response> {
    const { route, shape } = definition;
    const refuse = (error: ProxyError) => errorAnswer(shape, error);
    const origin = request.headers.get("Origin");
    if (!isAllowedOrigin(origin)) {
      log({
        level: "warn",
        event: "origin-refused",
        route,
        origin: origin ?? "(none)",
        message: "A request from an origin not allowed was refused",
      });
      return refuse({ status: 403, code: "ORIGIN_NOT_ALLOWED", message: "This origin may not use the chat" });
    }
    const allowedOrigin = origin as string;
    if (request.method === "OPTIONS")
      return preflightResponse(allowedOrigin, definition.methods, request.headers.get("Access-Control-Request-Headers"));
    const answer = await serveAllowed(request, context, definition);
    return withHeaders(answer.response, corsHeaders(allowedOrigin), answer.setCookies);
  }

  async function serveAllowed(
    request: Request,
    context: RequestContext | undefined,
    definition: RouteDefinition,
  ): Promise<{ response: Response; setCookies: string[] }> {
    const { route, shape } = definition;
    const refuse = (error: ProxyError) => errorAnswer(shape, error);
    if (!definition.methods.includes(request.method)) {
      const allow = definition.methods.join(", ");
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
    const refusal = await chargeBudgets(request, context, identity.minted ? undefined : identity.visitors[0], route);
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
    if (identity.visitors.length === 0) {
      log({ level: "warn", event: "conversation-refused", route, message: "A request without a valid visitor cookie was refused" });
      return answer(refuse({ status: 403, code: "CONVERSATION_NOT_OWNED", message: "This conversation belongs to another visitor" }));
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
    if (definition.action && chatContext)
      return answer(await serveChatAction(chatContext, definition.action, request, body.fields, identity.visitors));
    return answer(await serveAccessToken(tokenContext as TokenRouteContext));
  }

  const handler = async (request: Request, context?: RequestContext): Promise<Response> => {
    const started = now();
    const pathname = new URL(request.url).pathname;
    const definition = routes.get(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
    let response: Response;
    try {
      response = definition ? await serve(request, context, definition) : errorAnswer("messaging", { status: 404, message: "Not found" });
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : "unknown error";
      log({
        level: "error",
        event: "internal-error",
        route: definition?.route,
        message: `The request failed inside the companion (${detail})`,
      });
      response = errorAnswer(definition?.shape ?? "messaging", {
        status: 500,
        code: "INTERNAL_ERROR",
        message: "The chat companion failed",
      });
    }
    log({
      level: "info",
      event: "request",
      route: definition?.route,
      method: request.method,
      status: response.status,
      durationMilliseconds: now() - started,
      message: `${request.method} ${pathname} answered ${response.status}`,
    });
    return response;
  };
  return Object.assign(handler, { prefix });
}

/** What a site does so that requests of unknown address stop sharing one budget. */
const unknownAddressFix =
  "requests without a visitor cookie share one rate-limit budget (rateLimit.unknownAddress); set clientAddress to read it from your platform's header (x-real-ip, CF-Connecting-IP, …), or trustProxy behind your own proxy";

/** The routes served, by exact path: the chat routes when the Chat API is configured, the token route when Messaging is. */
function routeTable(prefix: string, chat: boolean, messaging: boolean): Map<string, RouteDefinition> {
  const routes = new Map<string, RouteDefinition>();
  if (chat) {
    routes.set(`${prefix}/chat/create`, { route: "chat-create", shape: "chat", methods: ["POST"], mintsVisitor: true, action: "create" });
    routes.set(`${prefix}/chat/respond`, {
      route: "chat-respond",
      shape: "chat",
      methods: ["POST"],
      mintsVisitor: false,
      action: "respond",
    });
    // The platform's close is a PUT; a POST is accepted too, and forwarded as the PUT it must be.
    routes.set(`${prefix}/chat/close`, {
      route: "chat-close",
      shape: "chat",
      methods: ["PUT", "POST"],
      mintsVisitor: false,
      action: "close",
    });
  }
  if (messaging) routes.set(`${prefix}/access-token`, { route: "access-token", shape: "messaging", methods: ["POST"], mintsVisitor: true });
  return routes;
}

/** The response with CORS headers and the visitor cookies added. */
function withHeaders(response: Response, headers: Record<string, string>, setCookies: readonly string[]): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
}
