import { h, type ComponentChildren, type JSX } from "preact";
import { renderInline } from "./render-inline.ts";
import { readTable, TABLE_CLASS, tableAt } from "./render-table.ts";

/**
 * One block of a message: a paragraph is kept as its text until its place is known (a lone paragraph in a
 * list item renders bare); every other block is already an element.
 */
export type Block = string | JSX.Element;

/** Lists and quotes nest at most this deep; deeper markers stay text, which bounds the work per line. */
const MAX_BLOCK_DEPTH = 6;

/**
 * Markdown is read in the first this many characters of a message (to the last line end before, when there
 * is one in its second half); the rest shows as written. This bounds the elements one message can make.
 */
export const MARKDOWN_LENGTH = 65_536;

/**
 * A top-level paragraph is read in pieces: one ends at the first line end once it holds this many
 * characters, and the next line starts the next piece. Markup never spans two pieces, so a paragraph that
 * grows line by line is read again only from its last piece.
 */
const PARAGRAPH_PIECE = 2_000;

/** The class of a piece that goes on with the paragraph before it: the bubble shows no gap between them. */
const CONTINUATION = "more";

const FENCE = /^ {0,3}(`{3,}|~{3,})([^`]*)$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( *)([-*+]|(\d{1,9})[.)])([ \t]+|$)/;

const isBlank = (line: string): boolean => !line.trim();
const indentOf = (line: string): number => line.length - line.trimStart().length;

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line);
}

/** Splits text into lines: `\r\n`, `\r` and `\n` each end one. */
export const splitLines = (text: string): string[] => text.split(/\r\n?|\n/);

/** A paragraph, kept as text until now, becomes an element; other blocks already are. */
export const renderBlock = (block: Block): ComponentChildren => (typeof block === "string" ? h("p", null, renderInline(block)) : block);

const classOf = (block: Block | undefined) => typeof block === "object" && (block.props as { class?: string }).class;

/** Whether a block is a piece that goes on with the paragraph before it (see `PARAGRAPH_PIECE`). */
export const continuesParagraph = (block: Block | undefined): boolean => classOf(block) === CONTINUATION;

/**
 * How many lines past its first decide that a block starts where it does: one for a table (its delimiter
 * row, without which its header would end the paragraph before it), none for any other block.
 */
export const lookahead = (block: Block | undefined): number => (classOf(block) === TABLE_CLASS ? 1 : 0);

/** Where the Markdown of `text` ends (see `MARKDOWN_LENGTH`): its length when it is short enough. */
export function markdownEnd(text: string): number {
  if (text.length <= MARKDOWN_LENGTH) return text.length;
  const lineEnd = text.lastIndexOf("\n", MARKDOWN_LENGTH - 1);
  if (lineEnd >= MARKDOWN_LENGTH / 2) return lineEnd + 1;
  // Never between the two halves of a surrogate pair.
  return /[\ud800-\udbff]/.test(text[MARKDOWN_LENGTH - 1]!) ? MARKDOWN_LENGTH - 1 : MARKDOWN_LENGTH;
}

/** The text past the Markdown of a message, as written: its line breaks kept by the bubble's style. */
export const plainBlock = (text: string): ComponentChildren => h("p", { class: "plain" }, text);

/**
 * Renders a whole message: its Markdown as `renderBlocks` does, and any text past `MARKDOWN_LENGTH` as
 * written (see `markdownEnd`).
 */
export function renderMarkdown(text: string): ComponentChildren[] {
  const end = markdownEnd(text);
  const blocks = renderBlocks(end < text.length ? text.slice(0, end) : text);
  if (end < text.length) blocks.push(plainBlock(text.slice(end)));
  return blocks;
}

/**
 * Renders message text as blocks: fenced code (``` or ~~~, optional language as a `language-…` class,
 * unclosed fences run to the end so a message still streaming shows its code as code), headings
 * `#`…`######` as bold paragraphs (a chat bubble never carries page-sized titles or joins the page's
 * outline), rules (`---`), quotes (`> `), lists (`-`, `*`, `+`, `1.`, `1)`; items hold nested blocks
 * through indentation), GFM tables (see `readTable`; one may interrupt a paragraph), and paragraphs (consecutive non-blank lines, their newlines kept as breaks; at
 * the top level in pieces, see `PARAGRAPH_PIECE`). `inItem` renders a lone paragraph bare, which keeps
 * tight list items compact. Total on any input, and linear per nesting level.
 */
export function renderBlocks(source: string, depth = 0, inItem = false): ComponentChildren[] {
  const { blocks } = readBlocks(splitLines(source), depth);
  const bare = inItem && blocks.filter((block) => typeof block === "string").length < 2;
  return blocks.map((block) => (bare && typeof block === "string" ? renderInline(block) : renderBlock(block)));
}

