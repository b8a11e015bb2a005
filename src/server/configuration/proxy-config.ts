import type { ChatProxyLogger } from "../logging/logger.ts";
import type { ChatFeedback } from "../routes/feedback-route.ts";
import type { TrustProxy } from "../security/client-address.ts";
import type { OriginAllowlist } from "../security/origin-policy.ts";
import type { RateLimitRule, RateLimitStore } from "../security/rate-limit-store.ts";
import type { UpstreamFetch } from "../upstream/upstream.ts";

/** The routes the companion serves, as `authorize` and the logs name them. */
export type ChatProxyRoute =
  | "chat-create"
  | "chat-respond"
  | "chat-close"
  | "access-token"
  | "callback-settings"
  | "callback"
  | "callback-status"
  | "dni"
  | "feedback";

/** The Chat API the chat routes forward to. */
export interface ChatApiUpstream {
  /** The Chat API base ending in `/chat`: `https://…/v1/{account_id}/{project_id}/chat`. */
  url: string;
  /** Sent as `X-API-KEY`; never reaches the browser or a log. */
  apiKey: string;
  /** Sent as `X-TOKEN`; never reaches the browser or a log. */
  token: string;
}

/** The Messaging connector the token route exchanges for access tokens. */
export interface MessagingUpstream {
  /** The Messaging API host, `https://us-1.…` (the path `/api/v1/access-token` is added). */
  url: string;
  /** Sent as `X-Token`; never reaches the browser or a log. */
  connectorToken: string;
  /** Sent as `X-Host`: the web origin's host name or app namespace registered for the connector. */
  host: string;
}

/** The platform's Outbound Calling, which `{prefix}/callback` starts calls through. */
export interface OutboundUpstream {
  /** The platform's `{base_url}`, `https://…` (the path `/v1/outbound-calling` is added). */
  url: string;
  /** Sent as `X-Service-Auth-Token`; never reaches the browser or a log. */
  serviceAuthToken: string;
  /** The site's own calling code, such as `+44`: the widget's phone field starts with it. Default `+1`. */
  callingCode?: string;
  /**
   * What a callback number must start with: calling codes (`+44`) or longer prefixes (`+1415`). Default
   * `+1` and `callingCode`. A call costs money, and calls to premium numbers abroad are how toll fraud pays.
   */
  allowedCallingCodes?: readonly string[];
}

/** The platform's DNI API, which `{prefix}/dni` reserves numbers through. */
export interface DniUpstream {
  /** The platform's `{base_url}`, `https://…` (the path `/v1/conversations/dni-reservation` is added). */
  url: string;
  /** Sent as `x-api-key`; never reaches the browser or a log. */
  apiKey: string;
}

/** The platform's External Events API, which `sendExternalEvent` sends the site's workflow results to. */
export interface ExternalEventsUpstream {
  /** The platform's `{base_url}`, `https://…` (the path `/v1/external-events/webhook` is added). */
  url: string;
  /** Sent as `X-Api-Key`; never reaches a log or an error. */
  apiKey: string;
  accountId: string;
  projectId: string;
}

