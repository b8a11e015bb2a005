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
}

/** A message gives up after this many attempts. */
export const maxSendAttempts = 3;

/**
 * The exactly-once queue of user messages. A message leaves the outbox only when its echo is seen
 * (`confirm`). A message sent on a socket that drops is never re-sent blindly: it waits for the next
 * replay (`replayChecked`), whose echoes confirm what the server did receive; only the rest is re-sent,
 * and after `maxSendAttempts` such losses a message is `failed` until `retry`.
 */
export class Outbox {
  private readonly queue: OutboxEntry[] = [];

  /** Restores persisted entries; anything that had been sent must be checked against a replay first. */
  constructor(restored: readonly OutboxEntry[] = []) {
    for (const entry of restored) {
      const state = entry.state === "in-flight" ? "unconfirmed" : entry.state;
      this.queue.push({ ...entry, state, shown: false });
    }
  }

  /** Adds a new message, already shown as `sending`. */
  enqueue(id: string, text: string, time: number): void {
    this.queue.push({ id, text, time, attempts: 0, state: "queued", shown: true });
  }

  /** The `queued` messages, oldest first, now marked `in-flight`: the caller sends them on the live socket. */
  takeSendable(): OutboxEntry[] {
    const sendable = this.queue.filter((entry) => entry.state === "queued");
    for (const entry of sendable) entry.state = "in-flight";
    return sendable.map((entry) => ({ ...entry }));
  }

  /** The echo of `id` arrived: the message is delivered and leaves the outbox. Returns it, if it was here. */
  confirm(id: string): OutboxEntry | undefined {
    const index = this.queue.findIndex((entry) => entry.id === id);
    if (index === -1) return undefined;
    const [entry] = this.queue.splice(index, 1);
    return entry;
  }

  /** The socket dropped: what was in flight may or may not have arrived. */
  socketLost(): void {
    for (const entry of this.queue) if (entry.state === "in-flight") entry.state = "unconfirmed";
  }

  /**
   * A replay has been applied (its echoes already confirmed): every message still unconfirmed did not
   * arrive. Each counts an attempt and is queued again, or fails at `maxSendAttempts`; the failed ones are
   * returned.
   */
  replayChecked(): OutboxEntry[] {
    const failed: OutboxEntry[] = [];
    for (const entry of this.queue) {
      if (entry.state !== "unconfirmed") continue;
      entry.attempts += 1;
      entry.state = entry.attempts >= maxSendAttempts ? "failed" : "queued";
      if (entry.state === "failed") failed.push({ ...entry });
    }
    return failed;
  }

  /** The user retries a failed message: it is queued again with a fresh count. Returns false if not failed. */
  retry(id: string): boolean {
    const entry = this.queue.find((candidate) => candidate.id === id);
    if (!entry || entry.state !== "failed") return false;
    entry.state = "queued";
    entry.attempts = 0;
    return true;
  }

  /** Entries restored from storage that the transcript does not show yet, now marked shown. */
  takeUnshown(): OutboxEntry[] {
    const unshown = this.queue.filter((entry) => !entry.shown);
    for (const entry of unshown) entry.shown = true;
    return unshown.map((entry) => ({ ...entry }));
  }

  /** Whether the transcript shows this entry (false only for restored entries not yet placed). */
  isShown(id: string): boolean {
    return this.queue.some((entry) => entry.id === id && entry.shown);
  }

  /** Removes and returns every entry not yet delivered (for the hand-over to the Chat API). */
  drain(): OutboxEntry[] {
    return this.queue.splice(0, this.queue.length).map((entry) => ({ ...entry }));
  }

  /** A copy of every entry, for persistence and inspection. */
  entries(): OutboxEntry[] {
    return this.queue.map((entry) => ({ ...entry }));
  }
}
