/**
 * Where a user message stands on its way to the server:
 * `queued` waits to be sent; `in-flight` went out (on the current socket, or as the current Chat API
 * call), its receipt not yet seen; `unconfirmed` went out on a socket that dropped before its echo, to be
 * checked against the next replay; `failed` gave up, until the user retries.
 */
export type OutboxEntryState = "queued" | "in-flight" | "unconfirmed" | "failed";

/** One user message on its way; the outbox persists these with the session. */
export interface OutboxEntry {
  /** The `client_event_id`, also the message id in the transcript. */
  id: string;
  text: string;
  /** When the user wrote it (epoch milliseconds). */
  time: number;
  /** Sends that ended on a dropped socket with no echo in the next replay. */
  attempts: number;
  state: OutboxEntryState;
  /** Whether the transcript shows it already (false for entries restored after a reload, until placed). */
  shown: boolean;
  /** When it last went out (epoch milliseconds), while `in-flight`. */
  sentAt?: number;
}

/** What the lifecycle reads of the outbox with every input. */
export interface OutboxFacts {
  /** Some message waits to be sent. */
  queued: boolean;
  /** Some message went out on a socket that dropped before its echo. */
  unconfirmed: boolean;
  /** When the oldest message still waiting for its receipt went out, or null. */
  oldestInFlightSentAt: number | null;
}

/**
 * The exactly-once queue of user messages, shared by both transports. A message leaves it only when its
 * receipt is seen (`confirm`). It keeps no rule of its own about when to give up: the lifecycle says how
 * many attempts a message gets (`settleUnconfirmed`).
 */
export interface Outbox {
  /** Adds a message, already shown as `sending`, or placed back by the client (`state`, `shown` given). */
  add(entry: Pick<OutboxEntry, "id" | "text" | "time"> & Partial<OutboxEntry>): void;
  /** Every `queued` message, oldest first, now `in-flight` as sent at `now`. */
  takeSendable(now: number): OutboxEntry[];
  /** The oldest `queued` message, now `in-flight` as sent at `now`. */
  takeNext(now: number): OutboxEntry | undefined;
  /** The receipt of `id` arrived: the message leaves the outbox. Returns it, if it was here. */
  confirm(id: string): OutboxEntry | undefined;
  /**
   * Moves `id` to `state` (an in-flight message back to `queued`, any to `failed`); a failed message
   * queued again starts a fresh count of attempts. False when absent.
   */
  move(id: string, state: OutboxEntryState): boolean;
  /** The socket dropped: what was in flight may or may not have arrived. */
  socketLost(): void;
  /**
   * A replay has settled (its echoes already confirmed): every message still unconfirmed did not arrive.
   * Each counts an attempt and is queued again, or fails once it has had `maxAttempts`; returns the failed.
   */
  settleUnconfirmed(maxAttempts: number): OutboxEntry[];
  /** Every `queued` message fails; returns them. */
  failQueued(): OutboxEntry[];
  /** Entries restored from storage that the transcript does not show yet, now marked shown. */
  takeUnshown(): OutboxEntry[];
  facts(): OutboxFacts;
  /** Every entry, in order, for persistence and inspection; read them, do not change them. */
  entries(): readonly OutboxEntry[];
  /** Forgets every entry (a new conversation). */
  clear(): void;
}

/** Creates an outbox holding `restored` entries; anything that had been in flight must be checked against a replay first. */
export function createOutbox(restored: readonly OutboxEntry[] = []): Outbox {
  const queue: OutboxEntry[] = restored.map((entry) => ({
    ...entry,
    state: entry.state === "in-flight" ? "unconfirmed" : entry.state,
    shown: false,
  }));
  const find = (id: string) => queue.find((entry) => entry.id === id);
  /** Changes every entry that `select` picks with `change`, and returns them as changed. */
  const update = (select: (entry: OutboxEntry) => boolean, change: (entry: OutboxEntry) => void) => {
    const selected = queue.filter(select);
    selected.forEach(change);
    return selected;
  };
  const send = (now: number) => (entry: OutboxEntry) => {
    entry.state = "in-flight";
    entry.sentAt = now;
  };

  return {
    add(entry) {
      if (!find(entry.id)) queue.push({ attempts: 0, state: "queued", shown: true, ...entry });
    },
    takeSendable: (now) => update((entry) => entry.state === "queued", send(now)),
    takeNext(now) {
      const next = queue.find((entry) => entry.state === "queued");
      if (next) send(now)(next);
      return next;
    },
    confirm(id) {
      const entry = find(id);
      if (entry) queue.splice(queue.indexOf(entry), 1);
      return entry;
    },
    move(id, state) {
      const entry = find(id);
      if (!entry) return false;
      if (entry.state === "failed") entry.attempts = 0;
      entry.state = state;
      return true;
    },
    socketLost() {
      update(
        (entry) => entry.state === "in-flight",
        (entry) => (entry.state = "unconfirmed"),
      );
    },
    settleUnconfirmed(maxAttempts) {
      const checked = update(
        (entry) => entry.state === "unconfirmed",
        (entry) => {
          entry.attempts += 1;
          entry.state = entry.attempts >= maxAttempts ? "failed" : "queued";
        },
      );
      return checked.filter((entry) => entry.state === "failed");
    },
    failQueued: () =>
      update(
        (entry) => entry.state === "queued",
        (entry) => (entry.state = "failed"),
      ),
    takeUnshown: () =>
      update(
        (entry) => !entry.shown,
        (entry) => (entry.shown = true),
      ),
    facts() {
      const sentTimes = queue.filter((entry) => entry.state === "in-flight").map((entry) => entry.sentAt ?? 0);
      return {
        queued: queue.some((entry) => entry.state === "queued"),
        unconfirmed: queue.some((entry) => entry.state === "unconfirmed"),
        oldestInFlightSentAt: sentTimes.length > 0 ? Math.min(...sentTimes) : null,
      };
    },
    entries: () => queue.slice(),
    clear: () => void queue.splice(0),
  };
}
