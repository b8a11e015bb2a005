import type { ReceivedEvent, ReceivedFrame } from "./read-frame.ts";

/** The session's event order, as `createEventSequencer` keeps it. */
export interface EventSequencer {
  /** The highest sequence applied so far: the `cursor` of the next reconnect. */
  readonly cursor: number;
  /** The frame's events that were not applied before, in the order to apply them. */
  accept(frame: ReceivedFrame): ReceivedEvent[];
  /** How many keys it keeps to recognise applied events: one per event with a sequence or an id. */
  readonly size: number;
}

/**
 * Orders the events of one session as they arrive (batches, duplicates, reordered replays, across
 * reconnects). A history batch is applied in sequence order; live events in arrival order, never held
 * for a gap, since a platform's sequences need only increase. Sequences and ids serve only to drop what
 * was already applied; transient events (no sequence, no id) always pass. Within a session an event's
 * sequence is its identity, so an event with one is kept as its sequence alone, a small number; an event
 * without one is kept as its id, which also drops a copy of it that comes back with a sequence. In a
 * batch, events without a sequence come after those with one. `resumeCursor`: the sequence up to which
 * events were applied elsewhere (see `createSessionFeed`).
 */
export function createEventSequencer(resumeCursor = 0): EventSequencer {
  const seen = new Set<string | number>();
  // A tab taking a session over resumes after what it already shows, as a reconnect does.
  let cursor = resumeCursor;
  const isNew = ({ id, sequence }: ReceivedEvent) => {
    // An event applied without a sequence may come again with one: its id still tells.
    if ((sequence !== null && seen.has(sequence)) || (id !== null && seen.has(id))) return false;
    const key = sequence ?? id;
    if (key !== null) seen.add(key);
    cursor = Math.max(cursor, sequence ?? 0);
    return true;
  };
  return {
    get cursor() {
      return cursor;
    },
    accept(frame) {
      // A stable sort, events without a sequence last (as the vendor SDKs order them), in their own order.
      const ordered = frame.batch ? frame.events.slice().sort((first, second) => rank(first) - rank(second)) : frame.events;
      return ordered.filter(isNew);
    },
    get size() {
      return seen.size;
    },
  };
}

/** Where an event sorts in a batch: by its sequence, and last without one. */
function rank(event: ReceivedEvent): number {
  return event.sequence ?? Number.POSITIVE_INFINITY;
}
