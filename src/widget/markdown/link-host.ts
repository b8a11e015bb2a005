/**
 * Text that reads as an address: an optional scheme and user, a host whose last label starts with a letter
 * and has two characters or more (`example.com`, not `e.g.` or `1.25`), an optional port and path.
 */
const ADDRESS = /^(?:[a-z][\w+.-]*:\/*)?(?:[^\s@/]+@)?([^\s/?#:@\\]*\.\p{L}[^\s/?#:@\\.]+)\.?(?::\d*)?(?:[/?#\\]\S*)?$/iu;

/**
 * Whether a host as written could pass for another: a label mixes Latin letters with others (`раураl`), or
 * holds only letters that look like Latin ones (the Cyrillic `рау` reads as "pay").
 */
const deceptive = (host: string): boolean =>
  host
    .toLowerCase()
    .split(".")
    .some((label) => /\P{ASCII}/u.test(label) && (/[a-z]/.test(label) || /^[-\dаеіјорсуѕхԁԛԝһӏοαρντικυχ]*$/u.test(label)));

/** A host as the URL API spells it (lower case, punycode), or null when it is none. */
function normalHost(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * What a link must add to its text so the reader sees where it leads, as mail clients do: the host `href`
 * (a URL `safeUrl` accepted) leads to, as the URL API spells it (punycode for other scripts), when the
 * `label` reads as an address of another host (the host itself or a subdomain of it is the same place),
 * when the label holds bidirectional controls that can make it read as something else, or when the host
 * it names could pass for another. Null when the label tells the truth, or names no address at all.
 */
export function hostNote(label: string, href: string): string | null {
  let real: string | null;
  try {
    // A web address's host, or a mail address's domain.
    real = normalHost(
      /^https?:/i.test(href) ? new URL(href).host : decodeURIComponent(href.slice(href.lastIndexOf("@") + 1).split("?")[0]!),
    );
  } catch {
    return null;
  }
  if (!real || /[\u202a-\u202e\u2066-\u2069]/.test(label)) return real;
  const named = ADDRESS.exec(label.replace(/\p{Cf}/gu, "").trim())?.[1];
  if (named === undefined) return null;
  const claimed = normalHost(named);
  return (real === claimed || real.endsWith(`.${claimed}`)) && !deceptive(named) ? null : real;
}

/**
 * The text of an autolink written as `written`: as written, unless its host could pass for another (see
 * `hostNote`); then with that host in punycode, as the URL API spells it.
 */
export function autolinkText(written: string): string {
  const host = /^(?:[a-z][\w+.-]*:[/\\]*)?(?:[^@/\\]*@)?([^/?#\\:]*)/i.exec(written)![1]!;
  const normal = deceptive(host) && normalHost(host);
  return normal ? written.replace(host, normal) : written;
}
