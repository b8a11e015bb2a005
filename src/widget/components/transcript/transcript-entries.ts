import type { ChatMessage, Notice } from "../../../transport/conversation.ts";
import { dayOf } from "../../text/format.ts";
import type { ConversationStory, StoryEntry } from "../../model/conversation-story.ts";

/** One row of the transcript, in reading order. */
export type TranscriptEntry =
  | {
      kind: "message";
      key: string;
      message: ChatMessage;
      /** Opens a group: consecutive messages by one author, with nothing between and no long pause. */
      first: boolean;
      /**
       * Closes its time group, and so shows the group's time: the next message, by anyone, comes after a long
       * pause, or there is none yet.
       */
      last: boolean;
    }
  | { kind: "notice"; key: string; notice: Notice }
  | { kind: "story"; key: string; entry: StoryEntry }
  | { kind: "day"; key: string; time: number }
  /** The divider below the messages of an earlier conversation, kept in the browser after its session ended. */
  | { kind: "earlier"; key: string };

/** A run of rows the transcript renders as one unit, and lays out only while it is near the view. */
export interface TranscriptBlock {
  readonly key: string;
  readonly rows: readonly TranscriptEntry[];
}

/** Where a block's rows begin: its first message, and how far the day, the notices and the story had come. */
interface Checkpoint {
  position: number;
  day: number;
  noticeIndex: number;
  storyIndex: number;
}

interface BuiltBlock extends TranscriptBlock {
  readonly checkpoint: Checkpoint;
}

/** The transcript laid out in blocks, with what it was laid out from. */
export interface TranscriptLayout {
  readonly blocks: readonly TranscriptBlock[];
  readonly messages: readonly ChatMessage[];
  readonly notices: readonly Notice[];
  readonly story: ConversationStory;
  readonly today: number;
}

/** Messages in a block before it closes at the next group. */
const blockMessages = 40;

/** A pause after which the next message by the same author starts a new group, with its own time. */
const groupPause = 5 * 60_000;

const authorOf = (message: ChatMessage): string => `${message.role} ${message.author?.id ?? message.author?.name ?? ""}`;

/** Whether `message` carries on the group of `previous`, when nothing stands between them. */
const continues = (previous: ChatMessage | undefined, message: ChatMessage) =>
  previous !== undefined && authorOf(previous) === authorOf(message) && message.time - previous.time < groupPause;

/**
 * The transcript in reading order: messages in their order; notices (less those the story hides) placed by
 * time; story entries after the messages that preceded them, ordered by time among notices in the same
 * place; a day separator before the first row of each new day (before the first row too, when that day is
 * not `now`'s), dated by messages and notices only, whose clocks agree; each message marked first of its
 * author's group, and last of its time group; and the `earlier` divider after the last message of an earlier
 * conversation. Pure.
 */
export function transcriptEntries(
  messages: readonly ChatMessage[],
  notices: readonly Notice[],
  story: ConversationStory,
  now: number,
): TranscriptEntry[] {
  return layOutTranscript(null, messages, notices, story, now).blocks.flatMap((block) => block.rows);
}

/**
 * The rows of {@link transcriptEntries} in blocks of about 40 messages, each ending where a group ends (a group
 * of more than 160 goes on in the next block as a new group). Pure;
 * given the `previous` layout, it lays out again only from the block before the first message that changed
 * (all of it when a notice, the story or the day changed), and keeps every block whose rows are the same
 * as before, so a new message, a status or the end of a stream costs the same in any length of transcript.
 */
export function layOutTranscript(
  previous: TranscriptLayout | null,
  messages: readonly ChatMessage[],
  notices: readonly Notice[],
  story: ConversationStory,
  now: number,
): TranscriptLayout {
  const today = dayOf(now);
  const old = (previous?.blocks ?? []) as readonly BuiltBlock[];
  let kept = 0;
  if (previous && previous.notices === notices && previous.story === story && previous.today === today) {
    let changed = 0;
    const shorter = Math.min(messages.length, previous.messages.length);
    while (changed < shorter && messages[changed] === previous.messages[changed]) changed++;
    // The block holding the message before the change is laid out again too: it may close a group.
    while (kept < old.length && (old[kept + 1]?.checkpoint.position ?? Infinity) < changed) kept++;
  }
  const start = old[kept]?.checkpoint ?? { position: 0, day: today, noticeIndex: 0, storyIndex: 0 };
  const built = buildBlocks(start, messages, notices, story);
  const blocks = [...old.slice(0, kept), ...built];
  return { blocks, messages, notices, story, today };
}

/** The blocks from `start` to the end of the transcript. */
function buildBlocks(
  start: Checkpoint,
  messages: readonly ChatMessage[],
  notices: readonly Notice[],
  story: ConversationStory,
): BuiltBlock[] {
  const shownNotices = notices.filter((notice) => !story.hiddenNotices.has(notice.id));
  const blocks: BuiltBlock[] = [];
  let { day, noticeIndex, storyIndex } = start;
  let rows: TranscriptEntry[] = [];
  let blockStart = start;
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
  let lastMessage: Extract<TranscriptEntry, { kind: "message" }> | undefined;
  const close = (next: Checkpoint) => {
    if (rows.length > 0) blocks.push({ key: rows[0]!.key, rows, checkpoint: blockStart });
    rows = [];
    blockStart = next;
  };
  for (let position = start.position; position < messages.length; position++) {
    const message = messages[position]!;
    // A block ends where a group does, so no block's rows depend on the next block's messages; a group too
    // long for one block (an agent's hundreds of messages in a row) goes on in the next as a new group.
    const full = rows.length >= blockMessages * 4 || (rows.length >= blockMessages && !continues(messages[position - 1], message));
    if (full) close({ position, day, noticeIndex, storyIndex });
    addBefore(position, message.time);
    dated(message.time);
    const previous = lastMessage;
    // One time for a run of messages with no long pause, whoever wrote them: a chat's replies come in turns.
    if (previous && message.time - previous.message.time < groupPause) previous.last = false;
    const carriesOn = previous !== undefined && rows[rows.length - 1] === previous && continues(previous.message, message);
    lastMessage = { kind: "message", key: message.id, message, first: !carriesOn, last: true };
    rows.push(lastMessage);
    if (message.earlier && !messages[position + 1]?.earlier) rows.push({ kind: "earlier", key: "earlier" });
  }
  addBefore(Infinity, Infinity);
  close(blockStart);
  return blocks;
}
