import { Component, h, type ComponentChildren } from "preact";
import { readBlocks, renderBlock, splitLines } from "./render-blocks.ts";

/**
 * One top-level block, rendered again only when its element is not the very one of the last render.
 * Skipping through a component (rather than handing Preact the same element) also moves the kept
 * element's parent link to the current tree, so it holds no earlier render, nor the text of that time.
 */
class TopLevelBlock extends Component<{ children: ComponentChildren }> {
  override shouldComponentUpdate(next: { children: ComponentChildren }): boolean {
    return next.children !== this.props.children;
  }

  override render(): ComponentChildren {
    return this.props.children;
  }
}

/**
 * The finished blocks at the start of a message, rendered once. They hold for any text that starts with
 * `key`: their own lines and the complete line that starts the next block, the furthest any of them looked.
 */
interface FinishedHead {
  key: string;
  /** Where parsing resumes: the start of the next block's first line. */
  resumeAt: number;
  blocks: ComponentChildren[];
}

/** Heads kept, most recently used first: the streaming message's, and a few that finished before it. */
const KEPT_HEADS = 8;
const heads: FinishedHead[] = [];

/**
 * A copy of `text` that shares no memory with the string it was cut from. Engines keep a substring as a
 * view of its parent, and the strings of a kept block are substrings of the text it was parsed from: cut
 * from the whole message, every kept block would pin the message as it stood when that block finished.
 */
const detached = (text: string): string => ` ${text}`.slice(1);

/** Start of line `line` of `text` (lines as `splitLines` cuts them). */
function lineStart(text: string, line: number): number {
  const lineEnd = /\r\n?|\n/g;
  for (let count = 0; count < line; count++) lineEnd.exec(text);
  return lineEnd.lastIndex;
}

/**
 * Renders the top-level blocks of `text` exactly as `renderBlocks(text)` does, parsing only what may
 * still change. A block is finished once the block after it starts on a complete line (one a line break
 * ends): text appended later can change neither it nor where it ends. Finished blocks are kept with the
 * text they depend on, and the same elements are returned for every text that starts with it, so a
 * growing message re-parses only its unfinished tail each frame, and Preact skips unchanged blocks. Each
 * block comes wrapped in a component that skips it while its element is unchanged.
 */
export function renderWithFinishedBlocks(text: string): ComponentChildren[] {
  const headIndex = heads.findIndex((candidate) => text.startsWith(candidate.key));
  const head = heads[headIndex];
  const from = head?.resumeAt ?? 0;
  const tail = detached(text.slice(from));
  const lines = splitLines(tail);
  const { blocks, firstLines } = readBlocks(lines, 0);
  const rendered = blocks.map(renderBlock);
  const kept = head?.blocks ?? [];
  // Every line but the last is complete.
  let finished = 0;
  while (finished + 1 < firstLines.length && firstLines[finished + 1]! < lines.length - 1) finished++;
  if (headIndex >= 0) heads.splice(headIndex, 1);
  if (finished > 0) {
    const next = firstLines[finished]!;
    const key = text.slice(0, from + lineStart(tail, next + 1));
    heads.unshift({ key, resumeAt: from + lineStart(tail, next), blocks: kept.concat(rendered.slice(0, finished)) });
  } else if (head) {
    heads.unshift(head);
  }
  heads.splice(KEPT_HEADS);
  return kept.concat(rendered).map((block) => h(TopLevelBlock, null, block));
}
