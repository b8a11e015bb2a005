import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HttpRequest, HttpResponse } from "../../../src/transport/environment.ts";
import { neverReached } from "../../../src/transport/chat-api/chat-api-calls.ts";
import { defaultRetryPolicy, parseRetryAfter, requestJson, type RetryPolicy } from "../../../src/transport/http/http-request.ts";
import { createTestEnvironment, NetworkSignals } from "../../support/test-environment.ts";

/** An answer of the fake server, or how its request fails. */
type Answer = { status: number; body?: unknown; retryAfter?: string } | "refused" | "reset";

/** Sends one request through `answers` (one per attempt) and records when each attempt went out. */
async function send(answers: Answer[], policy: RetryPolicy = defaultRetryPolicy, signals = new NetworkSignals()) {
  const attempts: { at: number; init: HttpRequest }[] = [];
  const environment = createTestEnvironment({
    signals,
    fetch: async (_url, init): Promise<HttpResponse> => {
      attempts.push({ at: Date.now(), init });
      const answer = answers[Math.min(attempts.length, answers.length) - 1] as Answer;
      if (answer === "refused") throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
      if (answer === "reset") throw new TypeError("Failed to fetch");
      return {
        status: answer.status,
        header: (name) => (name === "Retry-After" ? (answer.retryAfter ?? null) : null),
        text: async () => JSON.stringify(answer.body ?? {}),
      };
    },
  });
  const started = Date.now();
  const outcome = requestJson(environment, { url: "https://example.test/call", method: "POST", headers: {}, body: { a: 1 } }, policy).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(120_000);
  return { outcome: await outcome, waits: attempts.map((attempt) => attempt.at - started), attempts };
}

const unreached: RetryPolicy = { ...defaultRetryPolicy, repeats: neverReached };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("requestJson", () => {
  it("backs off on 5xx and network failures, and honours Retry-After on 429", async () => {
    const { outcome, waits } = await send([
      { status: 503 },
      "reset",
      { status: 429, retryAfter: "7" },
      { status: 200, body: { ok: true } },
    ]);
    expect(outcome).toEqual({ value: { ok: true } });
    expect(waits).toEqual([0, 1000, 3000, 10_000]);
  });

  it("waits at most a minute, whatever Retry-After asks, and reads it as seconds or a date", async () => {
    const { waits } = await send([
      { status: 429, retryAfter: "86400" },
      { status: 200, body: {} },
    ]);
    expect(waits).toEqual([0, 60_000]);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Fri, 02 Jan 2026 00:00:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("2.5", now)).toBe(2500);
  });

  it("reads the error body's text and code, and gives up on any other 4xx at once", async () => {
    const { outcome, attempts } = await send([
      { status: 400, body: { success: false, error_code: "CHAT_TIMEOUT", error_message: "Chat session exceeded the timeout limit." } },
    ]);
    expect(attempts).toHaveLength(1);
    expect((outcome as { error: unknown }).error).toMatchObject({
      kind: "http",
      status: 400,
      serverCode: "CHAT_TIMEOUT",
      serverMessage: "Chat session exceeded the timeout limit.",
    });
  });

  it("sends the site's cookies only when asked", async () => {
    const environment = createTestEnvironment({
      fetch: async (_url, init) => ({ status: 200, header: () => null, text: async () => JSON.stringify(init) }),
    });
    const plain = await requestJson(environment, { url: "/token", method: "POST", headers: {}, body: {} });
    const withCookies = await requestJson(environment, { url: "/token", method: "POST", headers: {}, body: {}, credentials: "include" });
    expect(plain).not.toHaveProperty("credentials");
    expect(withCookies).toMatchObject({ credentials: "include" });
  });
});

describe("requestJson for a request that must never be acted on twice", () => {
  it("repeats it when the connection was refused, or a 429 named its Retry-After", async () => {
    const { outcome, waits } = await send(["refused", { status: 429, retryAfter: "2" }, { status: 200, body: { ok: 1 } }], unreached);
    expect(outcome).toEqual({ value: { ok: 1 } });
    expect(waits).toEqual([0, 1000, 3000]);
  });

  it("never repeats it because the environment says it is offline: the request may have left before", async () => {
    const signals = new NetworkSignals();
    signals.online = false;
    const { attempts } = await send(["reset", "reset", "reset", "reset"], unreached, signals);
    expect(attempts).toHaveLength(1);
  });

  it.each<[string, Answer]>([
    ["a 5xx", { status: 502 }],
    ["a connection that failed after sending", "reset"],
    ["a 429 without Retry-After", { status: 429 }],
  ])("never repeats it after %s", async (_name, answer) => {
    const { attempts, outcome } = await send([answer, { status: 200 }], unreached);
    expect(attempts).toHaveLength(1);
    expect(outcome).toHaveProperty("error");
  });
});
