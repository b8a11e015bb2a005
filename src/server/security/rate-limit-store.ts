/** A budget: at most `requests` in each fixed window of `windowSeconds`. */
export interface RateLimitRule {
  requests: number;
  windowSeconds: number;
}

/** A key's count in its current window. */
export interface RateLimitCount {
  /** Requests counted in the window so far, this one included. */
  count: number;
  /** When the window ends, in milliseconds since the epoch. */
  resetAt: number;
}

/**
 * Where rate-limit counters live. `increment` adds one request to `key` and resolves with the count of
 * the key's current fixed window, starting a new window of `windowMilliseconds` when none is running.
 * The in-memory default serves one instance; instances behind a load balancer share a store such as
 * Redis, where `INCR key`, `PEXPIRE key window NX` and `PTTL key` in one transaction implement it.
 */
export interface RateLimitStore {
  increment(key: string, windowMilliseconds: number): Promise<RateLimitCount> | RateLimitCount;
}

/** Options of the in-memory store. */
export interface MemoryRateLimitStoreOptions {
  /** Clock in milliseconds; `Date.now` by default. */
  now?: () => number;
  /** Keys kept at most; past it the oldest windows are dropped first. Default 100 000. */
  maximumKeys?: number;
}

/**
 * Fixed-window counters in a `Map`, for one process. Ended windows are swept at most once a minute and
 * whenever the key limit is reached, so memory stays bounded however many addresses call.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, RateLimitCount>();
  private readonly now: () => number;
  private readonly maximumKeys: number;
  private nextSweepAt = 0;

  constructor(options: MemoryRateLimitStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maximumKeys = options.maximumKeys ?? 100_000;
  }

  increment(key: string, windowMilliseconds: number): RateLimitCount {
    const now = this.now();
    if (now >= this.nextSweepAt || this.windows.size >= this.maximumKeys) this.sweep(now);
    const current = this.windows.get(key);
    if (current && current.resetAt > now) {
      current.count += 1;
      return { ...current };
    }
    // Deleted first so that the new window goes to the end of the Map's order, which is the age order.
    this.windows.delete(key);
    const started = { count: 1, resetAt: now + windowMilliseconds };
    this.windows.set(key, started);
    return { ...started };
  }

  /** Keys currently held (for tests and monitoring). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    this.nextSweepAt = now + 60_000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maximumKeys) break;
      this.windows.delete(key);
    }
  }
}
