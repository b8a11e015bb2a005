import type { RateLimitRule, RateLimitStore } from "./rate-limit-store.ts";

/** One budget to charge: whose it is and its rule. */
export interface RateLimitCheck {
  scope: "visitor" | "address";
  /** The visitor id or the client address. */
  subject: string;
  rule: RateLimitRule;
}

/** Why a request is refused: the spent budget and how long until its window ends. */
export interface RateLimitRefusal {
  scope: "visitor" | "address";
  retryAfterSeconds: number;
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
