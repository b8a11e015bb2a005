/** How many requests a key may make: `burst` at once, refilled at `perSecond`. */
export interface RateBudget {
  burst: number;
  perSecond: number;
}

/** The outcome of asking for one request: allowed, or refused with the seconds to wait. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A token bucket per key. Each `take` spends one token; an empty bucket refuses and says how many whole
 * seconds until a token is back (at least 1), which is what `Retry-After` carries.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly budget: RateBudget,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one token of `key`'s bucket if there is one. */
  take(key: string): RateDecision {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.budget.burst, updatedAt: now };
    const refilled = ((now - bucket.updatedAt) / 1000) * this.budget.perSecond;
    bucket.tokens = Math.min(this.budget.burst, bucket.tokens + refilled);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.budget.perSecond)) };
  }

  /** Forgets a key, e.g. when its session is gone. */
  forget(key: string): void {
    this.buckets.delete(key);
  }
}

/**
 * The server's budgets. HTTP: per connector and endpoint, 100 requests at once then 10 a second; a page
 * load needs two. Socket: per session, 200 client frames at once then 100 a second; a client sends one
 * heartbeat every 30 s and one frame per user action. Frames beyond it are dropped without notice.
 * Outbound calls: per account, 60 at once then one a second (the spec says limits exist, not which).
 */
export const rateBudgets = {
  http: { burst: 100, perSecond: 10 },
  socketFrames: { burst: 200, perSecond: 100 },
  outboundCalls: { burst: 60, perSecond: 1 },
} as const satisfies Record<string, RateBudget>;
