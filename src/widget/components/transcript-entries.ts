import type { ChatMessage, Notice } from "../../transport/conversation.ts";
import { dayOf } from "../format.ts";
import type { ConversationStory, StoryEntry } from "../model/conversation-story.ts";

/** One row of the transcript, in reading order. */
export type TranscriptEntry =
  | {
      kind: "message";
      key: string;
      message: ChatMessage;
      /** Opens a group: consecutive messages by one author, with nothing between and no long pause. */
      first: boolean;
      /** Closes its group, and so shows the group's time. */
      last: boolean;
    }
  | { kind: "notice"; key: string; notice: Notice }
  | { kind: "story"; key: string; entry: StoryEntry }
  | { kind: "day"; key: string; time: number }
  /** The divider below the messages of an earlier conversation, kept in the browser after its session ended. */
  | { kind: "earlier"; key: string };

/** A pause after which the next message by the same author starts a new group, with its own time. */
const groupPause = 5 * 60_000;

const authorOf = (message: ChatMessage): string => `${message.role} ${message.author?.id ?? message.author?.name ?? ""}`;

/**
 * The transcript in reading order: messages in their order; notices (less those the story hides) placed by
 * time; story entries after the messages that preceded them, ordered by time among notices in the same
 * place; a day separator before the first row of each new day (before the first row too, when that day is
 * not `now`'s), dated by messages and notices only, whose clocks agree; and each message marked first or
 * last of its group; the `earlier` divider after the last message of an earlier conversation. Pure.
 */
export function transcriptEntries(
  messages: readonly ChatMessage[],
  notices: readonly Notice[],
  story: ConversationStory,
  now: number,
): TranscriptEntry[] {
  const rows: TranscriptEntry[] = [];
  const shownNotices = notices.filter((notice) => !story.hiddenNotices.has(notice.id));
  let noticeIndex = 0;
  let storyIndex = 0;
  // Starting from today's date puts a separator before a first row of another day.
  let day = dayOf(now);
  const dated = (time: number) => {
    if (dayOf(time) !== day) rows.push({ kind: "day", key: `day ${time}`, time });
    day = dayOf(time);
  };
  // Everything that comes before message `position`; `time` is that message's (Infinity after the last).
  const addBefore = (position: number, time: number) => {
    for (;;) {
      const notice = shownNotices[noticeIndex];
      const entry = story.entries[storyIndex];
      const noticeDue = notice !== undefined && notice.time <= time;
      const entryDue = entry !== undefined && entry.after <= position;
      if (noticeDue && (!entryDue || notice.time <= entry.time)) {
        dated(notice.time);
        rows.push({ kind: "notice", key: `notice ${notice.id}`, notice });
        noticeIndex++;
      } else if (entryDue) {
        rows.push({ kind: "story", key: entry.id, entry });
        storyIndex++;
      } else {
        return;
      }
    }
  };
  messages.forEach((message, position) => {
    addBefore(position, message.time);
    dated(message.time);
    const previous = rows[rows.length - 1];
    const continues =
      previous?.kind === "message" && authorOf(previous.message) === authorOf(message) && message.time - previous.message.time < groupPause;
    if (continues) previous.last = false;
    rows.push({ kind: "message", key: message.id, message, first: !continues, last: true });
    if (message.earlier && !messages[position + 1]?.earlier) rows.push({ kind: "earlier", key: "earlier" });
  });
  addBefore(Infinity, Infinity);
  return rows;
}
