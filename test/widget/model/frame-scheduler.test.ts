import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createFrameScheduler } from "../../../src/widget/model/frame-scheduler.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the frame scheduler", () => {
  it("runs once on the next animation frame however often it is asked", () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal("cancelAnimationFrame", () => frames.splice(0));
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
