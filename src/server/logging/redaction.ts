/** Anything shaped like a JWT: three base64url parts, the first two starting as JSON objects do. */
const jwtPattern = /eyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;

/** Replaces every occurrence of the secrets (and anything shaped like an access token) with `[redacted]`. */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const present = [...new Set(secrets.filter((secret) => secret.length > 0))].sort((first, second) => second.length - first.length);
  return (text) => {
    let result = text.replace(jwtPattern, "[redacted]");
    for (const secret of present) result = result.split(secret).join("[redacted]");
    return result;
  };
}

/**
 * A parsed JSON value with `redact` applied to every string in it, names of fields included, so a
 * platform answer that echoes a credential passes on without it. The value's depth is bounded by the
 * parser's limit (`maximumJsonDepth`), so the walk is too.
 */
export function redactJson(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [redact(name), redactJson(item, redact)]));
  }
  return value;
}
