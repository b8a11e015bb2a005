/** What a call to the platform gave: an answer (any status), or no answer at all. */
export type UpstreamResult =
  | { kind: "answer"; status: number; headers: Headers; text: string }
  | { kind: "timeout" }
  | { kind: "unreachable" };

/** The `fetch` the companion calls the platform with. */
export type UpstreamFetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * One JSON call to the platform. Redirects are not followed: a redirect would carry the credential
 * headers to wherever it points. Never retried here: a failed call may still have acted on the platform,
 * so whether to try again is the client's decision.
 */
export async function callUpstream(
  fetchFunction: UpstreamFetch,
  request: { url: string; method: "POST" | "PUT"; headers: Record<string, string>; body: unknown; timeoutMilliseconds: number },
): Promise<UpstreamResult> {
  try {
    const response = await fetchFunction(request.url, {
      method: request.method,
      headers: { "Content-Type": "application/json", ...request.headers },
      body: JSON.stringify(request.body),
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMilliseconds),
    });
    return { kind: "answer", status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    return isTimeout(error) ? { kind: "timeout" } : { kind: "unreachable" };
  }
}

function isTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && "name" in error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** The answer's body as a JSON object, or undefined when it is anything else. */
export function readObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
