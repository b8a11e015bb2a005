import type { ComponentChildren } from "preact";
import { renderWithFinishedBlocks } from "./block-cache.ts";
import { plainTextOf } from "./plain-text.ts";
import { renderBlocks } from "./render-blocks.ts";

export { safeUrl } from "./safe-url.ts";

/**
 * Renders untrusted Markdown message text as Preact elements: paragraphs (single newlines as line breaks),
 * bold, italics, inline code, fenced code blocks, lists, quotes, rules, headings as bold paragraphs, and
 * links restricted to http, https and mailto (a refused link shows its text only). Raw HTML shows as
 * literal text. Never throws, including on every prefix of a message that is still streaming, and runs in
 * linear time per nesting level. A message that grows by appending costs a parse of its unfinished last
 * blocks only: its finished blocks come back as the same elements as before, built into DOM once.
 */
export function renderMarkdown(text: string): ComponentChildren {
  return renderWithFinishedBlocks(text);
}

/**
 * The plain text a reader sees once `text` is rendered by {@link renderMarkdown}, from the same parser: no
 * emphasis markers or code fences, a link's text without its URL, blocks and line breaks on their own
 * lines. For announcements and other places that take text only.
 */
export function markdownPlainText(text: string): string {
  return plainTextOf(renderBlocks(text));
}
