import { sessionStorageKeyFor } from "../session-storage-key.ts";

/**
 * Every key a widget with `id` may write under its session key: the session record itself, the panel's
 * open state (`:panel`), the finished messages kept for `earlier` (`:transcript`), the lease of the tab
 * holding the connection where Web Locks are missing (`:holder`), the replies not seen yet (`:unread`) and
 * the visitor's feedback on answers (`:feedback`), and what the visitor is writing (`:draft`). `reset` removes them all.
 */
export function storedKeysFor(id?: string): string[] {
  const key = sessionStorageKeyFor(id);
  return [key, ...["panel", "transcript", "holder", "unread", "feedback", "draft"].map((suffix) => `${key}:${suffix}`)];
}
