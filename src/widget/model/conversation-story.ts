import type { ConversationSnapshot, HandoffPhase, Participant } from "../../transport/conversation.ts";

/**
 * One line of the story the transcript tells between messages, placed after the first `after` messages:
 * where a handoff stands, or a person who joined or left. `time` orders it among notices in the same place.
 */
export type StoryEntry =
  | { kind: "handoff"; id: string; after: number; time: number; handoff: HandoffPhase }
  | { kind: "joined" | "left"; id: string; after: number; time: number; participant: Participant };

/** The story so far. */
export interface ConversationStory {
  readonly entries: readonly StoryEntry[];
  /** Ids of server notices that repeat what an entry already says, so the reader sees one message. */
  readonly hiddenNotices: ReadonlySet<string>;
  /** How many entries were ever made; a new entry's id. */
  readonly count: number;
}

export const emptyStory: ConversationStory = { entries: [], hiddenNotices: new Set(), count: 0 };

/** Phases of a handoff still under way: one entry tells them, updated in place. */
const progressPhases: readonly string[] = ["triggered", "accepted", "queued"];
/** Phases that settle a handoff without a person joining: they replace the progress entry. */
const outcomePhases: readonly string[] = ["failed", "timed-out", "client-handoff-required"];
/** Phases during which the server's "could not connect" notice repeats what the story says. */
const failedPhases: readonly string[] = ["failed", "timed-out"];

const sameParticipant = (left: Participant | null, right: Participant | null): boolean =>
  left === right || (!!left && !!right && (left.id ?? left.name) === (right.id ?? right.name));

/**
 * The story after one step of the conversation from `previous` to `next`. Pure; returns `story` itself
 * when the step adds nothing. A handoff gets one entry, made at its first phase and updated in place
 * through the queue to its outcome; when a person joins it gives way to "joined". A live agent's arrival
 * and departure are entries of their own. A transcript that shrinks is a new conversation: the story starts
 * over.
 */
export function advanceStory(
  story: ConversationStory,
  previous: ConversationSnapshot,
  next: ConversationSnapshot,
  now: number,
): ConversationStory {
  if (next.messages.length < previous.messages.length) story = emptyStory;
  let { entries, hiddenNotices, count } = story;
  const after = next.messages.length;
  const add = (entry: { kind: "handoff"; handoff: HandoffPhase } | { kind: "joined" | "left"; participant: Participant }) => {
    entries = [...entries, { ...entry, id: `story-${count++}`, after, time: now }];
  };
  // A handoff that arrives with the end (the Chat API's) is told once, by the end's banner.
  if (next.handoff !== previous.handoff && !(next.ended && !previous.ended)) {
    const { phase } = next.handoff;
    const last = entries[entries.length - 1];
    const open = last?.kind === "handoff" && progressPhases.includes(last.handoff.phase) ? last : null;
    if (open && (progressPhases.includes(phase) || outcomePhases.includes(phase))) {
      entries = [...entries.slice(0, -1), { ...open, handoff: next.handoff }];
    } else if (open && phase === "live-agent") {
      entries = entries.slice(0, -1);
    } else if (progressPhases.includes(phase) || outcomePhases.includes(phase)) {
      add({ kind: "handoff", handoff: next.handoff });
    }
  }
  if (!sameParticipant(previous.liveAgent, next.liveAgent)) {
    if (previous.liveAgent) add({ kind: "left", participant: previous.liveAgent });
    if (next.liveAgent) add({ kind: "joined", participant: next.liveAgent });
  }
  if (next.notices !== previous.notices && failedPhases.includes(next.handoff.phase)) {
    const repeated = next.notices.filter(
      (notice) =>
        !previous.notices.includes(notice) && (notice.code === "handoff-connect-failed" || notice.code === "handoff-not-initiated"),
    );
    if (repeated.length) hiddenNotices = new Set([...hiddenNotices, ...repeated.map((notice) => notice.id)]);
  }
  return entries === story.entries && hiddenNotices === story.hiddenNotices ? story : { entries, hiddenNotices, count };
}
