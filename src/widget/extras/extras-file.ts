import { onDemand } from "../components/on-demand.ts";

/**
 * The file of what only some conversations show (see `extras.ts`), asked for when one of them is about to
 * show: null until it has arrived, after which the part that asked renders it.
 */
export const extrasFile = onDemand(() => import("./extras.ts"));
