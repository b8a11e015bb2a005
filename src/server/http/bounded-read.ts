/**
 * Reads a byte stream whole, unless it runs past `maxBytes`: then it stops at once, cancels the rest (so
 * the sender is told it is unwanted) and answers `too-large`. Memory never holds more than `maxBytes`
 * plus one chunk, however much the sender has.
 */
export async function readAtMost(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | "too-large"> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
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

/** Whether a `Content-Length` header already says the body is larger than `maxBytes`. */
export function declaredLarger(headers: Headers, maxBytes: number): boolean {
  const declared = Number(headers.get("Content-Length") ?? "");
  return Number.isFinite(declared) && declared > maxBytes;
}
