import type { JSX } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { MessageItem } from "./message-item.tsx";
import { useModel } from "./model-context.ts";
import { NoticeItem } from "./notice-item.tsx";
import { SessionEnd } from "./session-end.tsx";
import { TypingIndicator } from "./typing-indicator.tsx";

// How close to the end, in pixels, still counts as reading the latest messages.
const bottomSlack = 32;

/**
 * The conversation log: messages with notices interleaved by time, the typing indicator and the end of the
 * session. It follows new content only while the reader is at the bottom; otherwise it offers a
 * "New messages" button. The log itself is not live: finished messages are announced elsewhere, so a
 * screen reader never reads a streamed message word by word.
 */
export function Transcript() {
  const model = useModel();
  const strings = model.locale.value;
  const messages = model.messages.value;
  const notices = model.notices.value;
  const ended = model.ended.value;
  const typing = model.typing.value;
  const log = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef({ count: messages.length, notices: notices.length });
  const [unseen, setUnseen] = useState(false);
  const last = messages[messages.length - 1];

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const grew = messages.length > seen.current.count || notices.length > seen.current.notices;
    seen.current = { count: messages.length, notices: notices.length };
    if (atBottom.current || (grew && last?.role === "user")) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    } else if (grew) setUnseen(true);
  }, [messages, notices, typing, ended, last]);

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= bottomSlack;
    if (atBottom.current) setUnseen(false);
  };

  const items: JSX.Element[] = [];
  let noticeIndex = 0;
  const pushNoticesUntil = (time: number) => {
    for (let notice = notices[noticeIndex]; notice && notice.time <= time; notice = notices[++noticeIndex]) {
      items.push(<NoticeItem key={`notice ${notice.id}`} notice={notice} />);
    }
  };
  messages.forEach((message, index) => {
    pushNoticesUntil(message.time);
    const previous = messages[index - 1];
    items.push(
      <MessageItem
        key={message.id}
        message={message}
        showAuthor={message.role !== "user" && (previous?.role !== message.role || previous.author?.name !== message.author?.name)}
        showSuggestions={!ended && message === last && message.role !== "user"}
      />,
    );
  });
  pushNoticesUntil(Infinity);

  return (
    <div class="body">
      <div ref={log} part="log" class="log" role="log" aria-live="off" aria-label={strings.conversation} tabIndex={0} onScroll={onScroll}>
        {items}
        <TypingIndicator />
        {ended && <SessionEnd end={ended} />}
      </div>
      {unseen && (
        <button
          type="button"
          class="new-messages"
          onClick={() => {
            if (log.current) log.current.scrollTop = log.current.scrollHeight;
            atBottom.current = true;
            setUnseen(false);
          }}
        >
          {strings.newMessages}
        </button>
      )}
    </div>
  );
}
