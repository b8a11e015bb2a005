/** One block of a message: the unit the renderer turns into a paragraph, list, code block… */
export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "code"; language: string; text: string }
  | { kind: "list"; ordered: boolean; start: number; items: Block[][] }
  | { kind: "quote"; blocks: Block[] }
  | { kind: "rule" };

/** Lists and quotes nest at most this deep; deeper markers stay text, which bounds the work per line. */
export const MAX_BLOCK_DEPTH = 6;

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

/**
 * Splits message text into blocks: fenced code (``` or ~~~, optional language, unclosed fences run to the
 * end so a message still streaming shows its code as code), headings `#`…`######`, rules (`---`),
 * quotes (`> `), lists (`-`, `*`, `+`, `1.`, `1)`; items hold nested blocks through indentation), and
 * paragraphs (consecutive non-blank lines, kept with their newlines for the inline parser).
 * Total on any input, and linear per nesting level.
 */
export function parseBlocks(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  const nests = depth < MAX_BLOCK_DEPTH;
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const fence = FENCE.exec(line);
    if (isBlank(line)) {
      index++;
    } else if (fence) {
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
      blocks.push({ kind: "code", language: /^[\w+#.-]*/.exec(fence[2]!.trim())![0], text: body.join("\n") });
    } else if (HEADING.test(line)) {
      blocks.push({ kind: "heading", text: line.trim().replace(/^#+/, "").trim() });
      index++;
    } else if (RULE.test(line)) {
      blocks.push({ kind: "rule" });
      index++;
    } else if (nests && QUOTE.test(line)) {
      const inner: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index]!)) inner.push(lines[index++]!.replace(QUOTE, ""));
      blocks.push({ kind: "quote", blocks: parseBlocks(inner.join("\n"), depth + 1) });
    } else if (nests && ITEM.test(line)) {
      index = parseList(lines, index, depth, blocks);
    } else {
      const text = [line.trim()];
      while (++index < lines.length && !isBlank(lines[index]!) && !startsBlock(lines[index]!)) {
        text.push(lines[index]!.trim());
      }
      blocks.push({ kind: "paragraph", text: text.join("\n") });
    }
  }
  return blocks;
}

/** Reads the list starting at `first`, appends it to `blocks`, and returns the index of the line after it. */
function parseList(lines: string[], first: number, depth: number, blocks: Block[]): number {
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
  blocks.push({
    kind: "list",
    ordered,
    start: ordered ? Number(opening[3]) : 1,
    items: items.map((item) => parseBlocks(item.join("\n"), depth + 1)),
  });
  return index;
}
