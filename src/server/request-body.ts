/** A request body read under the size limit, parsed as a JSON object. */
export type RequestBody = { kind: "object"; fields: Record<string, unknown> } | { kind: "too-large" } | { kind: "invalid" };

/**
 * Reads the body, refusing it as soon as it is known to exceed `maxBytes`: at once from
 * `Content-Length`, else while it streams in (the rest is then not read). An empty body is an empty
 * object; anything else must be UTF-8 JSON of an object. The `Content-Type` is not insisted on.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<RequestBody> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) return { kind: "too-large" };
  const bytes = await readBytes(request, maxBytes);
  if (bytes === "too-large") return { kind: "too-large" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { kind: "invalid" };
  }
  if (text.trim() === "") return { kind: "object", fields: {} };
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? { kind: "object", fields: value as Record<string, unknown> }
      : { kind: "invalid" };
  } catch {
    return { kind: "invalid" };
  }
}

async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array | "too-large"> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Cancelling tells the runtime the rest is unwanted; the answer (413) still goes out.
      reader.cancel().catch(() => undefined);
      return "too-large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
