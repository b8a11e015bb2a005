/**
 * Finds the code samples of the user documentation: every fenced block of a Markdown file, with its
 * language, its line, and the marker on the line before it, if any. Two markers exist:
 * - `<!-- not checked: reason -->`: the sample cannot run here (a framework component file, a shell
 *   session against a live server); the reason is required;
 * - `<!-- pending: api -->`: the sample uses an API this version does not have yet; it is skipped and
 *   listed as a pending test, so the marker stays visible until the API lands.
 */
import { readFileSync } from "node:fs";

/** One fenced block of a Markdown file. */
export interface DocSample {
  /** The Markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's language tag, lower case; "" when none. */
  language: string;
  code: string;
  marker?: { kind: "not checked" | "pending"; reason: string };
}

const FENCE = /^(`{3,}|~{3,})\s*([\w+-]*)/;
const MARKER = /^<!--\s*(not checked|pending):\s*(.*?)\s*-->$/;

/** Extracts the fenced blocks of `markdown`, as written in `file`. */
export function extractSamples(file: string, markdown: string): DocSample[] {
  const lines = markdown.split("\n");
  const samples: DocSample[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = FENCE.exec(lines[index] ?? "");
    if (!opening) continue;
    const fence = opening[1] ?? "```";
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !(lines[index] ?? "").trimEnd().startsWith(fence); index++) body.push(lines[index] ?? "");
    let previous = start - 1;
    while (previous >= 0 && (lines[previous] ?? "").trim() === "") previous--;
    const marked = MARKER.exec((lines[previous] ?? "").trim());
    samples.push({
      file,
      line: start + 1,
      language: (opening[2] ?? "").toLowerCase(),
      code: body.join("\n"),
      ...(marked ? { marker: { kind: marked[1] as "not checked" | "pending", reason: marked[2] ?? "" } } : {}),
    });
  }
  return samples;
}

/** Extracts the samples of each file, read relative to `root`. */
export function extractSamplesFromFiles(root: string, files: readonly string[]): DocSample[] {
  return files.flatMap((file) => extractSamples(file, readFileSync(`${root}/${file}`, "utf8")));
}
