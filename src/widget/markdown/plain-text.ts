import { isValidElement, type ComponentChildren } from "preact";

/** Elements that stand on their own line in the rendered message. */
const LINE_ELEMENTS = new Set(["p", "pre", "blockquote", "ul", "ol", "li", "hr", "br", "tr"]);

/**
 * The text a reader sees in rendered Markdown children (strings, elements and arrays of them): text in
 * order, with a line break around each block, list item, table row and `<br>`, and a space after each
 * table cell. Attributes, such as a link's URL, are
 * not text and are left out, except an image's alt text, which stands for the image.
 */
export function plainTextOf(children: ComponentChildren): string {
  const parts: string[] = [];
  const visit = (node: ComponentChildren): void => {
    if (typeof node === "string") {
      parts.push(node);
    } else if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (isValidElement(node) && node.type === "img") {
      parts.push((node.props as { alt?: string }).alt ?? "");
    } else if (isValidElement(node)) {
      const line = typeof node.type === "string" && LINE_ELEMENTS.has(node.type);
      if (line) parts.push("\n");
      visit((node.props as { children?: ComponentChildren }).children);
      if (line) parts.push("\n");
      else if (node.type === "th" || node.type === "td") parts.push(" ");
    }
  };
  visit(children);
  return parts
    .join("")
    .replace(/[ \t]*\n\s*/g, "\n")
    .trim();
}
