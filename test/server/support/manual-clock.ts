import type { ServerClock } from "../../../demo/server/reference-server-types.ts";

interface Timer {
  due: number;
  order: number;
  action: () => void;
}

/**
 * A server clock that moves only when told: `advance` runs every timer that falls due on the way, in
 * due order (ties in the order they were set), including timers those actions set. Nothing happens on
 * the wall clock, so a test about time passing neither sleeps nor races.
 */
export class ManualClock implements ServerClock {
  private current: number;
  private readonly timers = new Map<number, Timer>();
  private nextHandle = 1;

  constructor(start = Date.UTC(2030, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(action: () => void, milliseconds: number): unknown {
    const handle = this.nextHandle;
    this.nextHandle += 1;
    this.timers.set(handle, { due: this.current + Math.max(0, milliseconds), order: handle, action });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward by `milliseconds`, running each timer due by then. */
  advance(milliseconds: number): void {
    if (!(milliseconds >= 0)) throw new Error(`time only moves forward, not by ${milliseconds} ms`);
    const target = this.current + milliseconds;
    for (let next = this.earliestDue(target); next; next = this.earliestDue(target)) {
      const [handle, timer] = next;
      this.timers.delete(handle);
      this.current = Math.max(this.current, timer.due);
      timer.action();
    }
    this.current = target;
  }

  /** Timers still waiting. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  private earliestDue(limit: number): [number, Timer] | undefined {
    let found: [number, Timer] | undefined;
    for (const entry of this.timers) {
      const timer = entry[1];
      if (timer.due > limit) continue;
      if (!found || timer.due < found[1].due || (timer.due === found[1].due && timer.order < found[1].order)) found = entry;
    }
    return found;
  }
}
