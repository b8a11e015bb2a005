/** Runs one callback at most once per animation frame, however often `schedule` is called. */
export interface FrameScheduler {
  schedule(): void;
  cancel(): void;
}

/**
 * Coalesces calls into one run on the next animation frame. A timer races the frame because hidden tabs
 * pause animation frames, and it is the only path where there is no `requestAnimationFrame` at all.
 */
export function createFrameScheduler(run: () => void): FrameScheduler {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    frame = timer = undefined;
  };
  const fire = () => {
    cancel();
    run();
  };
  return {
    schedule() {
      if (timer !== undefined) return;
      frame = globalThis.requestAnimationFrame?.(fire);
      timer = setTimeout(fire, frame === undefined ? 0 : 250);
    },
    cancel,
  };
}
