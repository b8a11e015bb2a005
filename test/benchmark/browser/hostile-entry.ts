import { hostileCases, plainTextWork, showIn } from "../sections/hostile-costs.ts";

/**
 * The page's side of the Chromium hostile-input measurement (see `measureHostileInChromium`): the cases'
 * names, and a work prepared by one call and run by the next, so the runner can read the main thread's
 * CPU time around the run alone.
 */
const cases = hostileCases();
const show = showIn(document);
let prepared: (() => void) | null = null;

Object.assign(globalThis, {
  hostileCaseNames: () => cases.map((hostileCase) => ({ name: hostileCase.name, plainText: hostileCase.plainText !== undefined })),
  /** Prepares case `index`, its plain text or its showing; any other index prepares nothing, to calibrate. */
  prepareHostile: (index: number, plainText: boolean) => {
    const hostileCase = cases[index];
    prepared = !hostileCase ? null : plainText ? plainTextWork(hostileCase) : hostileCase.prepare(show);
  },
  runHostile: () => {
    try {
      prepared?.();
      return null;
    } catch (error) {
      return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  },
});
