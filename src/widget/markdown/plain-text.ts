import { isValidElement, type ComponentChildren } from "preact";

/** Elements that stand on their own line in the rendered message. */
const LINE_ELEMENTS = new Set(["p", "pre", "blockquote", "ul", "ol", "li", "hr", "br"]);

/**
 * The text a reader sees in rendered Markdown children: text nodes in order, with a line break around
 * each block, list item and `<br>`. Attributes, such as a link's URL, are not text and are left out, except
 * an image's alt text, which stands for the image.
 */
export function plainTextOf(children: ComponentChildren): string {
  const parts: string[] = [];
  const visit = (node: ComponentChildren): void => {
    if (node === null || node === undefined || typeof node === "boolean") return;
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (isValidElement(node) && node.type === "img") {
      parts.push((node.props as { alt?: string }).alt ?? "");
    } else if (isValidElement(node)) {
      const line = typeof node.type === "string" && LINE_ELEMENTS.has(node.type);
      if (line) parts.push("\n");
      visit((node.props as { children?: ComponentChildren }).children);
      if (line) parts.push("\n");
    } else if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") {
      parts.push(String(node));
    }
  };
  visit(children);
  return parts
    .join("")
    .replace(/[ \t]*\n\s*/g, "\n")
    .trim();
}
