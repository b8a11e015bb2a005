import { sessionStorageKeyFor } from "../../transport/session-storage-key.ts";
import { widgetStorage, withStorage } from "./session-memory.ts";

/** A JSON value the widget keeps beside its session record, so it survives a reload and goes with the session. */
export interface SessionRecord {
  /** What was kept before the page loaded, parsed; null when nothing was, or without a stored session. */
  readonly kept: unknown;
  /** Keeps `value` as JSON in place of what was kept; `undefined` removes the record. */
  keep(value: unknown): void;
}

/**
 * The record `name` of the widget with `options`: the session's key plus `:name`, in the storage `persist`
 * names (nothing with `persist: "none"`). Without a stored session (`hasSession` false) what the
 * key holds is from a conversation that is over, and is removed. Unreadable text reads as null, and storage
 * failures are swallowed: losing the record only costs what it held after a reload.
 */
export function sessionRecordFor(options: { persist?: string; id?: string }, name: string, hasSession: boolean): SessionRecord {
  const key = `${sessionStorageKeyFor(options.id)}:${name}`;
  const storage = widgetStorage(options.persist);
  const attempt = (call: (available: Storage) => unknown) => withStorage(storage, call);
  const kept = hasSession
    ? attempt((available) => JSON.parse(available.getItem(key) ?? "null"))
    : attempt((available) => available.removeItem(key));
  return {
    kept: kept ?? null,
    keep: (value) =>
      attempt((available) => (value === undefined ? available.removeItem(key) : available.setItem(key, JSON.stringify(value)))),
  };
}
