import { declaredLarger, readAtMost } from "./bounded-read.ts";
import { readJsonObject } from "./json-object.ts";

/** A request body read under the size limit, parsed as a JSON object. */
export type RequestBody =
  | { kind: "object"; fields: Record<string, unknown> }
  | { kind: "too-large" }
  | { kind: "too-deep" }
  | { kind: "invalid" };

/**
 * Reads the body, refusing it as soon as it is known to exceed `maxBytes`: at once from
 * `Content-Length`, else while it streams in (the rest is then not read). An empty body is an empty
 * object; anything else must be UTF-8 JSON of an object, nested no deeper than `maximumJsonDepth`.
 * The `Content-Type` is not insisted on.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<RequestBody> {
  if (declaredLarger(request.headers, maxBytes)) return { kind: "too-large" };
  const bytes = await readAtMost(request.body, maxBytes);
  if (bytes === "too-large") return { kind: "too-large" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { kind: "invalid" };
  }
  if (text.trim() === "") return { kind: "object", fields: {} };
  return readJsonObject(text);
}