/**
 * Splits lines into blocks, rendering all but paragraphs (see `Block`), and tells on which line each
 * block starts; `continuing` says the first line goes on with a paragraph cut into pieces. A block's extent
 * depends on no line past the first line of the block after it (and the `lookahead` lines after that),
 * which is what lets a growing message keep its finished blocks (see `block-cache.ts`).
 */
export function readBlocks(lines: readonly string[], depth: number, continuing = false): { blocks: Block[]; firstLines: number[] } {
  const blocks: Block[] = [];
  const firstLines: number[] = [];
  const nests = depth < MAX_BLOCK_DEPTH;
  const pieceLength = depth === 0 ? PARAGRAPH_PIECE : Infinity;
  let index = 0;
  let columns: ReturnType<typeof tableAt>;
  while (index < lines.length) {
    const line = lines[index]!;
    const fence = FENCE.exec(line);
    if (isBlank(line)) {
      index++;
      continue;
    }
    firstLines.push(index);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      while (++index < lines.length) {
        const closing = lines[index]!.trim();
        if (closing.startsWith(marker) && closing === marker[0]!.repeat(closing.length)) {
          index++;
          break;
        }
        body.push(lines[index]!);
      }
      const language = /^[\w+#.-]*/.exec(fence[2]!.trim())![0];
      blocks.push(h("pre", null, h("code", language ? { class: `language-${language}` } : null, body.join("\n"))));
    } else if (HEADING.test(line)) {
      blocks.push(h("p", null, h("strong", null, renderInline(line.replace(/^\s*#+/, "").trim()))));
      index++;
    } else if (RULE.test(line)) {
      blocks.push(h("hr", null));
      index++;
    } else if (nests && QUOTE.test(line)) {
      const inner: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index]!)) inner.push(lines[index++]!.replace(QUOTE, ""));
      blocks.push(h("blockquote", null, renderBlocks(inner.join("\n"), depth + 1)));
    } else if (nests && ITEM.test(line)) {
      index = parseList(lines, index, depth, blocks);
    } else if ((columns = tableAt(lines, index))) {
      const { table, next } = readTable(lines, index, columns, (row) => !isBlank(row) && !startsBlock(row));
      blocks.push(table);
      index = next;
    } else {
      const text = [line.trim()];
      let length = line.length;
      const goesOn = () => index < lines.length && !isBlank(lines[index]!) && !startsBlock(lines[index]!) && !tableAt(lines, index);
      index++;
      while (length < pieceLength && goesOn()) {
        text.push(lines[index]!.trim());
        length += lines[index++]!.length;
      }
      blocks.push(continuing ? h("p", { class: CONTINUATION }, renderInline(text.join("\n"))) : text.join("\n"));
      continuing = goesOn();
      continue;
    }
    continuing = false;
  }
  return { blocks, firstLines };
}

/** Reads the list starting at `first`, appends it to `blocks`, and returns the index of the line after it. */
function parseList(lines: readonly string[], first: number, depth: number, blocks: Block[]): number {
  const opening = ITEM.exec(lines[first]!)!;
  const ordered = opening[3] !== undefined;
  const markerIndent = opening[1]!.length;
  const items: string[][] = [];
  let contentIndent = 0;
  let index = first;
  while (index < lines.length) {
    const line = lines[index]!;
    const item = ITEM.exec(line);
    const indent = indentOf(line);
    const last = items[items.length - 1];
    if (isBlank(line)) {
      let next = index + 1;
      while (next < lines.length && isBlank(lines[next]!)) next++;
      // A blank line continues the list only when indented content or another item follows it.
      if (next === lines.length || (indentOf(lines[next]!) === 0 && !ITEM.test(lines[next]!))) break;
      last!.push("");
      index = next;
      continue;
    }
    const sameKind = !!item && (item[3] !== undefined) === ordered;
    // Indented text continues the item; so does an indented item of the other kind, which nests.
    if (last && (indent >= contentIndent || (indent > markerIndent && !sameKind) || (!item && indent > 0))) {
      last.push(line.slice(Math.min(indent, contentIndent)));
    } else if (sameKind) {
      // An empty item, or one followed by a wide gap, keeps its content one column after the marker.
      const gap = item[4]!.length;
      contentIndent = item[1]!.length + item[2]!.length + (gap && gap <= 4 ? gap : 1);
      items.push([line.slice(contentIndent)]);
    } else {
      break;
    }
    index++;
  }
  const start = ordered ? Number(opening[3]) : 1;
  blocks.push(
    h(
      ordered ? "ol" : "ul",
      start === 1 ? null : { start },
      items.map((item) => h("li", null, renderBlocks(item.join("\n"), depth + 1, true))),
    ),
  );
  return index;
}