/** Configuration of `createChatProxy`. Only `allowedOrigins`, `signingSecret` and one upstream are required. */
export interface ChatProxyConfig {
  /** Path the routes live under: `{prefix}/chat/{create,respond,close}`, `{prefix}/access-token`. Default `/cap-chat`. */
  prefix?: string;
  /** Page origins that may call, e.g. `["https://www.example.com"]`, or a predicate. Required. */
  allowedOrigins: OriginAllowlist;
  /**
   * Signs visitor cookies and conversation handles: at least 32 random characters, the same on every
   * instance. A list rotates secrets: the first signs, all verify. Rotate in three rollouts so that no
   * instance meets a cookie it cannot verify: `[old, new]`, then `[new, old]`, then `[new]`.
   */
  signingSecret: string | readonly string[];
  /** Serves `{prefix}/chat/*` when set. */
  chat?: ChatApiUpstream;
  /** Serves `{prefix}/access-token` when set. */
  messaging?: MessagingUpstream;
  /** Serves `{prefix}/callback` (`GET` for its settings, `POST` to be called) and `{prefix}/callback/{handle}` when set. */
  outbound?: OutboundUpstream;
  /** Serves `{prefix}/dni` when set. */
  dni?: DniUpstream;
  /** What `sendExternalEvent` sends to; the routes do not use it. */
  externalEvents?: ExternalEventsUpstream;
  /**
   * Serves `POST {prefix}/feedback` when set: each helpful / not helpful choice a visitor makes on the
   * agent's answers (with its comment, and the conversation's attributes) reaches this hook once checked,
   * so a site can record feedback without an endpoint of its own. The route answers 204 once the hook has
   * settled, 500 when it throws or rejects.
   */
  onFeedback?: (feedback: ChatFeedback, request: Request) => void | Promise<void>;
  /** Largest request body accepted, in bytes; larger gets 413. Default 32 768. */
  maxBodyBytes?: number;
  /**
   * Largest platform answer read, in bytes; a larger one is cut off as it streams in (never buffered)
   * and the page gets 502. Default 1 048 576.
   */
  maxUpstreamBodyBytes?: number;
  /**
   * Budgets; a spent one gets 429 with `Retry-After`. A request is charged to its visitor (the cookie's)
   * or, when it brings no valid cookie, to its address: `visitor` on every route, plus `create` on
   * `chat-create` and `accessToken` on `access-token`. Every request from a known address is also charged
   * to `address`. Requests with neither a cookie nor a known address share the one `unknownAddress`
   * budget: give the companion the client's address (`clientAddress`, `trustProxy`, or the Node adapter)
   * so that one visitor cannot spend it for all. Defaults a minute: 30 per visitor, 120 per address, 10
   * creates and 20 access tokens per visitor, 60 for all requests of unknown address. `false` turns one
   * off. `store` holds the counters: in memory by default, shared (Redis, …) across instances.
   *
   * The voice routes have budgets of their own, since a call costs money: `callback`, 3 calls an hour
   * per visitor (shared by every request of unknown address); `callbackAddress`, 10 an hour per address;
   * `callbackNumber`, 3 a day to any one number, counted by a keyed hash of it; `callbackStatus`, 60
   * status reads a minute per visitor (instead of `visitor`: a call's progress is read every few seconds);
   * `dni`, 5 reservations an hour per visitor.
   */
  rateLimit?: {
    visitor?: RateLimitRule | false;
    address?: RateLimitRule | false;
    create?: RateLimitRule | false;
    accessToken?: RateLimitRule | false;
    unknownAddress?: RateLimitRule | false;
    callback?: RateLimitRule | false;
    callbackAddress?: RateLimitRule | false;
    callbackNumber?: RateLimitRule | false;
    callbackStatus?: RateLimitRule | false;
    dni?: RateLimitRule | false;
    store?: RateLimitStore;
  };
  /**
   * The visitor cookie: name prefix (default `cap-chat-visitor`), lifetime (default a day, renewed while
   * in use), `SameSite` (default `Strict`; `None` needs https), and `Secure` (default `auto`: when the
   * request came over https, as seen directly or, with `trustProxy`, through `X-Forwarded-Proto`).
   */
  cookie?: { name?: string; lifetimeSeconds?: number; sameSite?: "Strict" | "Lax" | "None"; secure?: boolean | "auto" };
  /** Which proxies may name the client in `X-Forwarded-For` and `X-Forwarded-Proto`. Default `false`. */
  trustProxy?: TrustProxy;
  /**
   * The client's address from the request (e.g. `CF-Connecting-IP`), over the adapter's and
   * `trustProxy`'s; an IPv6 address counts by its /64. Nothing or "" falls back to those.
   */
  clientAddress?: (request: Request) => string | undefined;
  /** Asked before every call (after the origin check); `false` answers 403. Default: every visitor may chat. */
  authorize?: (request: Request, route: ChatProxyRoute) => boolean | Promise<boolean>;
  /**
   * Attributes the site vouches for (the signed-in customer, say), set at the top level of
   * `integration_attributes` on create, and of a DNI reservation's `attributes` and a callback's
   * `metadata`, over anything the page sent, so a visitor cannot forge them. A vouched `context` object
   * is merged over the page's `context` field by field.
   */
  integrationAttributes?: (request: Request) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;
  /**
   * Top-level fields of the page's `integration_attributes` passed on to the platform. Default none: of
   * what the page sends only `context` (a JSON object of at most 4 KB) is passed on, since a visitor can
   * put anything in the page's fields.
   */
  pageAttributes?: readonly string[];
  /** How long a platform call may take before the answer is 504. Default 60 000. */
  upstreamTimeoutMilliseconds?: number;
  /** Receives log entries; default one JSON line per entry on the console. */
  logger?: ChatProxyLogger;
  /** The `fetch` used to call the platform; default the global one. */
  fetch?: UpstreamFetch;
  /** Clock in milliseconds; default `Date.now`. */
  now?: () => number;
}

