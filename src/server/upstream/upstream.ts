import { declaredLarger, readAtMost } from "../http/bounded-read.ts";
import { readJsonObject } from "../http/json-object.ts";

/** What a call to the platform gave: an answer (any status), an answer too large to read, or no answer at all. */
export type UpstreamResult =
  | { kind: "answer"; status: number; headers: Headers; text: string }
  | { kind: "too-large"; status: number }
  | { kind: "timeout" }
  | { kind: "unreachable" };

/** The `fetch` the companion calls the platform with. */
export type UpstreamFetch = (input: string, init: RequestInit) => Promise<Response>;

/** A body sent as it is, with its own type (a form, XML or plain text), rather than as JSON. */
export interface RawBody {
  text: string;
  contentType: string;
}

/** One call to the platform: where, how, and the limits its answer must keep to. */
export interface UpstreamCall {
  url: string;
  method: "GET" | "POST" | "PUT";
  headers: Record<string, string>;
  /** Sent as JSON (a GET sends none). */
  body?: unknown;
  /** Sent as it is instead of `body`. */
  raw?: RawBody;
  timeoutMilliseconds: number;
  /** An answer body larger than this is not read: the call is `too-large`. */
  maxAnswerBytes: number;
}

/**
 * One call to the platform, its body JSON unless given raw. Redirects are not followed: a redirect would
 * carry the credential headers to wherever it points. The answer is read as it streams, and given up on
 * (and the rest cancelled) past `maxAnswerBytes`, so a huge answer costs no more memory than the limit.
 * Never retried here: a failed call may still have acted on the platform, so whether to try again is the
 * client's decision. Throws only when `body` cannot be serialized, which is the companion's own fault,
 * not the platform's.
 */
export async function callUpstream(fetchFunction: UpstreamFetch, call: UpstreamCall): Promise<UpstreamResult> {
  const { raw } = call;
  const body = call.method === "GET" ? undefined : raw ? raw.text : JSON.stringify(call.body);
  const contentType = call.method === "GET" ? undefined : (raw?.contentType ?? "application/json");
  const signal = AbortSignal.timeout(call.timeoutMilliseconds);
  try {
    const response = await fetchFunction(call.url, {
      method: call.method,
      headers: { ...(contentType && { "Content-Type": contentType }), ...call.headers },
      ...(body !== undefined && { body }),
      redirect: "manual",
      signal,
    });
    if (declaredLarger(response.headers, call.maxAnswerBytes)) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "too-large", status: response.status };
    }
    const bytes = await readAtMost(response.body, call.maxAnswerBytes);
    if (bytes === "too-large") return { kind: "too-large", status: response.status };
    return { kind: "answer", status: response.status, headers: response.headers, text: new TextDecoder().decode(bytes) };
  } catch (error) {
    return isTimeout(error) || signal.aborted ? { kind: "timeout" } : { kind: "unreachable" };
  }
}

function isTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && "name" in error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** The answer's body as a JSON object, or undefined when it is anything else or nests too deeply to pass on. */
export function readObject(text: string): Record<string, unknown> | undefined {
  const reading = readJsonObject(text);
  return reading.kind === "object" ? reading.fields : undefined;
}
