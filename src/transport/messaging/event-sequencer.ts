import type { ReceivedEvent, ReceivedFrame } from "./read-frame.ts";

/** The session's event order, as `createEventSequencer` keeps it. */
export interface EventSequencer {
  /** The highest sequence applied so far: the `cursor` of the next reconnect. */
  readonly cursor: number;
  /** The frame's events that were not applied before, in the order to apply them. */
  accept(frame: ReceivedFrame): ReceivedEvent[];
}

/**
 * Orders the events of one session as they arrive (batches, duplicates, reordered replays, across
 * reconnects). A history batch is applied in sequence order; live events in arrival order, never held
 * for a gap, since a platform's sequences need only increase. Sequences and ids serve only to drop what
 * was already applied; transient events (no sequence, no id) always pass.
 */
export function createEventSequencer(): EventSequencer {
  const seen = new Set<string | number>();
  let cursor = 0;
  const isNew = (event: ReceivedEvent) => {
    const keys = [event.id, event.sequence].filter((key) => key !== null);
    if (keys.some((key) => seen.has(key))) return false;
    for (const key of keys) seen.add(key);
    cursor = Math.max(cursor, event.sequence ?? 0);
    return true;
  };
  return {
    get cursor() {
      return cursor;
    },
    accept(frame) {
      // A stable sort: transient events keep their place relative to each other.
      const ordered = frame.batch
        ? frame.events.slice().sort((first, second) => (first.sequence ?? 0) - (second.sequence ?? 0))
        : frame.events;
      return ordered.filter(isNew);
    },
  };
}
