/** What the demo agent does, chosen from what the user typed. */
export type Intent =
  | "table"
  | "markdown"
  | "image"
  | "link"
  | "long"
  | "live-handoff"
  | "client-handoff"
  | "booking"
  | "handoff-fail"
  | "handoff-timeout"
  | "busy"
  | "french"
  | "english"
  | "goodbye"
  | "fallback";

/** One documented trigger: the words that start it and what the agent then does. */
export interface TriggerPhrase {
  phrases: readonly string[];
  description: string;
}

/**
 * The demo agent's triggers, in the order they are tried: the first whose word or phrase appears in the
 * user's message (case-insensitive, as whole words) wins. Anything else gets the fallback answer.
 */
export const TRIGGER_PHRASES: readonly (TriggerPhrase & { intent: Exclude<Intent, "fallback"> })[] = [
  { intent: "handoff-fail", phrases: ["handoff fail"], description: "a handoff that fails; the service agent rejoins" },
  {
    intent: "handoff-timeout",
    phrases: ["handoff timeout"],
    description: "a handoff that times out in the queue; the service agent rejoins",
  },
  {
    intent: "live-handoff",
    phrases: ["agent", "human"],
    description: 'handoff to a simulated live agent with queue status and typing; type "bye" to let the live agent close the conversation',
  },
  {
    intent: "client-handoff",
    phrases: ["callback", "phone"],
    description: "client-managed handoff: the embedding site must route the user itself",
  },
  {
    intent: "booking",
    phrases: ["book a table", "booking", "reservation"],
    description: "a link to the demo site's booking page; confirming there lets the site tell the agent, which confirms in the chat",
  },
  { intent: "table", phrases: ["table", "compare"], description: "an answer with a table, strikethrough and a quote" },
  { intent: "markdown", phrases: ["markdown"], description: "an answer with bold, italics, lists, a link, inline code and a code block" },
  { intent: "image", phrases: ["image"], description: "an answer with an image attachment" },
  { intent: "link", phrases: ["link"], description: "an answer with a link card and a call to action" },
  { intent: "long", phrases: ["long"], description: "a long answer of several paragraphs (streamed when streaming is on)" },
  { intent: "busy", phrases: ["busy"], description: "the platform's high-load warning" },
  {
    intent: "french",
    phrases: ["français", "francais", "french", "language"],
    description: "switches the conversation to French (LANGUAGE_CHANGED to fr)",
  },
  { intent: "english", phrases: ["english"], description: "switches the conversation back to English" },
  { intent: "goodbye", phrases: ["goodbye", "bye", "end"], description: "the agent concludes and the session ends naturally" },
];

const farewellWords = ["goodbye", "bye", "end", "au revoir"];

/** Picks the intent of a user message; see `TRIGGER_PHRASES`. */
export function intentOf(text: string): Intent {
  const normalized = text.toLowerCase();
  for (const trigger of TRIGGER_PHRASES) {
    if (trigger.phrases.some((phrase) => containsWords(normalized, phrase))) return trigger.intent;
  }
  return "fallback";
}

/** Whether a message to a live agent says goodbye (which lets the live agent close the conversation). */
export function isFarewell(text: string): boolean {
  const normalized = text.toLowerCase();
  return farewellWords.some((word) => containsWords(normalized, word));
}

function containsWords(text: string, phrase: string): boolean {
  const words = phrase.split(/\s+/).map(escapeRegExp).join("\\s+");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${words}($|[^\\p{L}\\p{N}])`, "u").test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
