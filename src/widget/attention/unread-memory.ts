import { sessionRecordFor } from "../memory/session-record.ts";

/** The replies of a tab's conversation its visitor has not seen, as kept across a reload of the tab. */
export interface UnreadMemory {
  /** The ids kept before the page loaded; none without a stored session. */
  readonly ids: readonly string[];
  /** Keeps `ids` in place of those kept before (none: removes the record). */
  keep(ids: readonly string[]): void;
}

/**
 * The unseen replies of the widget with `options`, kept beside its session record (`:unread`, see
 * `sessionRecordFor`), so a reply that finished just before a reload still counts after it. Without a
 * stored session the record is stale and removed; losing it only loses the count of a reload.
 */
export function unreadMemoryFor(options: { persist?: string; id?: string }, hasSession: boolean): UnreadMemory {
  const record = sessionRecordFor(options, "unread", hasSession);
  const { kept } = record;
  return {
    ids: Array.isArray(kept) ? kept.filter((id): id is string => typeof id === "string") : [],
    keep: (ids) => record.keep(ids.length > 0 ? ids : undefined),
  };
}
