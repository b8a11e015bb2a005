import type { ChatMessage, Participant } from "../../../transport/conversation.ts";
import { extrasFile } from "../../extras/extras-file.ts";
import { formatTime } from "../../text/format.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { AgentText } from "./agent-text.tsx";
import { Avatar } from "../icons/avatar.tsx";
import { MessageActions } from "./message-actions.tsx";
import { SuggestionList } from "./suggestion-list.tsx";

/** Props of one transcript entry; all are compared by identity so an unchanged message skips rendering. */
export interface MessageItemProps {
  model: ChatModel;
  message: ChatMessage;
  /** Who wrote an agent message, shown when it opens its group: its author, or the agent's best-known identity. */
  author: Participant | undefined;
  /** The first of a group shows the author's picture and name (agents only). */
  first: boolean;
  /** The last of a group shows the group's time. */
  last: boolean;
  /** Only the latest agent message of an open conversation offers its suggestions, or Try again when it was cut. */
  showSuggestions: boolean;
}

/**
 * One message of the transcript: agent text as Markdown, user text as typed. Re-rendered only when its
 * message object or flags change (its growing text while it streams re-renders its bubble alone): @preact/signals
 * skips a component that reads signals when its props are shallowly equal, so no memo wrapper is needed. A
 * message still sending, not delivered or not confirmed says so whatever its place in the group, the last
 * two with a Retry button; an agent message whose answer was cut says so in words, the latest with Try again.
 */
export function MessageItem({ model, message, author, first, last, showSuggestions }: MessageItemProps) {
  const strings = model.locale.value;
  const { id, role, status } = message;
  const fromUser = role === "user";
  // Attachments come with the extras' file, which the first message that has any asks for.
  const AttachmentList = message.attachments.length > 0 && extrasFile()?.AttachmentList;
  return (
    <div
      part={`message message-${role}`}
      class={`message ${role} ${status ?? ""} ${first ? "first" : ""}`}
      data-message-id={id}
      data-status={status}
    >
      {first && author && (
        <div class="author">
          <Avatar participant={author} />
          {author.name}
        </div>
      )}
      {fromUser && <span class="hidden">{strings.you}:</span>}
      {fromUser ? (
        <div class="bubble" dir="auto">
          {message.text}
        </div>
      ) : (
        <AgentText model={model} message={message} />
      )}
      {AttachmentList && <AttachmentList attachments={message.attachments} />}
      {message.incomplete && (
        <p class="meta incomplete">
          {strings.incomplete}
          {showSuggestions && (
            <button part="retry" onClick={() => model.client.retry(id)}>
              {strings.tryAgain}
            </button>
          )}
        </p>
      )}
      {!fromUser && !message.streaming && <MessageActions model={model} message={message} />}
      {(last || (status && status !== "sent")) && (
        <div class="meta">
          {last && <time>{formatTime(message.time, strings.code)}</time>}
          {status === "sending" && strings.sending}
          {(status === "failed" || status === "unconfirmed") && (
            <>
              <strong>{strings[status]}</strong>
              <button part="retry" onClick={() => model.client.retry(id)}>
                {strings.retry}
              </button>
            </>
          )}
        </div>
      )}
      {showSuggestions && <SuggestionList model={model} suggestions={message.suggestions} />}
    </div>
  );
}
