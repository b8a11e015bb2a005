/** Runs one callback at most once per animation frame, however often `schedule` is called. */
export interface FrameScheduler {
  schedule(): void;
  cancel(): void;
}

/** How long a run may wait for an animation frame before a timer runs it. */
const frameWaitMilliseconds = 250;

/**
 * Coalesces calls into one run on the next animation frame. A timer stands by because hidden tabs pause
 * animation frames: it runs what is due only when no frame came since it was set, and it is set once per
 * `frameWaitMilliseconds` while frames come, not once per frame. Where there is no `requestAnimationFrame`
 * at all, the timer is the only path.
 */
export function createFrameScheduler(run: () => void): FrameScheduler {
  let due = false;
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frameCame = false;
  const fire = () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    due = false;
    frame = undefined;
    run();
  };
  const onFrame = () => {
    frameCame = true;
    frame = undefined;
    if (due) fire();
  };
  const onTimer = () => {
    timer = undefined;
    if (!due) return;
    if (frame === undefined || !frameCame) return fire();
    // Frames are coming: the one asked for runs it.
    frameCame = false;
    timer = setTimeout(onTimer, frameWaitMilliseconds);
  };
  return {
    schedule() {
      if (due) return;
      due = true;
      frame = globalThis.requestAnimationFrame?.(onFrame);
      if (frame === undefined) {
        clearTimeout(timer);
        timer = setTimeout(onTimer, 0);
      } else if (timer === undefined) {
        frameCame = false;
        timer = setTimeout(onTimer, frameWaitMilliseconds);
      }
    },
    cancel() {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      due = frameCame = false;
      frame = timer = undefined;
    },
  };
}
