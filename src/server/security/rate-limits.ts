import type { ChatProxyRoute } from "../configuration/proxy-config.ts";
import type { RateLimitRule, RateLimitStore } from "./rate-limit-store.ts";

/** The budgets a request may be charged to. */
export interface RateLimitRules {
  /** Every request of one requester: the visitor, or the address of a request without a visitor cookie. */
  visitor: RateLimitRule | false;
  /** Every request from one client address, whoever it claims to be. */
  address: RateLimitRule | false;
  /** `chat-create` requests of one requester. */
  create: RateLimitRule | false;
  /** `access-token` requests of one requester. */
  accessToken: RateLimitRule | false;
  /** All requests that prove no visitor and come from no known address, together. */
  unknownAddress: RateLimitRule | false;
  /** `callback` requests of one requester (of all requesters of unknown address together). */
  callback: RateLimitRule | false;
  /** `callback` requests from one client address. */
  callbackAddress: RateLimitRule | false;
  /** Calls to one number, charged by the callback route once the number is known (see `numberCheck`). */
  callbackNumber: RateLimitRule | false;
  /** `callback-status` requests of one requester, charged instead of `visitor`. */
  callbackStatus: RateLimitRule | false;
  /** `dni` requests of one requester (of all requesters of unknown address together). */
  dni: RateLimitRule | false;
}

/** Which budget refused: a rule's name. */
export type RateLimitScope =
  | "visitor"
  | "address"
  | "create"
  | "access-token"
  | "unknown-address"
  | "callback"
  | "callback-address"
  | "callback-number"
  | "callback-status"
  | "dni";

/** One budget to charge: its name, whose it is and its rule. */
export interface RateLimitCheck {
  scope: RateLimitScope;
  /** The visitor id, the client address, or a label standing for every requester of the scope. */
  subject: string;
  rule: RateLimitRule;
}

/** Why a request is refused: the spent budget and how long until its window ends. */
export interface RateLimitRefusal {
  scope: RateLimitScope;
  retryAfterSeconds: number;
}

/** Each route's own budget, beside the shared ones, and whether it costs money (then requesters of unknown address share it). */
const routeBudgets: Partial<Record<ChatProxyRoute, { scope: RateLimitScope; rule: keyof RateLimitRules; costly?: true }>> = {
  "chat-create": { scope: "create", rule: "create" },
  "access-token": { scope: "access-token", rule: "accessToken" },
  "callback-status": { scope: "callback-status", rule: "callbackStatus" },
  callback: { scope: "callback", rule: "callback", costly: true },
  dni: { scope: "dni", rule: "dni", costly: true },
};

/**
 * The budgets one request is charged to. Its requester is the visitor its cookie proves or, without
 * one, its address: a request without a cookie mints a new visitor each time, so only its address can
 * hold it to a budget. The requester is charged the visitor rule (`callbackStatus` instead on
 * `callback-status`) and its route's own rule; the address, when known, its rule too, and `callbackAddress`
 * on `callback`. A request that proves no visitor and has no known address has nothing of its own to
 * charge: it goes to the one budget all such requests share, and on a route that costs money (`callback`,
 * `dni`) to that route's budget, shared by all such requests too.
 */
export function rateLimitChecks(
  rules: RateLimitRules,
  route: ChatProxyRoute,
  visitorId: string | undefined,
  address: string | undefined,
): RateLimitCheck[] {
  const checks: RateLimitCheck[] = [];
  const add = (scope: RateLimitScope, subject: string, rule: RateLimitRule | false) => {
    if (rule) checks.push({ scope, subject, rule });
  };
  // "@" cannot start a visitor id, so an address standing in for a visitor never shares its counter.
  const requester = visitorId ?? (address === undefined ? undefined : `@${address}`);
  const own = routeBudgets[route];
  if (requester === undefined) {
    add("unknown-address", "all", rules.unknownAddress);
    if (own?.costly) add(own.scope, "unknown-address", rules[own.rule]);
    return checks;
  }
  if (route !== "callback-status") add("visitor", requester, rules.visitor);
  if (own) add(own.scope, requester, rules[own.rule]);
  if (address !== undefined) {
    add("address", address, rules.address);
    if (route === "callback") add("callback-address", address, rules.callbackAddress);
  }
  return checks;
}

/** The check of the calls to one number: `numberKey` is a keyed hash of it, so no store holds the number. */
export function numberCheck(rules: RateLimitRules, numberKey: string): RateLimitCheck[] {
  return rules.callbackNumber ? [{ scope: "callback-number", subject: numberKey, rule: rules.callbackNumber }] : [];
}

/**
 * Charges one request to every budget and returns the refusal with the longest wait when any is spent,
 * else undefined. Refused requests count too: a client that ignores `Retry-After` stays refused. A store
 * failure rejects.
 */
export async function chargeRateLimits(
  store: RateLimitStore,
  checks: readonly RateLimitCheck[],
  now: number,
): Promise<RateLimitRefusal | undefined> {
  const counts = await Promise.all(
    checks.map((check) =>
      store.increment(`cap-chat:${check.scope}:${check.rule.windowSeconds}:${check.subject}`, check.rule.windowSeconds * 1000),
    ),
  );
  let refusal: RateLimitRefusal | undefined;
  checks.forEach((check, index) => {
    const count = counts[index];
    if (!count || count.count <= check.rule.requests) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((count.resetAt - now) / 1000));
    if (!refusal || retryAfterSeconds > refusal.retryAfterSeconds) refusal = { scope: check.scope, retryAfterSeconds };
  });
  return refusal;
}
