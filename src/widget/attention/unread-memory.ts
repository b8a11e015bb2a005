import { sessionStorageKeyFor } from "../../transport/session-storage-key.ts";
import { widgetStorage } from "../session-memory.ts";

/** The replies of a tab's conversation its visitor has not seen, as kept across a reload of the tab. */
export interface UnreadMemory {
  /** The ids kept before the page loaded; none without a stored session. */
  readonly ids: readonly string[];
  /** Keeps `ids` in place of those kept before (none: removes the record). */
  keep(ids: readonly string[]): void;
}

/**
 * The unseen replies of the widget with `options`, kept beside its session record (the session's key plus
 * `:unread`, in the storage `persist` names; nothing with `persist: "none"`), so a reply that finished just
 * before a reload still counts after it. Without a stored session the record is stale and removed. Storage
 * failures are swallowed: losing the record only loses the count of a reload.
 */
export function unreadMemoryFor(options: { persist?: string; id?: string }, hasSession: boolean): UnreadMemory {
  const key = `${sessionStorageKeyFor(options.id)}:unread`;
  const storage = widgetStorage(options.persist);
  const attempt = (call: (available: Storage) => unknown) => {
    try {
      return storage && call(storage);
    } catch {
      return null;
    }
  };
  const kept = hasSession
    ? attempt((available) => JSON.parse(available.getItem(key) ?? "[]"))
    : attempt((available) => available.removeItem(key));
  return {
    ids: Array.isArray(kept) ? kept.filter((id): id is string => typeof id === "string") : [],
    keep: (ids) => attempt((available) => (ids.length > 0 ? available.setItem(key, JSON.stringify(ids)) : available.removeItem(key))),
  };
}
