import type { ComponentChildren } from "preact";
import { readBlocks, renderBlock, splitLines } from "./render-blocks.ts";

/**
 * A top-level block of a message that text appended later can no longer change: where its source lines
 * are, in any text it was read from or that starts like that text.
 */
export interface FinishedBlock {
  readonly start: number;
  readonly end: number;
}

/** What `readMarkdownView` makes of a message's text. */
export interface MarkdownView {
  /**
   * Every finished block, in order. For texts that start alike the lists share their objects: a block at
   * the same place in two views is the same object, and so is every block before it.
   */
  finished: readonly FinishedBlock[];
  /** The rendering of blocks that finished in this very call, which a view still showing them unfinished can take. */
  justFinished: ReadonlyMap<FinishedBlock, ComponentChildren>;
  /** The unfinished blocks at the end, rendered. */
  tail: ComponentChildren[];
}

/**
 * The finished blocks at the start of a message. They hold for any text that starts with `key`: their own
 * lines and the complete line that starts the next block, the furthest any of them looked.
 */
interface FinishedHead {
  key: string;
  /** Where parsing resumes: the start of the next block's first line. */
  resumeAt: number;
  blocks: readonly FinishedBlock[];
}

/** Heads kept, most recently used first: the streaming message's, and a few that finished before it. */
const KEPT_HEADS = 8;
const heads: FinishedHead[] = [];
const nothingJustFinished: ReadonlyMap<FinishedBlock, ComponentChildren> = new Map();

/**
 * A copy of `text` that shares no memory with the string it was cut from. Engines keep a substring as a
 * view of its parent: the strings of a rendering cut from the whole text would pin it.
 */
const detached = (text: string): string => ` ${text}`.slice(1);

/** Where each line of `text` starts (lines as `splitLines` cuts them). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const lineEnd of text.matchAll(/\r\n?|\n/g)) starts.push(lineEnd.index + lineEnd[0].length);
  return starts;
}

/**
 * Reads the top-level blocks of `text` as `renderBlocks(text)` does, parsing only what may still change.
 * A block is finished once the block after it starts on a complete line (one a line break ends): text
 * appended later can change neither it nor where it ends. Finished blocks are kept as their place in the
 * text, with the text they depend on, and come back as the same objects for every text that starts with
 * it; so a growing message re-parses only its unfinished tail each time, and keeps neither a rendering nor
 * a copy of what finished.
 */
export function readMarkdownView(text: string): MarkdownView {
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
  let justFinished = nothingJustFinished;
  if (finished > 0) {
    const offsets = lineStarts(tail);
    const starts = firstLines.slice(0, finished + 1).map((line) => from + offsets[line]!);
    const added = starts.slice(0, -1).map((start, index) => ({ start, end: starts[index + 1]! }));
    justFinished = new Map(added.map((block, index) => [block, renderBlock(blocks[index]!)]));
    head = {
      // Through the line that starts the next block, the furthest the finished ones looked.
      key: text.slice(0, from + offsets[firstLines[finished]! + 1]!),
      resumeAt: starts[finished]!,
      blocks: [...(head?.blocks ?? []), ...added],
    };
  }
  if (head) heads.unshift(head);
  heads.splice(KEPT_HEADS);
  return { finished: head?.blocks ?? [], justFinished, tail: blocks.slice(finished).map(renderBlock) };
}

/** The rendering of a finished block of `text`, parsed again from its lines. */
export function renderFinishedBlock(block: FinishedBlock, text: string): ComponentChildren {
  return renderBlock(readBlocks(splitLines(text.slice(block.start, block.end)), 0).blocks[0] ?? "");
}
