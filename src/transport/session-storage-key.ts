/** The tab-storage key of every widget without an `id`. */
const sharedSessionKey = "cap-chat:session";

/**
 * The tab-storage key of a widget's persisted session: `cap-chat:session`, or `cap-chat:session:<id>` for a
 * widget given an `id`, so two widgets on one page keep two conversations. Pure, so the script tag's loader
 * can tell whether a session is stored without loading the client.
 */
export function sessionStorageKeyFor(id?: string): string {
  return id ? `${sharedSessionKey}:${id}` : sharedSessionKey;
}

/**
 * Every key a widget with `id` may write, under its session key: the session record itself, the panel's
 * open state (`:panel`), the finished messages kept for `earlier`
 * (`:transcript`), and the lease of the tab holding the connection where Web Locks are missing (`:holder`).
 * `reset` removes them all.
 */
export function storedKeysFor(id?: string): string[] {
  const key = sessionStorageKeyFor(id);
  return [key, ...["panel", "transcript", "holder"].map((suffix) => `${key}:${suffix}`)];
}
