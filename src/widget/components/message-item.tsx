import type { ChatMessage } from "../../transport/conversation.ts";
import { formatTime } from "../format.ts";
import { renderMarkdown } from "../markdown/index.ts";
import type { ChatModel } from "../model/chat-model.ts";
import { AttachmentList } from "./attachment-list.tsx";
import { Avatar } from "./avatar.tsx";
import { SuggestionList } from "./suggestion-list.tsx";

/** Props of one transcript entry; all are compared by identity so an unchanged message skips rendering. */
export interface MessageItemProps {
  model: ChatModel;
  message: ChatMessage;
  /** The first of a run by the same author shows the author's name and avatar. */
  showAuthor: boolean;
  /** Only the latest agent message of an open conversation offers its suggestions. */
  showSuggestions: boolean;
}

/**
 * One message of the transcript: agent text as Markdown, user text as typed. Re-rendered only when its
 * message object or flags change: @preact/signals skips a component that reads signals when its props are
 * shallowly equal, so no memo wrapper is needed.
 */
export function MessageItem({ model, message, showAuthor, showSuggestions }: MessageItemProps) {
  const strings = model.locale.value;
  const { id, role, status, author } = message;
  const fromUser = role === "user";
  return (
    <div part={`message message-${role}`} class={`message ${role} ${status ?? ""}`} data-message-id={id} data-status={status}>
      {showAuthor && (
        <div class="author">
          <Avatar participant={author ?? null} />
          {author?.name ?? strings.agent}
        </div>
      )}
      {fromUser && <span class="hidden">{strings.you}:</span>}
      <div class="bubble" dir="auto">
        {fromUser ? message.text : renderMarkdown(message.text)}
      </div>
      <AttachmentList attachments={message.attachments} />
      <div class="meta">
        <time>{formatTime(message.time, strings.code)}</time>
        {status === "sending" && strings.sending}
        {status === "failed" && (
          <>
            <strong>{strings.failed}</strong>
            <button onClick={() => model.client.retry(id)}>
              {strings.retry}
            </button>
          </>
        )}
      </div>
      {showSuggestions && <SuggestionList model={model} suggestions={message.suggestions} />}
    </div>
  );
}
