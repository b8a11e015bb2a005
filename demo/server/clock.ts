import type { ServerClock } from "./reference-server-types.ts";

/** The real time and Node's timers. */
export const systemClock: ServerClock = {
  now: () => Date.now(),
  setTimeout: (action, milliseconds) => setTimeout(action, milliseconds),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
