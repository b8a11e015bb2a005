import type { WidgetOptions } from "../widget-types.ts";

/**
 * Resolves a relative `messagingUrl`, `chatUrl` or `avatarUrl` (such as `/` on a page served by the
 * platform's own host, or `/avatars/help.svg`) against `base`, the document's URL, and drops a trailing slash
 * so paths can be appended. Absolute URLs keep their exact text; an unparsable one, or a relative
 * `messagingUrl` or `chatUrl` that leaves the document's origin once resolved (`//host`, `/\\host`), is left as
 * written, for the client (or the avatar's own check) to refuse.
 */
export function resolveRelativeUrls(options: Partial<WidgetOptions>, base: string): Partial<WidgetOptions> {
  const resolved: Partial<WidgetOptions> = { ...options };
  for (const key of ["messagingUrl", "chatUrl", "avatarUrl"] as const) {
    const value = options[key];
    if (typeof value !== "string" || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
    try {
      const url = new URL(value, base);
      // The token goes to these two: a relative address never sends it to another host.
      if (key === "avatarUrl" || url.origin === new URL(base).origin) resolved[key] = url.href.replace(/\/+$/, "");
    } catch {
      // Left as written, for the client to refuse.
    }
  }
  return resolved;
}
