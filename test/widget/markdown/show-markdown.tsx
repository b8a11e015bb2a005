import { render } from "preact";
import { MarkdownBody } from "../../../src/widget/markdown/index.ts";

/** Shows message text through the Markdown body in a detached element and returns the body's element. */
export function showMarkdown(text: string): HTMLElement {
  const host = document.createElement("div");
  render(<MarkdownBody text={text} />, host);
  return host.firstElementChild as HTMLElement;
}
