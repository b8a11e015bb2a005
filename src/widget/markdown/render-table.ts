import { h, type JSX } from "preact";
import { renderInline } from "./render-inline.ts";

/** How a column's cells align: `:-:` centre, `-:` right, otherwise as the text runs. */
type Alignment = "center" | "right" | undefined;

/** The class of the element that holds a table and scrolls it sideways inside the bubble. */
export const TABLE_CLASS = "table";

/**
 * The cells of a table row, trimmed: split at each pipe no backslash escapes, without the row's leading
 * and trailing pipes. An escaped pipe is a pipe in its cell, inside code too, as GFM has it.
 */
function cellsOf(line: string): string[] {
  const row = line.trim();
  const cells: string[] = [];
  let start = row.startsWith("|") ? 1 : 0;
  const cut = (end: number) => cells.push(row.slice(start, end).trim().replace(/\\\|/g, "|"));
  for (let index = start; index < row.length; index++) {
    if (row[index] === "\\") index++;
    else if (row[index] === "|") {
      cut(index);
      start = index + 1;
    }
  }
  if (start < row.length || !row.endsWith("|")) cut(row.length);
  return cells;
}

/**
 * The alignments of the columns of a GFM table that starts at `lines[index]`: a header row, then a
 * delimiter row of as many cells, each dashes with an optional colon on either side, and a pipe in both
 * rows. Null when no table starts there.
 */
export function tableAt(lines: readonly string[], index: number): Alignment[] | null {
  const [header, delimiter] = [lines[index]!, lines[index + 1]];
  if (!delimiter?.includes("|") || !/^[\s|:-]+$/.test(delimiter) || !header.includes("|")) return null;
  const cells = cellsOf(delimiter);
  if (cells.length !== cellsOf(header).length || !cells.every((cell) => /^:?-+:?$/.test(cell))) return null;
  return cells.map((cell) => (cell.endsWith(":") ? (cell.startsWith(":") ? "center" : "right") : undefined));
}

/**
 * Renders the table that starts at `lines[index]` (see `tableAt`, which gave its `columns`): the header's
 * cells as `<th>`, then a row for each following line while `continues` says the table goes on. A row
 * keeps at most one cell per column, and is not filled up to them, so a table makes at most an element
 * per character it was written with. The table sits in an element of class `TABLE_CLASS`, focusable so
 * a keyboard can scroll it. Returns it, and the index of the line after it.
 */
export function readTable(
  lines: readonly string[],
  index: number,
  columns: readonly Alignment[],
  continues: (line: string) => boolean,
): { table: JSX.Element; next: number } {
  const row = (line: string, cell: "th" | "td") =>
    h(
      "tr",
      null,
      cellsOf(line)
        .slice(0, columns.length)
        .map((text, column) => h(cell, columns[column] ? { align: columns[column] } : null, renderInline(text))),
    );
  const head = h("thead", null, row(lines[index]!, "th"));
  const rows: JSX.Element[] = [];
  let next = index + 2;
  while (next < lines.length && continues(lines[next]!)) rows.push(row(lines[next++]!, "td"));
  const body = rows.length ? h("tbody", null, rows) : null;
  return { table: h("div", { class: TABLE_CLASS, tabindex: "0" }, h("table", null, head, body)), next };
}
