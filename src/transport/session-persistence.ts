import type { KeyValueStorage } from "./environment.ts";
import type { OutboxEntry, OutboxEntryState } from "./outbox.ts";

/** The storage key; one conversation per tab. */
export const sessionStorageKey = "cap-chat:session";

/**
 * What survives a reload: enough to reconnect to the same session and to deliver what was not delivered.
 * Never the access token (a fresh one is fetched), never the cursor (a reload replays from 0).
 */
export interface PersistedSession {
  sessionId: string;
  /** The join request was sent on this session; it must never be sent again. */
  joinRequested: boolean;
  /** Epoch milliseconds of the last frame the client sent (for the idle expiry). */
  lastActivityAt: number;
  outbox: OutboxEntry[];
}

const entryStates: readonly OutboxEntryState[] = ["queued", "in-flight", "unconfirmed", "failed"];

/** The persisted session of this tab, as `createSessionPersistence` reads and writes it. */
export interface SessionPersistence {
  /** The stored session, or null when there is none or it cannot be read. */
  load(): PersistedSession | null;
  save(session: PersistedSession): void;
  clear(): void;
}

/**
 * Reads and writes the persisted session in the environment's tab storage. With persistence off or no
 * storage, it stores nothing and loads nothing. Storage failures (quota, privacy modes) are swallowed: a
 * lost record only costs the resume after a reload.
 */
export function createSessionPersistence(storage: KeyValueStorage | null, enabled: boolean): SessionPersistence {
  const attempt = <Result>(call: (available: KeyValueStorage) => Result, fallback: Result): Result => {
    if (!enabled || !storage) return fallback;
    try {
      return call(storage);
    } catch {
      return fallback;
    }
  };
  return {
    load: () =>
      attempt((available) => {
        const text = available.getItem(sessionStorageKey);
        return text === null ? null : parsePersistedSession(text);
      }, null),
    save(session) {
      // The `shown` flag describes this page's transcript, which a reload starts afresh.
      const outbox = session.outbox.map(({ id, text, time, attempts, state }) => ({ id, text, time, attempts, state }));
      attempt((available) => available.setItem(sessionStorageKey, JSON.stringify({ ...session, outbox })), undefined);
    },
    clear: () => attempt((available) => available.removeItem(sessionStorageKey), undefined),
  };
}

function parsePersistedSession(text: string): PersistedSession | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.sessionId !== "string" || record.sessionId === "") return null;
  const outbox = Array.isArray(record.outbox) ? record.outbox.flatMap(parseEntry) : [];
  return {
    sessionId: record.sessionId,
    joinRequested: record.joinRequested === true,
    lastActivityAt: typeof record.lastActivityAt === "number" ? record.lastActivityAt : 0,
    outbox,
  };
}

function parseEntry(value: unknown): OutboxEntry[] {
  if (typeof value !== "object" || value === null) return [];
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== "string" || typeof entry.text !== "string") return [];
  const state = entryStates.find((candidate) => candidate === entry.state) ?? "queued";
  return [
    {
      id: entry.id,
      text: entry.text,
      time: typeof entry.time === "number" ? entry.time : 0,
      attempts: typeof entry.attempts === "number" ? entry.attempts : 0,
      state,
      shown: false,
    },
  ];
}
