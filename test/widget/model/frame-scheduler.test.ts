import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFrameScheduler } from "../../../src/widget/model/frame-scheduler.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Animation frames that come only when a test runs them; cancelling drops the waiting ones when `cancelDrops`. */
function stubFrames(cancelDrops: boolean): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal("cancelAnimationFrame", () => (cancelDrops ? frames.splice(0) : undefined));
  return frames;
}

describe("the frame scheduler", () => {
  it("runs once on the next animation frame however often it is asked", () => {
    const frames = stubFrames(true);
    const run = vi.fn();
    const scheduler = createFrameScheduler(run);
    scheduler.schedule();
    scheduler.schedule();
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("still runs when frames are paused, as in a hidden tab", () => {
    vi.stubGlobal("requestAnimationFrame", () => 1);
    vi.stubGlobal("cancelAnimationFrame", () => {});
    const run = vi.fn();
    createFrameScheduler(run).schedule();
    vi.advanceTimersByTime(249);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("sets its timer once while frames keep coming, not once per frame", () => {
    const frames = stubFrames(false);
    const timers = vi.spyOn(globalThis, "setTimeout");
    const run = vi.fn();
    const scheduler = createFrameScheduler(run);
    for (let frame = 0; frame < 14; frame++) {
      scheduler.schedule();
      vi.advanceTimersByTime(16);
      frames.shift()?.(frame * 16);
    }
    expect(run).toHaveBeenCalledTimes(14);
    expect(timers).toHaveBeenCalledTimes(1);
  });

  it("never runs from its timer between two frames that come, so a frame holds one run", () => {
    const frames = stubFrames(false);
    const run = vi.fn();
    const scheduler = createFrameScheduler(run);
    scheduler.schedule();
    vi.advanceTimersByTime(100);
    frames.shift()?.(100);
    vi.advanceTimersByTime(140);
    scheduler.schedule();
    vi.advanceTimersByTime(15);
    expect(run).toHaveBeenCalledTimes(1);
    frames.shift()?.(255);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("runs from its timer once frames stop, as when the tab is hidden in the middle of a stream", () => {
    const frames = stubFrames(true);
    const run = vi.fn();
    const scheduler = createFrameScheduler(run);
    scheduler.schedule();
    vi.advanceTimersByTime(200);
    frames.shift()?.(200);
    scheduler.schedule();
    vi.advanceTimersByTime(299);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    expect(frames).toHaveLength(0);
  });

  it("falls back to a timer where there are no animation frames", () => {
    vi.stubGlobal("requestAnimationFrame", undefined);
    const run = vi.fn();
    createFrameScheduler(run).schedule();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("does nothing once cancelled", () => {
    vi.stubGlobal("requestAnimationFrame", undefined);
    const run = vi.fn();
    const scheduler = createFrameScheduler(run);
    scheduler.schedule();
    scheduler.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});
