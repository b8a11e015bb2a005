import type { ChatProxyRoute } from "./proxy-config.ts";
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
}

/** Which budget refused: a rule's name. */
export type RateLimitScope = "visitor" | "address" | "create" | "access-token" | "unknown-address";

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

/**
 * The budgets one request is charged to. Its requester is the visitor its cookie proves or, without
 * one, its address: a request without a cookie mints a new visitor each time, so only its address can
 * hold it to a budget. The requester is charged the visitor rule and, on `chat-create` and
 * `access-token`, that route's own rule; the address, when known, its rule too. A request that proves no
 * visitor and has no known address has nothing of its own to charge: it goes to the one budget all
 * such requests share.
 */
export function rateLimitChecks(
  rules: RateLimitRules,
  route: ChatProxyRoute,
  visitorId: string | undefined,
  address: string | undefined,
): RateLimitCheck[] {
  const checks: RateLimitCheck[] = [];
  // "@" cannot start a visitor id, so an address standing in for a visitor never shares its counter.
  const requester = visitorId ?? (address === undefined ? undefined : `@${address}`);
  if (requester === undefined) {
    if (rules.unknownAddress) checks.push({ scope: "unknown-address", subject: "all", rule: rules.unknownAddress });
    return checks;
  }
  if (rules.visitor) checks.push({ scope: "visitor", subject: requester, rule: rules.visitor });
  const routeRule = route === "chat-create" ? rules.create : route === "access-token" ? rules.accessToken : false;
  if (routeRule) checks.push({ scope: route === "chat-create" ? "create" : "access-token", subject: requester, rule: routeRule });
  if (rules.address && address !== undefined) checks.push({ scope: "address", subject: address, rule: rules.address });
  return checks;
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
