import { plainTextOf } from "./plain-text.ts";
import { renderMarkdown } from "./render-blocks.ts";

export { MarkdownBody, type MarkdownBodyProps } from "./markdown-body.ts";
export { hostNote } from "./link-host.ts";
export { EXTERNAL_LINK, safeUrl } from "./safe-url.ts";

/**
 * The plain text a reader sees once `text` is shown by {@link MarkdownBody}, from the same parser: no
 * emphasis markers or code fences, a link's text without its URL, blocks and line breaks on their own
 * lines. For announcements and other places that take text only. Never throws: should reading the
 * Markdown ever fail, the text comes back as written.
 */
export function markdownPlainText(text: string): string {
  try {
    return plainTextOf(renderMarkdown(text));
  } catch {
    return text;
  }
}