/** Defaults of the optional settings. */
export const proxyDefaults = {
  prefix: "/cap-chat",
  maxBodyBytes: 32_768,
  maxUpstreamBodyBytes: 1_048_576,
  visitorRateLimit: { requests: 30, windowSeconds: 60 },
  addressRateLimit: { requests: 120, windowSeconds: 60 },
  createRateLimit: { requests: 10, windowSeconds: 60 },
  accessTokenRateLimit: { requests: 20, windowSeconds: 60 },
  unknownAddressRateLimit: { requests: 60, windowSeconds: 60 },
  callbackRateLimit: { requests: 3, windowSeconds: 3600 },
  callbackAddressRateLimit: { requests: 10, windowSeconds: 3600 },
  callbackNumberRateLimit: { requests: 3, windowSeconds: 86_400 },
  callbackStatusRateLimit: { requests: 60, windowSeconds: 60 },
  dniRateLimit: { requests: 5, windowSeconds: 3600 },
  callingCode: "+1",
  cookieName: "cap-chat-visitor",
  cookieLifetimeSeconds: 86_400,
  upstreamTimeoutMilliseconds: 60_000,
} as const;

/** The prefix without a trailing slash; "" serves the routes at the root. Refuses anything not a path. */
export function normalisePrefix(prefix: string | undefined): string {
  const value = (prefix ?? proxyDefaults.prefix).replace(/\/+$/, "");
  if (value !== "" && !/^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/.test(value))
    throw new Error(`prefix must be a path such as /cap-chat, not ${prefix}`);
  return value;
}

/**
 * Checks a platform URL and returns it without trailing slashes: https, or plain http to a loopback host
 * only, so the credentials never cross a network in clear.
 */
export function checkUpstreamUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, not ${JSON.stringify(value)}`);
  }
  const loopback = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw new Error(`${name} must use https (plain http only to a loopback host): ${url.origin}`);
  }
  return value.replace(/\/+$/, "");
}

/** Throws unless `value` is a non-empty string: an empty credential is a configuration mistake. */
export function checkText(name: string, value: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new Error(`${name} is required`);
  return value;
}

/** Throws unless `value` is a positive whole number. */
export function checkPositiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not ${value}`);
  return value;
}

/** Throws unless `value` is a list of non-empty strings; the set of them. */
export function checkFieldNames(name: string, value: readonly string[]): ReadonlySet<string> {
  if (!Array.isArray(value) || value.some((field) => typeof field !== "string" || field === "")) {
    throw new Error(`${name} must be a list of field names`);
  }
  return new Set(value);
}
