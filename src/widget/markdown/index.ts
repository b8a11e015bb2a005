import type { ComponentChildren } from "preact";
import { renderBlocks } from "./render-blocks.ts";

export { safeUrl } from "./safe-url.ts";

/**
 * Renders untrusted Markdown message text as Preact elements: paragraphs (single newlines as line breaks),
 * bold, italics, inline code, fenced code blocks, lists, quotes, rules, headings as bold paragraphs, and
 * links restricted to http, https and mailto (a refused link shows its text only). Raw HTML shows as
 * literal text. Never throws, including on every prefix of a message that is still streaming, and runs in
 * linear time per nesting level.
 */
export function renderMarkdown(text: string): ComponentChildren {
  return renderBlocks(text);
}
