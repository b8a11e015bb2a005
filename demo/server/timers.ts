import type { ServerClock } from "./reference-server-types.ts";

/** Cancels a scheduled action; calling it after the action ran is harmless. */
export type Cancel = () => void;

/**
 * A set of timers that can be cancelled together, so a session or the whole server can stop leaving
 * nothing scheduled. An action that throws is reported to `onError` and never escapes into Node's
 * timer loop.
 */
export class TimerGroup {
  private readonly handles = new Set<unknown>();
  private closed = false;

  constructor(
    private readonly clock: ServerClock,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs `action` once after `milliseconds` (already scaled). Does nothing once the group is cancelled. */
  after(milliseconds: number, action: () => void): Cancel {
    if (this.closed) return () => {};
    const handle = this.clock.setTimeout(
      () => {
        this.handles.delete(handle);
        try {
          action();
        } catch (error) {
          this.onError(error);
        }
      },
      Math.max(0, milliseconds),
    );
    this.handles.add(handle);
    return () => {
      this.clock.clearTimeout(handle);
      this.handles.delete(handle);
    };
  }

  /** Cancels every pending timer and refuses new ones. */
  cancelAll(): void {
    this.closed = true;
    for (const handle of this.handles) this.clock.clearTimeout(handle);
    this.handles.clear();
  }

  /** Number of timers still pending. */
  get pending(): number {
    return this.handles.size;
  }
}

/**
 * Runs steps one after another, each after its own delay, so that agent replies, chunk series and
 * handoff sequences never interleave. `clear()` drops what has not run yet.
 */
export class Timeline {
  private readonly steps: { delay: number; action: () => void }[] = [];
  private readonly idleWaiters: (() => void)[] = [];
  private cancelCurrent: Cancel | undefined;
  private running = false;

  constructor(private readonly timers: TimerGroup) {}

  /** Appends a step that runs `delay` milliseconds after the previous step ran. */
  after(delay: number, action: () => void): this {
    this.steps.push({ delay, action });
    if (!this.cancelCurrent && !this.running) this.runNext();
    return this;
  }

  /** True while steps are waiting to run. */
  get busy(): boolean {
    return this.cancelCurrent !== undefined || this.running;
  }

  /** Resolves once no step is waiting or running: at once when idle already. */
  whenIdle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops every step that has not run yet. */
  clear(): void {
    this.steps.length = 0;
    this.cancelCurrent?.();
    this.cancelCurrent = undefined;
    if (!this.running) this.notifyIdle();
  }

  private notifyIdle(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private runNext(): void {
    const step = this.steps.shift();
    if (!step) {
      this.notifyIdle();
      return;
    }
    this.cancelCurrent = this.timers.after(step.delay, () => {
      this.cancelCurrent = undefined;
      this.running = true;
      try {
        step.action();
      } finally {
        this.running = false;
        if (!this.cancelCurrent) this.runNext();
      }
    });
  }
}
