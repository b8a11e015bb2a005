import { sessionStorageKeyFor } from "../../transport/session-storage-key.ts";

/**
 * What a widget finds in the tab's storage at load: whether the client has a session stored there, and the
 * panel's open state stored with it. Free of Preact and of the client.
 */
export interface SessionMemory {
  /** The client has a session stored in this tab, which it resumes when started. */
  readonly hasSession: boolean;
  /** The panel was open when the page was left; always false without a stored session. */
  readonly panelWasOpen: boolean;
  /** Stores the panel's open state next to the session. */
  rememberPanel(open: boolean): void;
}

/**
 * Where a widget with `persist` keeps its state: the page's localStorage for `local` (the default),
 * sessionStorage for `session`; null for `none`, or where storage is missing or refused (privacy modes,
 * sandboxed frames).
 */
export function widgetStorage(persist?: string): Storage | null {
  try {
    // Reading either property throws where the browser refuses storage.
    return persist === "none" ? null : persist === "session" ? sessionStorage : localStorage;
  } catch {
    return null;
  }
}

/**
 * `call` on `storage`; null without storage, or when the browser refuses it (quota, privacy modes): losing
 * what the widget keeps never breaks it.
 */
export function withStorage<Result>(storage: Storage | null, call: (available: Storage) => Result): Result | null {
  try {
    return storage ? call(storage) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the storage `persist` names holds a session of the widget with `options` (never with `persist: "none"`): all the
 * script tag's loader needs to know, at load, to tell whether the app must load at once.
 */
export function hasStoredSession(options: { persist?: string; id?: string }): boolean {
  try {
    const { persist } = options;
    return persist !== "none" && (persist === "session" ? sessionStorage : localStorage).getItem(sessionStorageKeyFor(options.id)) != null;
  } catch {
    // Storage refused (privacy modes, sandboxed frames) or missing (a server): nothing is stored.
    return false;
  }
}

/** The memory of a widget with `options`: none with `persist: "none"`. */
export function sessionMemoryFor(options: { persist?: string; id?: string }): SessionMemory {
  return createSessionMemory(widgetStorage(options.persist), options.id);
}

/**
 * Reads the memory of the widget with `id` (none: the shared key) from `storage` (null: remembers nothing).
 * The panel state lives under the session's key plus `:panel`; it counts only while the session record
 * exists, and is removed at load when that record is gone, so it is cleared with the session. Storage
 * failures are swallowed: losing this only costs the panel's state after a reload.
 */
export function createSessionMemory(storage: Storage | null, id?: string): SessionMemory {
  const sessionKey = sessionStorageKeyFor(id);
  const panelKey = `${sessionKey}:panel`;
  const attempt = <Result>(call: (available: Storage) => Result) => withStorage(storage, call);
  const hasSession = attempt((available) => available.getItem(sessionKey) !== null) ?? false;
  // A panel state without its session is removed, so it cannot open a later conversation.
  const stored = hasSession
    ? attempt((available) => available.getItem(panelKey))
    : (attempt((available) => available.removeItem(panelKey)) ?? null);
  return {
    hasSession,
    panelWasOpen: stored === "open",
    rememberPanel(open) {
      // A closed panel is the default: nothing is kept for it, so a reset leaves no key behind.
      attempt((available) => (open ? available.setItem(panelKey, "open") : available.removeItem(panelKey)));
    },
  };
}
