import type { ChatMessage } from "../../../transport/conversation.ts";
import { extrasFile } from "../../extras/extras-file.ts";
import { formatDay } from "../../text/format.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { MessageBoundary } from "../messages/message-boundary.tsx";
import { NoticeItem } from "../notices/notice-item.tsx";
import type { TranscriptEntry } from "./transcript-entries.ts";

/** Props of one block of the transcript; compared by identity, so a block whose rows stayed is not rendered again. */
export interface TranscriptBlockProps {
  model: ChatModel;
  rows: readonly TranscriptEntry[];
  /** The message whose suggestions show, when it is in this block: the latest agent message of an open conversation. */
  suggestionsFor: ChatMessage | null;
  /** The last block: its rows ease in as they come, and as the panel opens (the others do not, however many). */
  latest: boolean;
}

/**
 * A run of the transcript's rows (see `layOutTranscript`) in a box the browser lays out and paints only
 * while it is near the view (`content-visibility`), so a long transcript scrolls and grows as cheaply as a
 * short one. Its rows stay in the document, for a screen reader and the page's search.
 */
export function TranscriptBlock({ model, rows, suggestionsFor, latest }: TranscriptBlockProps) {
  const strings = model.locale.value;
  const identity = model.identity.value;
  return (
    <div class={latest ? "block latest" : "block"}>
      {rows.map((row) => {
        switch (row.kind) {
          case "message": {
            const { message } = row;
            return (
              <MessageBoundary
                key={row.key}
                model={model}
                message={message}
                author={message.role === "user" ? undefined : (message.author ?? identity)}
                first={row.first}
                last={row.last}
                showSuggestions={message === suggestionsFor}
              />
            );
          }
          case "notice":
            return <NoticeItem key={row.key} notice={row.notice} model={model} />;
          case "story": {
            // The handoff's story line comes with the extras' file, which its first line asks for.
            const StoryItem = extrasFile()?.StoryItem;
            return StoryItem && <StoryItem key={row.key} entry={row.entry} model={model} />;
          }
          case "earlier":
            return (
              <p key={row.key} part="earlier" class="day" role="separator">
                {strings.earlierConversation}
              </p>
            );
          default:
            return (
              <p key={row.key} class="day">
                {formatDay(row.time, strings.code)}
              </p>
            );
        }
      })}
    </div>
  );
}
