/**
 * The attributes of a link that leaves the page: it opens in a new browsing context that can neither reach back
 * to the page nor learn its address. Every link the widget draws from text it did not write carries them.
 */
export const EXTERNAL_LINK = { target: "_blank", rel: "noopener noreferrer" };

/** Schemes a link in agent text may use. */
const ALLOWED_SCHEME = /^(https?|mailto):/i;

/** Whitespace, control and invisible format characters: none belongs in a link we are willing to follow. */
const HIDDEN_CHARACTER = /[\s\p{Cc}\p{Cf}]/u;

/**
 * Checks a URL taken from untrusted text and returns it normalised, or null when it must not become a link.
 *
 * Accepted: absolute `http:`, `https:` and `mailto:` URLs, after trimming surrounding whitespace.
 * Refused: every other scheme (`javascript:`, `data:`, `vbscript:`…, in any letter case), protocol-relative
 * (`//host`) and relative URLs (agent text has no base we trust), URLs holding whitespace, control or
 * invisible format characters anywhere (`java\tscript:`), entity-encoded schemes (the scheme must be spelt
 * out literally), and URLs with credentials (`https://trusted.example@evil.example` misleads the reader).
 * Never throws.
 */
export function safeUrl(url: string): string | null {
  let checked = checkedUrls.get(url);
  if (checked === undefined) {
    if (checkedUrls.size >= keptUrls) checkedUrls.clear();
    checkedUrls.set(url, (checked = checkUrl(url)));
  }
  return checked;
}

/** URLs checked so far: a streaming message renders its unfinished paragraph, and its links, every frame. */
const checkedUrls = new Map<string, string | null>();
/** The most URLs kept; past it, the memory starts over. */
const keptUrls = 200;

function checkUrl(url: string): string | null {
  const candidate = url.trim();
  if (!ALLOWED_SCHEME.test(candidate) || HIDDEN_CHARACTER.test(candidate)) return null;
  try {
    const parsed = new URL(candidate);
    if (!ALLOWED_SCHEME.test(parsed.protocol) || parsed.username || parsed.password) return null;
    return parsed.href;
  } catch {
    return null;
  }
}
