import type { ReceivedEvent, ReceivedFrame } from "./read-frame.ts";
import { createSequenceSet } from "./sequence-set.ts";

/** The session's event order, as `createEventSequencer` keeps it. */
export interface EventSequencer {
  /** The highest sequence applied so far: the `cursor` of the next reconnect. */
  readonly cursor: number;
  /** The frame's events that were not applied before, in the order to apply them. */
  accept(frame: ReceivedFrame): ReceivedEvent[];
  /** What it keeps to recognise an applied event: runs of consecutive sequences, and ids of events without one. */
  readonly memory: { sequenceRuns: number; ids: number };
}

/**
 * Orders the events of one session as they arrive (batches, duplicates, reordered replays, across
 * reconnects). A history batch is applied in sequence order; live events in arrival order, never held
 * for a gap, since a platform's sequences need only increase. Sequences and ids serve only to drop what
 * was already applied; transient events (no sequence, no id) always pass. Within a session an event's
 * sequence is its identity, so an event with one is known by its sequence alone, kept as runs of
 * consecutive numbers; only the ids of events without a sequence are kept. Either key seen before drops
 * an event.
 */
export function createEventSequencer(): EventSequencer {
  const sequences = createSequenceSet();
  const ids = new Set<string>();
  let cursor = 0;
  const isNew = ({ id, sequence }: ReceivedEvent) => {
    if ((sequence !== null && sequences.has(sequence)) || (id !== null && ids.size > 0 && ids.has(id))) return false;
    if (sequence !== null) {
      sequences.add(sequence);
      cursor = Math.max(cursor, sequence);
    } else if (id !== null) {
      ids.add(id);
    }
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
    get memory() {
      return { sequenceRuns: sequences.runs, ids: ids.size };
    },
  };
}
