import { render } from "preact";
import { renderMarkdown } from "../../../src/widget/markdown/index.ts";

/** Renders message text through the Markdown renderer into a detached element and returns it. */
export function showMarkdown(text: string): HTMLElement {
  const host = document.createElement("div");
  render(<>{renderMarkdown(text)}</>, host);
  return host;
}
