import type { ChatMessage } from "../../../transport/conversation.ts";
import { MarkdownBody } from "../../markdown/index.ts";
import type { ChatModel } from "../../model/chat-model.ts";

/**
 * The bubble of an agent message: its text, as `model.textOf` reads it now, shown as Markdown. It reads
 * that text itself, so a streaming message's growing text re-renders the bubble alone, not the message.
 */
export function AgentText({ model, message }: { model: ChatModel; message: ChatMessage }) {
  return <MarkdownBody class="bubble" dir="auto" text={model.textOf(message)} />;
}
