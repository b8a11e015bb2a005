/** Which page origins may call: exact origins (`https://www.example.com`), or a predicate for anything else. */
export type OriginAllowlist = readonly string[] | ((origin: string) => boolean);

/**
 * The origin check. Browsers send `Origin` on every POST and PUT, same-origin ones included, so a request
 * without it is not a page's and is refused, as are the opaque origin `null` (sandboxed frames, files) and
 * any origin not allowed. Exact entries are compared after normalising (`HTTPS://Example.com:443` is
 * `https://example.com`); an entry that is not a plain http(s) origin is a configuration error.
 */
export function createOriginPolicy(allowlist: OriginAllowlist): (origin: string | null) => boolean {
  if (typeof allowlist === "function") return (origin) => origin !== null && origin !== "null" && allowlist(origin);
  if (!Array.isArray(allowlist) || allowlist.length === 0) throw new Error("allowedOrigins must list at least one origin");
  const allowed = new Set(allowlist.map(normaliseAllowedOrigin));
  return (origin) => {
    if (origin === null || origin === "null") return false;
    const normalised = normaliseOrigin(origin);
    return normalised !== undefined && allowed.has(normalised);
  };
}

function normaliseAllowedOrigin(entry: string): string {
  const normalised = typeof entry === "string" ? normaliseOrigin(entry.trim()) : undefined;
  if (normalised === undefined) {
    throw new Error(`allowedOrigins: "${String(entry)}" is not an origin such as https://www.example.com`);
  }
  return normalised;
}

/** `scheme://host[:port]` in canonical form, or undefined for anything that is not an http(s) origin. */
function normaliseOrigin(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) return undefined;
  return url.origin;
}

/** Headers every answer to an allowed origin carries, so the page may read it with credentials. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    // The client reads Retry-After to pace its retries; it is not a CORS-safelisted header.
    "Access-Control-Expose-Headers": "Retry-After",
    Vary: "Origin",
  };
}

/** A comma-separated list of header names, nothing else. */
const headerList = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*\s*$/;

/**
 * The answer to a preflight from an allowed origin: the route's methods, the requested headers (the
 * companion forwards none of them, so any may be sent), cached for ten minutes.
 */
export function preflightResponse(origin: string, methods: readonly string[], requestedHeaders: string | null): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      "Access-Control-Allow-Methods": methods.join(", "),
      "Access-Control-Allow-Headers": requestedHeaders && headerList.test(requestedHeaders) ? requestedHeaders.trim() : "Content-Type",
      "Access-Control-Max-Age": "600",
      Vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    },
  });
}
