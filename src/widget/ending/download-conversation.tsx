import type { ChatModel } from "../model/chat-model.ts";
import { conversationText, saveText } from "./conversation-text.ts";

/** The button that saves the conversation as a text file made in the page, named by the panel's title. */
export function DownloadConversation({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  return (
    <button
      class="action"
      onClick={() => {
        const title = model.title.value ?? strings.title;
        saveText(conversationText(model.messages.value, title, model.identity.value, strings), `${title}.txt`);
      }}
    >
      {strings.downloadConversation}
    </button>
  );
}
