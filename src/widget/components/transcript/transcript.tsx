import type { JSX } from "preact";
import { useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { pluralText } from "../../locales/locale-strings.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { Icon } from "../icons/icons.tsx";
import { SessionEnd } from "../notices/session-end.tsx";
import { TranscriptBlock } from "./transcript-block.tsx";
import { layOutTranscript, type TranscriptLayout } from "./transcript-entries.ts";
import { TypingIndicator } from "./typing-indicator.tsx";
import { Welcome } from "./welcome.tsx";

// How close to the end, in pixels, still counts as reading the latest messages.
const bottomSlack = 32;

/**
 * The conversation log: the welcome (a skeleton of the messages to come while the first connection is
 * made), then messages grouped by author with day separators, notices and the handoff's story in place (see
 * `transcriptEntries`), in blocks laid out again only from where the transcript changed (see
 * `layOutTranscript`), the typing indicator and the end of the session. It
 * follows new content only while the reader is at the bottom, or when the user has just sent a message;
 * otherwise it offers a button with an arrow and the count of messages the reader has not seen ("New
 * messages" when only a notice came), which goes as soon as the newest entry starts to show, so it never covers it. While the reader is at the bottom it also stays
 * there when the log's box or its content changes size (a banner above it, an image that loads late),
 * where ResizeObserver exists. The log itself is not live: finished messages are announced elsewhere, so
 * a screen reader never reads a streamed message word by word.
 */
export function Transcript({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const messages = model.messages.value;
  const notices = model.notices.value;
  const story = model.story.value;
  const ended = model.ended.value;
  const log = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const scrollPosition = useRef(0);
  const entries = messages.length + notices.length + story.entries.length;
  const seenEntries = useRef(entries);
  const [unseen, setUnseen] = useState(false);
  // How many messages the reader has seen (at the end, or once the newest showed), and how many there are:
  // the button counts the rest.
  const seenMessages = useRef(messages.length);
  const shownMessages = useRef(messages.length);
  shownMessages.current = messages.length;
  const last = messages[messages.length - 1];
  const unseenCount = messages.length - seenMessages.current;
  const layout = useRef<TranscriptLayout | null>(null);

  // Made once, as they read only refs and a state setter: the log keeps the same handlers every frame.
  const { scrollToEnd, onLoad, onScroll } = useMemo(() => {
    const scrollToEnd = () => {
      const element = log.current!;
      element.scrollTop = element.scrollHeight;
      scrollPosition.current = element.scrollTop;
      atBottom.current = true;
      seenMessages.current = shownMessages.current;
      setUnseen(false);
    };
    return {
      scrollToEnd,
      onLoad: () => atBottom.current && scrollToEnd(),
      onScroll: ({ currentTarget: element }: JSX.TargetedUIEvent<HTMLDivElement>) => {
        const moved = element.scrollTop !== scrollPosition.current;
        const reachesEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= bottomSlack;
        scrollPosition.current = element.scrollTop;
        // A box that shrinks fires scroll without moving: the reader did not leave the end, so the resize
        // handler keeps them there.
        if (moved || reachesEnd) atBottom.current = reachesEnd;
        // The button goes as soon as the newest entry starts to show, so it never covers that entry.
        // The newest entry is the last row of the last block, or what follows the blocks (typing, the end).
        const last = content.current!.lastElementChild!;
        const newest = (last.classList.contains("block") ? last.lastElementChild! : last).getBoundingClientRect();
        if (!atBottom.current && newest.top >= element.getBoundingClientRect().bottom) return;
        seenMessages.current = shownMessages.current;
        setUnseen(false);
      },
    };
  }, []);
  useLayoutEffect(() => {
    if (typeof ResizeObserver !== "function") return;
    // A size change moves the end without a scroll event; `atBottom` still holds where the reader was before it.
    const observer = new ResizeObserver(() => {
      if (atBottom.current) scrollToEnd();
    });
    observer.observe(log.current!);
    observer.observe(content.current!);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    const grew = entries > seenEntries.current;
    seenEntries.current = entries;
    if (!atBottom.current && !(grew && last?.role === "user")) {
      if (grew) setUnseen(true);
      return;
    }
    seenMessages.current = messages.length;
    // Where ResizeObserver exists it scrolls, once the browser has laid the new content out anyway: scrolling
    // here would force a layout of the whole log in the middle of every frame of a stream.
    if (typeof ResizeObserver === "function") atBottom.current = true;
    else scrollToEnd();
  }, [messages, notices, story, model.typing.value, ended]);

  // Read in render: the blocks before the first change are kept as they were, and are not rendered again.
  layout.current = layOutTranscript(layout.current, messages, notices, story, Date.now());
  const { blocks } = layout.current;
  const suggestionsFor = !ended && last && last.role !== "user" ? last : null;

  return (
    <div class="body">
      <div
        ref={log}
        part="log"
        class="log"
        role="log"
        aria-live="off"
        aria-label={strings.conversation}
        tabIndex={0}
        // An image that loads after its message has rendered makes the log taller without a scroll event; this
        // covers browsers without ResizeObserver.
        onLoadCapture={onLoad}
        onScroll={onScroll}
      >
        <div ref={content} class="entries">
          {model.connectionStatus.value === "connecting" && !messages.length ? (
            <div class="skeleton" aria-hidden="true">
              <i />
              <i />
              <i />
            </div>
          ) : (
            <Welcome model={model} />
          )}
          {blocks.map((block, index) => {
            // Only the last block holds the latest message: the others keep their props, and are not rendered.
            const latest = index === blocks.length - 1;
            return (
              <TranscriptBlock
                key={block.key}
                model={model}
                rows={block.rows}
                suggestionsFor={latest ? suggestionsFor : null}
                latest={latest}
              />
            );
          })}
          <TypingIndicator model={model} />
          {ended && <SessionEnd model={model} end={ended} />}
        </div>
      </div>
      {unseen && (
        <button
          class="new-messages"
          onClick={() => {
            scrollToEnd();
            // The button goes once the end is in view; the input is where reading the reply leads.
            model.focusInput();
          }}
        >
          <Icon name="down" />
          {unseenCount > 0 ? pluralText(strings.unread, strings.code, unseenCount) : strings.newMessages}
        </button>
      )}
    </div>
  );
}
