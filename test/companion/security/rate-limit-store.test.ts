import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore } from "../../../src/server/security/rate-limit-store.ts";
import { chargeRateLimits } from "../../../src/server/security/rate-limits.ts";

describe("MemoryRateLimitStore", () => {
  it("counts requests in a fixed window that starts with the first and ends a window later", () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore({ now: () => now });
    expect(store.increment("a", 10_000)).toEqual({ count: 1, resetAt: 1_010_000 });
    now += 4_000;
    expect(store.increment("a", 10_000)).toEqual({ count: 2, resetAt: 1_010_000 });
    expect(store.increment("b", 10_000)).toEqual({ count: 1, resetAt: 1_014_000 });
    now = 1_009_999;
    expect(store.increment("a", 10_000)).toEqual({ count: 3, resetAt: 1_010_000 });
    now = 1_010_000;
    expect(store.increment("a", 10_000)).toEqual({ count: 1, resetAt: 1_020_000 });
  });

  it("sweeps ended windows once a minute", () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now });
    for (let index = 0; index < 50; index += 1) store.increment(`address-${index}`, 1_000);
    expect(store.size).toBe(50);
    now = 30_000;
    store.increment("later", 1_000);
    expect(store.size).toBe(51);
    now = 60_000;
    store.increment("later", 1_000);
    expect(store.size).toBe(1);
  });

  it("holds at most maximumKeys, dropping the oldest windows first", () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now, maximumKeys: 3 });
    for (const key of ["a", "b", "c"]) {
      store.increment(key, 60_000);
      now += 1;
    }
    store.increment("d", 60_000);
    expect(store.size).toBe(3);
    expect(store.increment("a", 60_000).count).toBe(1);
    expect(store.increment("d", 60_000).count).toBe(2);
  });
});

describe("chargeRateLimits", () => {
  const visitorRule = { requests: 2, windowSeconds: 60 };
  const addressRule = { requests: 3, windowSeconds: 10 };

  it("charges every budget and refuses with the longest wait once any is spent", async () => {
    let now = 0;
    const store = new MemoryRateLimitStore({ now: () => now });
    const checks = [
      { scope: "visitor" as const, subject: "v1", rule: visitorRule },
      { scope: "address" as const, subject: "203.0.113.1", rule: addressRule },
    ];
    expect(await chargeRateLimits(store, checks, now)).toBeUndefined();
    now = 1_000;
    expect(await chargeRateLimits(store, checks, now)).toBeUndefined();
    now = 2_500;
    expect(await chargeRateLimits(store, checks, now)).toEqual({ scope: "visitor", retryAfterSeconds: 58 });
    now = 9_000;
    expect(await chargeRateLimits(store, checks, now)).toEqual({ scope: "visitor", retryAfterSeconds: 51 });
    now = 10_000;
    expect(await chargeRateLimits(store, [checks[1]!], now)).toBeUndefined();
  });

  it("never asks to wait less than a second", async () => {
    const now = 59_999;
    const store = new MemoryRateLimitStore({ now: () => 0 });
    const check = { scope: "visitor" as const, subject: "v", rule: { requests: 1, windowSeconds: 60 } };
    await chargeRateLimits(store, [check], 0);
    expect(await chargeRateLimits(store, [check], now)).toEqual({ scope: "visitor", retryAfterSeconds: 1 });
  });

  it("rejects when the store fails", async () => {
    const failing = { increment: () => Promise.reject(new Error("down")) };
    await expect(chargeRateLimits(failing, [{ scope: "address", subject: "a", rule: addressRule }], 0)).rejects.toThrow("down");
  });
});
