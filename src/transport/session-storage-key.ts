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
