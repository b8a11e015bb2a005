import { EventType, type InboundEvent } from "../protocol/index.ts";

/**
 * Turns the frames of one session, as they arrive (batches, duplicates, out of order, across reconnects),
 * into the order they happened. Batches are flattened; an id seen before is dropped; stored events
 * (with a `sequence`) are released in sequence order, and one that leaves a gap is held back until the gap
 * fills or `endReplay`/`releaseHeld` gives up on it; transient events (`sequence: null`) pass straight
 * through. The cursor is the highest sequence released.
 */
export class EventSequencer {
  private appliedCursor: number;
  private readonly seenIds = new Set<string>();
  private readonly held = new Map<number, InboundEvent>();

  /** `cursor`: the highest sequence already applied (0 for a fresh transcript). */
  constructor(cursor = 0) {
    this.appliedCursor = cursor;
  }

  /** The highest sequence released so far: the `cursor` of the next reconnect. */
  get cursor(): number {
    return this.appliedCursor;
  }

  /** Whether some events wait for a gap to fill. */
  get hasHeld(): boolean {
    return this.held.size > 0;
  }

  /** Takes one decoded frame (a batch or a single event) and returns the events now ready, in order. */
  accept(event: InboundEvent): InboundEvent[] {
    const ready: InboundEvent[] = [];
    const events = event.type === EventType.EventBatch && "events" in event.payload ? (event.payload.events as InboundEvent[]) : [event];
    for (const item of events) this.acceptOne(item, ready);
    return ready;
  }

  /** The replay is over: whatever is held is released in sequence order, gaps and all. */
  endReplay(): InboundEvent[] {
    return this.releaseHeld();
  }

  /** Gives up on the gaps: releases every held event in sequence order. */
  releaseHeld(): InboundEvent[] {
    const sequences = [...this.held.keys()].sort((first, second) => first - second);
    const released: InboundEvent[] = [];
    for (const sequence of sequences) {
      const event = this.held.get(sequence);
      this.held.delete(sequence);
      if (event && sequence > this.appliedCursor) {
        this.appliedCursor = sequence;
        released.push(event);
      }
    }
    return released;
  }

  private acceptOne(event: InboundEvent, ready: InboundEvent[]): void {
    const sequence = event.sequence;
    if (sequence === null) {
      ready.push(event);
      return;
    }
    if (this.seenIds.has(event.id) || sequence <= this.appliedCursor || this.held.has(sequence)) return;
    this.seenIds.add(event.id);
    if (sequence !== this.appliedCursor + 1) {
      this.held.set(sequence, event);
      return;
    }
    this.appliedCursor = sequence;
    ready.push(event);
    this.drainContiguous(ready);
  }

  private drainContiguous(ready: InboundEvent[]): void {
    for (let next = this.held.get(this.appliedCursor + 1); next; next = this.held.get(this.appliedCursor + 1)) {
      this.held.delete(this.appliedCursor + 1);
      this.appliedCursor += 1;
      ready.push(next);
    }
  }
}
