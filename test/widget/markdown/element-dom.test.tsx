import { h, render, type ComponentChildren } from "preact";
import { describe, expect, test } from "vitest";
import { markdownShowcase } from "../../../demo/server/agent/replies.ts";
import { buildNodes } from "../../../src/widget/markdown/element-dom.ts";
import { renderBlocks } from "../../../src/widget/markdown/render-blocks.ts";

function built(children: ComponentChildren): string {
  const host = document.createElement("div");
  host.append(...buildNodes(children, document));
  return host.innerHTML;
}

function mounted(children: ComponentChildren): string {
  const host = document.createElement("div");
  render(h("div", null, children), host);
  return (host.firstChild as Element).innerHTML;
}

describe("DOM built from rendered Markdown", () => {
  test("is the DOM Preact mounts for the same children", () => {
    for (const text of [
      markdownShowcase().text,
      "1) one\n2) two\n\n3. three\n\n> quote with [a link](https://example.com) and ![a picture](https://example.com/p.png)",
      "```ts\nconst a = 1;\n```\n\n---\n\nText with `code`, **bold**, _em_ and <mailto:someone@example.com>",
    ]) {
      expect(built(renderBlocks(text))).toBe(mounted(renderBlocks(text)));
    }
  });

  test("puts text in text nodes only, so markup in it stays text", () => {
    expect(built(["<b>not bold</b>", 42, h("p", null, "<i>")])).toBe("&lt;b&gt;not bold&lt;/b&gt;42<p>&lt;i&gt;</p>");
  });

  test("leaves out components, handlers and empty values", () => {
    const Component = () => h("script", null, "alert(1)");
    const nodes = buildNodes(
      [
        h(Component, null),
        h("a", { href: "https://example.com", onClick: () => undefined, title: null, hidden: false }, "link"),
        null,
        true,
      ],
      document,
    );
    expect(nodes).toHaveLength(1);
    expect((nodes[0] as Element).outerHTML).toBe('<a href="https://example.com">link</a>');
  });
});
