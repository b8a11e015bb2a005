import { onDemand } from "../components/on-demand.ts";

/**
 * The file of the conversation's end (the confirmation and the download), asked for when the header's menu
 * opens, when ending is asked, and when the conversation has ended: null until it has arrived.
 */
export const endingFile = onDemand(() => import("./ending.ts"));
