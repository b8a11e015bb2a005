import type { ChatMessage, Participant } from "../../transport/conversation.ts";
import { formatDay, formatTime } from "../text/format.ts";
import type { LocaleStrings } from "../locales/index.ts";
import { markdownPlainText } from "../markdown/index.ts";

/**
 * The conversation as plain text, for the visitor to keep: the title and the day it began, then each message
 * with its time and author ("You" for the visitor's, `agent` for an agent's that names nobody), agent text as
 * the reader saw it (no Markdown marks), in the locale's words and formats.
 */
export function conversationText(messages: readonly ChatMessage[], title: string, agent: Participant, strings: LocaleStrings): string {
  const lines = messages.map((message) => {
    const author = message.role === "user" ? strings.you : (message.author ?? agent).name;
    const text = message.role === "user" ? message.text : markdownPlainText(message.text);
    return `${formatTime(message.time, strings.code)} ${author}: ${text}`;
  });
  const day = messages[0] ? ` · ${formatDay(messages[0].time, strings.code)}` : "";
  return `${title}${day}\n\n${lines.join("\n\n")}\n`;
}

/** Saves `text` as the file `name`, made in the page: nothing is sent anywhere. */
export function saveText(text: string, name: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  link.download = name;
  link.click();
  // Later, not at once: some browsers read the file only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
