import { cloneElement, Component, h, type ComponentChildren, type VNode } from "preact";
import { readBlocks, renderBlock, splitLines } from "./render-blocks.ts";
import { StaticBlock } from "./static-block.ts";

/** A finished top-level block: its source lines, and the key that tells its static block from any other. */
interface FinishedBlock {
  key: number;
  source: string;
}

/** Finished blocks per group: a group is compared as one child while it does not change. */
const GROUP_SIZE = 16;

/**
 * A run of consecutive finished blocks, rendered as their static blocks with no element of its own, and
 * rendered again only when it gained blocks: until it is full, the message's last group does. The elements
 * are made here, fresh, and never kept by the cache: an element Preact mounted keeps links into the tree of
 * that render, and would hold every earlier render of the message, and its text of that time, alive.
 */
class BlockGroup extends Component<{ blocks: readonly FinishedBlock[] }> {
  override shouldComponentUpdate(next: { blocks: readonly FinishedBlock[] }): boolean {
    return next.blocks !== this.props.blocks;
  }

  override render(): ComponentChildren {
    return this.props.blocks.map(({ key, source }) => h(StaticBlock, { key, source }));
  }
}

/**
 * The finished blocks at the start of a message, in groups of at most `GROUP_SIZE`. They hold for any text
 * that starts with `key`: their own lines and the complete line that starts the next block, the furthest
 * any of them looked.
 */
interface FinishedHead {
  key: string;
  /** Where parsing resumes: the start of the next block's first line. */
  resumeAt: number;
  groups: readonly (readonly FinishedBlock[])[];
  /** How many blocks the groups hold. */
  count: number;
}

/** Heads kept, most recently used first: the streaming message's, and a few that finished before it. */
const KEPT_HEADS = 8;
const heads: FinishedHead[] = [];
/** Finished blocks made so far, which numbers their keys. */
let finishedBlocks = 0;

/**
 * A copy of `text` that shares no memory with the string it was cut from. Engines keep a substring as a
 * view of its parent: cut from the text, every kept block's source would pin the text it was parsed from.
 */
const detached = (text: string): string => ` ${text}`.slice(1);

/** Start of line `line` of `text` (lines as `splitLines` cuts them). */
function lineStart(text: string, line: number): number {
  const lineEnd = /\r\n?|\n/g;
  for (let count = 0; count < line; count++) lineEnd.exec(text);
  return lineEnd.lastIndex;
}

/** `groups` with `blocks` added at the end: full groups stay the same arrays, the last one fills up. */
function addToGroups(groups: FinishedHead["groups"], blocks: readonly FinishedBlock[]): FinishedHead["groups"] {
  const last = groups[groups.length - 1];
  const open = last && last.length < GROUP_SIZE ? last : undefined;
  const kept = open ? groups.slice(0, -1) : groups.slice();
  const pending = open ? [...open, ...blocks] : blocks;
  for (let start = 0; start < pending.length; start += GROUP_SIZE) kept.push(pending.slice(start, start + GROUP_SIZE));
  return kept;
}

/**
 * Renders the top-level blocks of `text` as `renderBlocks(text)` does, parsing only what may still change.
 * A block is finished once the block after it starts on a complete line (one a line break ends): text
 * appended later can change neither it nor where it ends. Finished blocks become static blocks (see
 * `StaticBlock`), kept as their source with the text they depend on, and rendered by groups that Preact
 * skips while they are unchanged; so a growing message re-parses only its unfinished tail each frame, and
 * Preact compares a handful of groups and the tail, however long the message has grown.
 */
export function renderWithFinishedBlocks(text: string): ComponentChildren[] {
  const headIndex = heads.findIndex((candidate) => text.startsWith(candidate.key));
  let head = heads[headIndex];
  const from = head?.resumeAt ?? 0;
  const tail = detached(text.slice(from));
  const lines = splitLines(tail);
  const { blocks, firstLines } = readBlocks(lines, 0);
  // Every line but the last is complete.
  let finished = 0;
  while (finished + 1 < firstLines.length && firstLines[finished + 1]! < lines.length - 1) finished++;
  if (headIndex >= 0) heads.splice(headIndex, 1);
  if (finished > 0) {
    const next = firstLines[finished]!;
    const added = Array.from({ length: finished }, (_, index) => ({
      // Each its own key: a block in the place of another is mounted afresh, never patched from it.
      key: ++finishedBlocks,
      source: detached(lines.slice(firstLines[index], firstLines[index + 1]).join("\n")),
    }));
    head = {
      key: text.slice(0, from + lineStart(tail, next + 1)),
      resumeAt: from + lineStart(tail, next),
      groups: addToGroups(head?.groups ?? [], added),
      count: (head?.count ?? 0) + finished,
    };
  }
  if (head) heads.unshift(head);
  heads.splice(KEPT_HEADS);
  const count = head?.count ?? 0;
  return [
    ...(head?.groups ?? []).map((group, index) => h(BlockGroup, { key: `group ${index}`, blocks: group })),
    // Keyed by their place in the message, so each is compared with its own last rendering, never with a
    // block that has just finished and left the tail.
    ...blocks.slice(finished).map((block, index) => cloneElement(renderBlock(block) as VNode, { key: count + index })),
  ];
}
