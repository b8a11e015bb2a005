import type { InboundEvent } from "../protocol/index.ts";

/** The session's event order, as `createEventSequencer` keeps it. */
export interface EventSequencer {
  /** The highest sequence released so far: the `cursor` of the next reconnect. */
  readonly cursor: number;
  /** Whether some events wait for a gap to fill. */
  readonly hasHeld: boolean;
  /** Takes one decoded frame (a batch or a single event) and returns the events now ready, in order. */
  accept(event: InboundEvent): InboundEvent[];
  /** The replay is over: whatever is held is released in sequence order, gaps and all. */
  endReplay(): InboundEvent[];
  /** Gives up on the gaps: releases every held event in sequence order. */
  releaseHeld(): InboundEvent[];
}

/**
 * Turns the frames of one session, as they arrive (batches, duplicates, out of order, across reconnects),
 * into the order they happened. Batches are flattened; an id seen before is dropped; stored events
 * (with a `sequence`) are released in sequence order, and one that leaves a gap is held back until the gap
 * fills or `endReplay`/`releaseHeld` gives up on it; transient events (`sequence: null`) pass straight
 * through. `cursor` is the highest sequence already applied (0 for a fresh transcript).
 */
export function createEventSequencer(cursor = 0): EventSequencer {
  const seenIds = new Set<string>();
  const held = new Map<number, InboundEvent>();

  /** Releases held events from the cursor on: only the contiguous ones, or (`acrossGaps`) all of them. */
  const release = (ready: InboundEvent[], acrossGaps: boolean) => {
    for (const sequence of [...held.keys()].sort((first, second) => first - second)) {
      if (sequence !== cursor + 1 && !acrossGaps) break;
      ready.push(held.get(sequence) as InboundEvent);
      held.delete(sequence);
      cursor = sequence;
    }
    return ready;
  };
  const releaseHeld = () => release([], true);

  return {
    get cursor() {
      return cursor;
    },
    get hasHeld() {
      return held.size > 0;
    },
    accept(event) {
      const ready: InboundEvent[] = [];
      const events = event.type === "EVENT_TYPE_EVENT_BATCH" ? (event.payload.events as InboundEvent[]) : [event];
      for (const item of events) {
        const sequence = item.sequence;
        if (sequence === null) ready.push(item);
        else if (!seenIds.has(item.id) && sequence > cursor && !held.has(sequence)) {
          seenIds.add(item.id);
          held.set(sequence, item);
          release(ready, false);
        }
      }
      return ready;
    },
    endReplay: releaseHeld,
    releaseHeld,
  };
}
