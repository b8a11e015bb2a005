import type { Environment } from "../environment.ts";
import { ChatError, HttpError, isChatError, isHttpError, toChatError } from "../errors.ts";

export interface JsonRequest {
  url: string;
  method: "POST" | "PUT";
  headers: Record<string, string>;
  body: unknown;
  /** `include` sends the site's cookies along (its own token endpoint). */
  credentials?: "include";
}

export interface RetryPolicy {
  /** Total attempts, the first included. */
  maxAttempts: number;
  /** First backoff after a 5xx or network failure; doubles each time. */
  baseDelayMilliseconds: number;
  maxDelayMilliseconds: number;
  /** Asked before every wait and attempt; a `true` abandons the request (the promise rejects). */
  isCancelled?: () => boolean;
  /**
   * Asked of each failure that would be tried again (`thrown` is what `fetch` threw, null for an HTTP
   * answer); `false` makes it final. A request that must never be acted on twice (a Chat API turn, whose
   * rule `neverReached` is loaded with the Chat API) is repeated only when it provably never arrived.
   */
  repeats?: (error: ChatError, thrown: unknown) => boolean;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 4, baseDelayMilliseconds: 1000, maxDelayMilliseconds: 30000 };

/**
 * Sends one JSON request with the platform's HTTP discipline: a 429 waits for `Retry-After` (or the
 * backoff when absent) and never retries sooner; a 5xx or a network failure backs off exponentially with
 * ±20 % jitter, never sooner than a `Retry-After` it carried; any other 4xx is final (`repeats` may
 * narrow what is repeated). Resolves with the parsed body of a 2xx answer; rejects with an `HttpError`
 * (status, the body's error text and code) or a `network` ChatError once the attempts are spent.
 */
export async function requestJson(
  environment: Environment,
  request: JsonRequest,
  policy: RetryPolicy = defaultRetryPolicy,
): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    if (policy.isCancelled?.()) throw new ChatError("network", "network-failure");
    let error: ChatError;
    let thrown: unknown = null;
    try {
      const init = {
        method: request.method,
        headers: { "Content-Type": "application/json", ...request.headers },
        body: JSON.stringify(request.body ?? {}),
      };
      const response = await environment.fetch(request.url, request.credentials ? { ...init, credentials: request.credentials } : init);
      const text = await response.text();
      const status = response.status;
      if (status >= 200 && status < 300) return parseBody(text);
      const body = readErrorBody(text);
      error = new HttpError(status, body.message, parseRetryAfter(response.header("Retry-After"), environment.now()), body.code);
    } catch (caught) {
      // A 2xx whose body could not be read was still acted on by the server: sending it again could act twice.
      if (isChatError(caught) && caught.kind === "protocol") throw caught;
      thrown = caught;
      error = toChatError(caught);
    }
    const retryAfter = isHttpError(error) ? error.retryAfterMilliseconds : null;
    if (isHttpError(error) && !isRetryableStatus(error.status)) throw error;
    if (attempt >= policy.maxAttempts || policy.repeats?.(error, thrown) === false) throw error;
    const backoff = backoffDelay(attempt, policy.baseDelayMilliseconds, policy.maxDelayMilliseconds, environment.random);
    // Retry-After is a floor: the platform asks never to come back sooner.
    const wait = retryAfter === null ? backoff : Math.max(retryAfter, (error as HttpError).status === 429 ? 0 : backoff);
    await new Promise((resolve) => environment.setTimeout(() => resolve(undefined), wait));
  }
}

/** 429, 5xx: worth another try. Every other failure status is final. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** The longest wait a `Retry-After` may impose: a mistaken hour or date never leaves the visitor stuck. */
export const maxRetryAfterMilliseconds = 60_000;

/**
 * Reads `Retry-After` (seconds or an HTTP date) as milliseconds from now, at most
 * `maxRetryAfterMilliseconds`; null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  const date = Date.parse(value);
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : Number.isNaN(date) ? null : date - now;
  return wait === null ? null : Math.min(maxRetryAfterMilliseconds, Math.max(0, wait));
}

/** Exponential backoff from `base`, doubling per attempt up to `max`, with ±20 % jitter. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number): number {
  return Math.round(Math.min(max, base * 2 ** Math.max(0, attempt - 1)) * (0.8 + 0.4 * random()));
}

function parseBody(text: string): unknown {
  try {
    return text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ChatError("protocol", "invalid-answer");
  }
}

/** The text and code of either API's error body: `{message}` (Messaging) or `{error_message, error_code}` (Chat API). */
function readErrorBody(text: string): { message: string | null; code: string | null } {
  const read = (value: unknown) => (typeof value === "string" ? value : null);
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return { message: read(body.message ?? body.error_message), code: read(body.error_code) };
  } catch {
    // A body that is not JSON carries no error text worth reading.
    return { message: null, code: null };
  }
}
