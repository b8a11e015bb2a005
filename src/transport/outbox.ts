/**
 * Where a user message stands on its way to the server:
 * `queued` waits for a live socket; `in-flight` went out on the current socket, echo not yet seen;
 * `unconfirmed` went out on a socket that dropped before its echo, to be checked against the next replay;
 * `failed` gave up after its attempts, until the user retries.
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
  /** When it last went out on a socket (epoch milliseconds), while `in-flight`. */
  sentAt?: number;
}

/** A message gives up after this many attempts. */
export const maxSendAttempts = 3;

/**
 * The exactly-once queue of user messages. A message leaves the outbox only when its echo is seen
 * (`confirm`). A message sent on a socket that drops is never re-sent blindly: it waits for the next
 * replay (`replayChecked`), whose echoes confirm what the server did receive; only the rest is re-sent,
 * and after `maxSendAttempts` such losses a message is `failed` until `retry`.
 */
export interface Outbox {
  /** Adds a new message, already shown as `sending`. */
  enqueue(id: string, text: string, time: number): void;
  /** The `queued` messages, oldest first, now marked `in-flight` as sent at `now`: the caller sends them on the live socket. */
  takeSendable(now: number): OutboxEntry[];
  /** When the oldest message still waiting for its echo on the current socket went out, or null. */
  oldestInFlightSentAt(): number | null;
  /** The echo of `id` arrived: the message is delivered and leaves the outbox. Returns it, if it was here. */
  confirm(id: string): OutboxEntry | undefined;
  /** The socket dropped: what was in flight may or may not have arrived. */
  socketLost(): void;
  /**
   * A replay has been applied (its echoes already confirmed): every message still unconfirmed did not
   * arrive. Each counts an attempt and is queued again, or fails at `maxSendAttempts`; the failed ones are
   * returned.
   */
  replayChecked(): OutboxEntry[];
  /** The user retries a failed message: it is queued again with a fresh count. Returns false if not failed. */
  retry(id: string): boolean;
  /** Entries restored from storage that the transcript does not show yet, now marked shown. */
  takeUnshown(): OutboxEntry[];
  /** Removes and returns every entry not yet delivered (for the hand-over to the Chat API). */
  drain(): OutboxEntry[];
  /** Every entry, in order, for persistence and inspection; read them, do not change them. */
  entries(): readonly OutboxEntry[];
}

/** Creates an outbox holding `restored` entries; anything that had been sent must be checked against a replay first. */
export function createOutbox(restored: readonly OutboxEntry[] = []): Outbox {
  const queue: OutboxEntry[] = restored.map((entry) => ({
    ...entry,
    state: entry.state === "in-flight" ? "unconfirmed" : entry.state,
    shown: false,
  }));
  /** Changes every entry that `select` picks with `change`, and returns them as changed. */
  const update = (select: (entry: OutboxEntry) => boolean, change: (entry: OutboxEntry) => void) => {
    const selected = queue.filter(select);
    selected.forEach(change);
    return selected;
  };

  return {
    enqueue(id, text, time) {
      queue.push({ id, text, time, attempts: 0, state: "queued", shown: true });
    },
    takeSendable: (now) =>
      update(
        (entry) => entry.state === "queued",
        (entry) => {
          entry.state = "in-flight";
          entry.sentAt = now;
        },
      ),
    oldestInFlightSentAt() {
      const sentTimes = queue.filter((entry) => entry.state === "in-flight").map((entry) => entry.sentAt ?? 0);
      return sentTimes.length > 0 ? Math.min(...sentTimes) : null;
    },
    confirm(id) {
      const index = queue.findIndex((entry) => entry.id === id);
      return index === -1 ? undefined : queue.splice(index, 1)[0];
    },
    socketLost() {
      update(
        (entry) => entry.state === "in-flight",
        (entry) => (entry.state = "unconfirmed"),
      );
    },
    replayChecked() {
      const checked = update(
        (entry) => entry.state === "unconfirmed",
        (entry) => {
          entry.attempts += 1;
          entry.state = entry.attempts >= maxSendAttempts ? "failed" : "queued";
        },
      );
      return checked.filter((entry) => entry.state === "failed");
    },
    retry(id) {
      const entry = queue.find((candidate) => candidate.id === id);
      if (entry?.state !== "failed") return false;
      entry.state = "queued";
      entry.attempts = 0;
      return true;
    },
    takeUnshown: () =>
      update(
        (entry) => !entry.shown,
        (entry) => (entry.shown = true),
      ),
    drain: () => queue.splice(0),
    entries: () => queue.slice(),
  };
}
