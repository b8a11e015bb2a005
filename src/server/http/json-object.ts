/** How deeply the companion lets JSON nest, in what it reads and what it sends: far beyond any real body, far within the stack. */
export const maximumJsonDepth = 64;

/** Text read as a JSON object: its fields, or why not. */
export type JsonObjectReading = { kind: "object"; fields: Record<string, unknown> } | { kind: "too-deep" } | { kind: "invalid" };

/**
 * Reads `text` as a JSON object. Text nesting arrays and objects deeper than `maxDepth` is refused before
 * it is parsed: a deep value would overflow the stack of whatever walks it next (`JSON.stringify` on its
 * way to the platform, say). Anything but an object (an array, a string, malformed JSON) is `invalid`.
 */
export function readJsonObject(text: string, maxDepth = maximumJsonDepth): JsonObjectReading {
  if (nestsDeeperThan(text, maxDepth)) return { kind: "too-deep" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "invalid" };
  }
  return isJsonObject(value) ? { kind: "object", fields: value } : { kind: "invalid" };
}

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One pass over the text: brackets inside strings do not count. */
function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return false;
}
