import { describe, expect, it } from "vitest";
import type { ChatMessage, Notice } from "../../../../src/transport/conversation.ts";
import {
  layOutTranscript,
  transcriptEntries,
  type TranscriptEntry,
  type TranscriptLayout,
} from "../../../../src/widget/components/transcript/transcript-entries.ts";
import { dayOf } from "../../../../src/widget/text/format.ts";
import { emptyStory, type ConversationStory } from "../../../../src/widget/model/conversation-story.ts";
import { agentMessage, userMessage } from "../../support/fake-chat-client.ts";
import { seededRandom } from "../../../support/seeded-random.ts";

const start = new Date(2026, 0, 5, 22, 0).getTime();
const now = new Date(2026, 0, 6, 12, 0).getTime();

/** A transcript of `count` messages, a minute apart, agents and the visitor taking turns in runs. */
function conversation(count: number, first = 0): ChatMessage[] {
  return Array.from({ length: count }, (_, index) => {
    const at = first + index;
    const time = start + at * 60_000;
    return at % 3 === 2
      ? { ...userMessage(`u${at}`, "question"), time }
      : agentMessage(`a${at}`, "answer", { time, author: { name: "Ava" } });
  });
}

/**
 * The transcript's rows laid out in one pass, as the widget did before it laid them out in blocks: the
 * oracle the blocks must agree with.
 */
function referenceEntries(
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
  let lastMessage: Extract<TranscriptEntry, { kind: "message" }> | undefined;
  messages.forEach((message, position) => {
    addBefore(position, message.time);
    dated(message.time);
    const previous = lastMessage;
    const soon = previous !== undefined && message.time - previous.message.time < groupPause;
    // The time shows once per run of messages without a long pause, whoever wrote them.
    if (soon) previous.last = false;
    const continues = soon && rows[rows.length - 1] === previous && authorOf(previous.message) === authorOf(message);
    lastMessage = { kind: "message", key: message.id, message, first: !continues, last: true };
    rows.push(lastMessage);
  });
  addBefore(Infinity, Infinity);
  return rows;
}

const groupPause = 5 * 60_000;
const authorOf = (message: ChatMessage): string => `${message.role} ${message.author?.id ?? message.author?.name ?? ""}`;

/** No notices: one array, as a snapshot keeps its parts' identity. */
const none: Notice[] = [];

const notice = (id: string, time: number): Notice => ({ id, level: "info", code: "new-session", time });

describe("the transcript's layout", () => {
  it("lays a long transcript out in blocks that each end where a group ends", () => {
    const layout = layOutTranscript(null, conversation(2000), none, emptyStory, now);
    expect(layout.blocks.length).toBeGreaterThan(40);
    for (const [index, block] of layout.blocks.entries()) {
      const firstMessage = block.rows.find((row) => row.kind === "message");
      if (index > 0 && firstMessage?.kind === "message") expect(firstMessage.first).toBe(true);
    }
    expect(layout.blocks.flatMap((block) => block.rows)).toEqual(referenceEntries(conversation(2000), none, emptyStory, now));
  });

  it("goes on with a group too long for one block in the next, the same whether laid out at once or as it grew", () => {
    const run = Array.from({ length: 1000 }, (_, index) => agentMessage(`a${index}`, "answer", { time: start + index * 1000 }));
    const whole = layOutTranscript(null, run, none, emptyStory, now);
    expect(whole.blocks.length).toBeGreaterThan(4);
    for (const block of whole.blocks) expect(block.rows.length).toBeLessThanOrEqual(161);
    let grown = layOutTranscript(null, [], none, emptyStory, now);
    for (let count = 1; count <= run.length; count++) grown = layOutTranscript(grown, run.slice(0, count), none, emptyStory, now);
    expect(grown.blocks.map((block) => block.rows)).toEqual(whole.blocks.map((block) => block.rows));
  });

  it("keeps every block but the last two when a message is added, or one changes, at the end of 2,000", () => {
    const messages = conversation(2000);
    const before = layOutTranscript(null, messages, none, emptyStory, now);
    const added = layOutTranscript(before, [...messages, ...conversation(1, 2000)], none, emptyStory, now);
    const changed = layOutTranscript(
      added,
      [...added.messages.slice(0, -1), { ...added.messages.at(-1)!, text: "done" }],
      none,
      emptyStory,
      now,
    );
    for (const [previous, next] of [
      [before, added],
      [added, changed],
    ] as const) {
      const renewed = next.blocks.filter((block, index) => previous.blocks[index]?.rows !== block.rows);
      expect(renewed.length).toBeLessThanOrEqual(2);
    }
  });

  it("lays out again the block before a change at the start of a block, whose last group the change may carry on", () => {
    const messages = conversation(400);
    const before = layOutTranscript(null, messages, none, emptyStory, now);
    const second = before.blocks[1]!.rows.find((row) => row.kind === "message")!;
    const position = messages.findIndex((message) => second.kind === "message" && message === second.message);
    const previous = messages[position - 1]!;
    const carryingOn = { ...previous, id: "carries-on", time: previous.time + 30_000 };
    const changed = messages.map((message, index) => (index === position ? carryingOn : message));
    const after = layOutTranscript(before, changed, none, emptyStory, now);
    expect(after.blocks.flatMap((block) => block.rows)).toEqual(referenceEntries(changed, none, emptyStory, now));
  });

  for (const seed of [11, 12, 13, 14, 15]) {
    it(`lays out from the previous layout what it lays out from nothing, through any change (seed ${seed})`, () => {
      const random = seededRandom(seed);
      let messages: ChatMessage[] = conversation(150);
      let notices: Notice[] = [];
      let story: ConversationStory = emptyStory;
      let layout: TranscriptLayout | null = null;
      let today = now;
      for (let step = 0; step < 120; step++) {
        const roll = random();
        const at = Math.floor(random() * messages.length);
        if (roll < 0.4)
          messages = [
            ...messages,
            ...conversation(1 + Math.floor(random() * 3), (messages.at(-1)?.time ?? start) / 60_000 - start / 60_000 + 1),
          ];
        else if (roll < 0.55 && messages[at])
          messages = messages.map((message, index) => (index === at ? { ...message, text: `changed ${step}` } : message));
        else if (roll < 0.65 && messages[at]) messages = [...messages.filter((_, index) => index !== at), messages[at]!];
        else if (roll < 0.75) notices = [...notices, notice(`n${step}`, start + Math.floor(random() * messages.length) * 60_000)];
        else if (roll < 0.85) {
          const entry = {
            kind: "handoff" as const,
            id: `story-${story.count}`,
            after: at,
            time: start + at * 60_000,
            handoff: { phase: "triggered" as const },
          };
          story = { ...story, entries: [...story.entries, entry].sort((left, right) => left.after - right.after), count: story.count + 1 };
        } else if (roll < 0.9 && notices.length > 0) story = { ...story, hiddenNotices: new Set([notices[0]!.id]) };
        else if (roll < 0.93) today += 24 * 3_600_000;
        else messages = messages.slice(0, at);
        layout = layOutTranscript(layout, messages, notices, story, today);
        expect(layout.blocks.flatMap((block) => block.rows)).toEqual(referenceEntries(messages, notices, story, today));
        expect(transcriptEntries(messages, notices, story, today)).toEqual(referenceEntries(messages, notices, story, today));
      }
    });
  }
});
