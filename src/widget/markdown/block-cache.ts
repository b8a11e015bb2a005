import type { ComponentChildren } from "preact";
import { continuesParagraph, lookahead, markdownEnd, plainBlock, readBlocks, renderBlock, splitLines } from "./render-blocks.ts";

/**
 * A top-level block of a message that text appended later can no longer change: where its source lines
 * are, in any text it was read from or that starts like that text, and whether it goes on with the
 * paragraph before it.
 */
export interface FinishedBlock {
  readonly start: number;
  readonly end: number;
  readonly continues?: true;
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
  /** Whether the block there goes on with a paragraph cut into pieces. */
  continuing: boolean;
  /** Whether `key` is all the Markdown of its text (see `markdownEnd`): then it holds only for that Markdown. */
  whole: boolean;
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

/** Whether `text` starts with `prefix`; unlike `startsWith`, at the speed of comparing memory. */
const startsWith = (text: string, prefix: string): boolean =>
  text.length >= prefix.length && (text.length === prefix.length ? text : text.slice(0, prefix.length)) === prefix;

/**
 * Reads the top-level blocks of `text` as `renderMarkdown(text)` does, parsing only what may still change.
 * A block is finished once the block after it starts on a complete line (one a line break ends), and so
 * do the lines that decided it starts there (a table's delimiter row): text appended later can change
 * neither it nor where it ends. Once the text runs past its Markdown (see
 * `markdownEnd`), all of that Markdown is finished, and the rest is one more unfinished block. Finished
 * blocks are kept as their place in the text, with the text they depend on, and come back as the same
 * objects for every text that starts with it; so a growing message re-parses only its unfinished tail each
 * time (at most a piece of a long paragraph, see `readBlocks`), and keeps neither a rendering nor a copy
 * of what finished.
 */
export function readMarkdownView(text: string): MarkdownView {
  const end = markdownEnd(text);
  const whole = end < text.length;
  const source = whole ? text.slice(0, end) : text;
  const headIndex = heads.findIndex(
    (candidate) => (!candidate.whole || (whole && source.length === candidate.key.length)) && startsWith(source, candidate.key),
  );
  let head = heads[headIndex];
  const from = head?.resumeAt ?? 0;
  const tail = detached(source.slice(from));
  const lines = splitLines(tail);
  const { blocks, firstLines } = readBlocks(lines, 0, head?.continuing);
  // The last line that decided where a block starts, and so where the block before it ends.
  const decided = (block: number) => firstLines[block]! + lookahead(blocks[block]);
  // Every line but the last is complete; all of them once the Markdown is whole.
  let finished = whole ? blocks.length : 0;
  while (finished + 1 < firstLines.length && decided(finished + 1) < lines.length - 1) finished++;
  if (headIndex >= 0) heads.splice(headIndex, 1);
  let justFinished = nothingJustFinished;
  if (finished > 0) {
    const offsets = lineStarts(tail);
    const startOf = (block: number) => (block < firstLines.length ? from + offsets[firstLines[block]!]! : source.length);
    const added = blocks.slice(0, finished).map((block, index): FinishedBlock => {
      const place = { start: startOf(index), end: startOf(index + 1) };
      return continuesParagraph(block) ? { ...place, continues: true } : place;
    });
    justFinished = new Map(added.map((block, index) => [block, renderBlock(blocks[index]!)]));
    head = {
      // Through the line that starts the next block, the furthest the finished ones looked.
      key: whole ? source : source.slice(0, from + offsets[decided(finished) + 1]!),
      resumeAt: startOf(finished),
      continuing: continuesParagraph(blocks[finished]),
      whole,
      blocks: [...(head?.blocks ?? []), ...added],
    };
  }
  if (head) heads.unshift(head);
  heads.splice(KEPT_HEADS);
  const rendered = blocks.slice(finished).map(renderBlock);
  if (whole) rendered.push(plainBlock(text.slice(end)));
  return { finished: head?.blocks ?? [], justFinished, tail: rendered };
}

/** The rendering of a finished block of `text`, parsed again from its lines. */
export function renderFinishedBlock(block: FinishedBlock, text: string): ComponentChildren {
  return renderBlock(readBlocks(splitLines(text.slice(block.start, block.end)), 0, block.continues).blocks[0] ?? "");
}
