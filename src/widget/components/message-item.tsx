import type { ChatMessage } from "../../transport/conversation.ts";
import { formatTime } from "../format.ts";
import { renderMarkdown } from "../markdown/index.ts";
import { AttachmentList } from "./attachment-list.tsx";
import { Avatar } from "./avatar.tsx";
import { useModel } from "./model-context.ts";
import { SuggestionList } from "./suggestion-list.tsx";

/** Props of one transcript entry; all are compared by identity so an unchanged message skips rendering. */
export interface MessageItemProps {
  message: ChatMessage;
  /** The first of a run by the same author shows the author's name and avatar. */
  showAuthor: boolean;
  /** Only the latest agent message of an open conversation offers its suggestions. */
  showSuggestions: boolean;
}

function MessageView({ message, showAuthor, showSuggestions }: MessageItemProps) {
  const model = useModel();
  const strings = model.locale.value;
  const { role, status } = message;
  const fromUser = role === "user";
  return (
    <div
      part={`message message-${role}`}
      class={`message ${role} ${status ?? ""}`}
      data-message-id={message.id}
      data-status={fromUser ? status : undefined}
    >
      {showAuthor && !fromUser && (
        <div class="author">
          <Avatar participant={message.author} />
          <span>{message.author?.name ?? strings.agent}</span>
        </div>
      )}
      {fromUser && <span class="hidden">{strings.you}:</span>}
      <div class="bubble" dir="auto">{fromUser ? message.text : renderMarkdown(message.text)}</div>
      {!fromUser && <AttachmentList attachments={message.attachments} />}
      <div class="meta">
        <time>{formatTime(message.time, strings.code)}</time>
        {status === "sending" && <span>{strings.sending}</span>}
        {status === "failed" && (
          <>
            <span class="failed-text">{strings.failed}</span>
            <button type="button" onClick={() => model.client.retry(message.id)}>
              {strings.retry}
            </button>
          </>
        )}
      </div>
      {showSuggestions && <SuggestionList suggestions={message.suggestions} />}
    </div>
  );
}

/**
 * One message of the transcript, re-rendered only when its message object or flags change: @preact/signals
 * skips a component that reads signals when its props are shallowly equal, so no memo wrapper is needed.
 */
export const MessageItem = MessageView;
