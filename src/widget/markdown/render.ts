import { h, type ComponentChildren } from "preact";
import type { Block } from "./block-parser.ts";
import { parseInline, type Inline } from "./inline-parser.ts";

/** Links open in a new browsing context that can neither reach back to the page nor learn its address. */
const LINK_ATTRIBUTES = { target: "_blank", rel: "noopener noreferrer" };

/** Renders inline nodes as Preact elements; text always lands in text nodes, never in markup. */
export function renderInline(nodes: Inline[]): ComponentChildren[] {
  return nodes.map((node) =>
    typeof node === "string"
      ? node
      : h(node.tag, node.tag === "a" ? { ...LINK_ATTRIBUTES, href: node.href } : null, renderInline(node.children)),
  );
}

const renderText = (text: string): ComponentChildren[] => renderInline(parseInline(text));

/**
 * Renders parsed blocks as Preact elements. Headings become bold paragraphs so a chat bubble never carries
 * page-sized titles or joins the page's outline. Inside a list item a lone paragraph renders bare, which
 * keeps tight lists compact; `bare` asks for that.
 */
export function renderBlocks(blocks: Block[], bare = false): ComponentChildren[] {
  return blocks.map((block) => {
    switch (block.kind) {
      case "paragraph":
        return bare ? renderText(block.text) : h("p", null, renderText(block.text));
      case "heading":
        return h("p", null, h("strong", null, renderText(block.text)));
      case "code":
        return h("pre", null, h("code", block.language ? { class: `language-${block.language}` } : null, block.text));
      case "list":
        return h(
          block.ordered ? "ol" : "ul",
          block.start === 1 ? null : { start: block.start },
          block.items.map((item) =>
            h("li", null, renderBlocks(item, item.filter((inner) => inner.kind === "paragraph").length < 2)),
          ),
        );
      case "quote":
        return h("blockquote", null, renderBlocks(block.blocks));
      case "rule":
        return h("hr", null);
    }
  });
}
