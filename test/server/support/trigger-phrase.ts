import { TRIGGER_PHRASES } from "../../../demo/server/agent/trigger-phrases.ts";

/** An intent of the demo agent, as its trigger table names it. */
export type DemoIntent = (typeof TRIGGER_PHRASES)[number]["intent"];

/**
 * A user message that starts the demo agent's `intent`, built from the server's own trigger table so the
 * suite follows the agent's words instead of repeating them.
 */
export function triggerPhrase(intent: DemoIntent): string {
  const trigger = TRIGGER_PHRASES.find((candidate) => candidate.intent === intent);
  const phrase = trigger?.phrases[0];
  if (phrase === undefined) throw new Error(`the demo agent has no trigger for ${intent}`);
  return `please ${phrase} now`;
}
