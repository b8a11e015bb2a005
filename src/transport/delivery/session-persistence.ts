import type { KeyValueStorage } from "../environment.ts";
import { sessionStorageKeyFor } from "../session-storage-key.ts";
import type { OutboxEntry, OutboxEntryState } from "./delivery.ts";

/**
 * What survives a reload: enough to reconnect to the same session and to deliver what was not delivered.
 * Never the access token (a fresh one is fetched), never the cursor (a reload replays from 0), nor whether
 * the agent joined: the replay shows that.
 */
export interface PersistedSession {
  sessionId: string;
  /** Epoch milliseconds of the last frame the client sent (for the idle expiry). */
  lastActivityAt: number;
  /**
   * The highest sequence of an event this tab received whole (0 for none; a chunk that does not finish its
   * message does not count). A reload replays from 0; what the replay holds up to here was already
   * received, so it returns as history.
   */
  historyThrough: number;
  outbox: readonly OutboxEntry[];
}

const entryStates: readonly OutboxEntryState[] = ["queued", "in-flight", "awaiting-replay", "failed", "unconfirmed"];

/** The persisted session of this tab, as `createSessionPersistence` reads and writes it. */
export interface SessionPersistence {
  /** The stored session, or null when there is none or it cannot be read. */
  load(): PersistedSession | null;
  save(session: PersistedSession): void;
  clear(): void;
}

/**
 * Reads and writes the persisted session under `key` in the environment's tab storage, writing only what
 * changed. With persistence off or no storage, it stores nothing and loads nothing. Storage failures
 * (quota, privacy modes) and unreadable records are swallowed: a lost record only costs the resume after
 * a reload.
 */
export function createSessionPersistence(
  storage: KeyValueStorage | null,
  enabled: boolean,
  key = sessionStorageKeyFor(),
): SessionPersistence {
  const attempt = <Result>(call: (available: KeyValueStorage) => Result): Result | null => {
    try {
      return enabled && storage ? call(storage) : null;
    } catch {
      return null;
    }
  };
  // The record as last written: saving is asked for after every lifecycle input, a streamed chunk
  // included, and storage is written only when the record changed.
  let written: string | null = null;
  return {
    load: () => attempt((available) => readSession(JSON.parse(available.getItem(key) ?? "null"))),
    save(session) {
      if (!enabled || !storage) return;
      // The `shown` flag describes this page's transcript, which a reload starts afresh.
      const outbox = session.outbox.map(({ id, text, time, attempts, state }) => ({ id, text, time, attempts, state }));
      const record = JSON.stringify({ ...session, outbox });
      if (record === written) return;
      attempt((available) => {
        available.setItem(key, record);
        written = record;
      });
    },
    clear() {
      written = null;
      attempt((available) => available.removeItem(key));
    },
  };
}

/** A stored record as a session, or null when it is not one; malformed outbox entries are dropped. */
function readSession(record: Partial<Record<keyof PersistedSession, unknown>> | null): PersistedSession | null {
  if (typeof record?.sessionId !== "string" || record.sessionId === "") return null;
  const entries = (Array.isArray(record.outbox) ? record.outbox : []) as Partial<Record<keyof OutboxEntry, unknown>>[];
  return {
    sessionId: record.sessionId,
    lastActivityAt: Number(record.lastActivityAt) || 0,
    historyThrough: Math.max(0, Math.floor(Number(record.historyThrough))) || 0,
    outbox: entries
      .filter((entry) => typeof entry?.id === "string" && typeof entry.text === "string")
      .map((entry) => ({
        id: entry.id as string,
        text: entry.text as string,
        time: Number(entry.time) || 0,
        attempts: Number(entry.attempts) || 0,
        state: entryStates.find((state) => state === entry.state) ?? "queued",
        shown: false,
      })),
  };
}
