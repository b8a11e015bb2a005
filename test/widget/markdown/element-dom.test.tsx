import { h, render, type ComponentChildren } from "preact";
import { describe, expect, test } from "vitest";
import { markdownShowcase } from "../../../demo/server/agent/replies.ts";
import { buildNodes, patchNodes } from "../../../src/widget/markdown/element-dom.ts";
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
        h("a", { href: "https://example.com", onClick: () => undefined, onmouseover: "alert(1)", title: null, hidden: false }, "link"),
        null,
        true,
      ],
      document,
    );
    expect(nodes).toHaveLength(1);
    expect((nodes[0] as Element).outerHTML).toBe('<a href="https://example.com">link</a>');
  });
});

describe("DOM patched to other rendered Markdown", () => {
  /** A host showing `earlier`, patched to `later`: its HTML, and the nodes it kept. */
  function patched(earlier: ComponentChildren, later: ComponentChildren) {
    const host = document.createElement("div");
    host.append(...buildNodes(earlier, document));
    const before = [...host.childNodes];
    const shown = patchNodes(host, before, earlier, later, null);
    expect(shown).toEqual([...host.childNodes]);
    return { html: host.innerHTML, host, before };
  }

  test("is the DOM built afresh for the later children, from any earlier ones", () => {
    const texts = [
      "",
      "Plain words",
      "Plain words, **bold** and `code`",
      "Plain words, **bold** and `code` and a [link](https://example.com/a)",
      "- a list\n- of two",
      "1) counted\n2) list",
      "3) counted from three",
      "> a quote with ![a picture](https://example.com/p.png)",
      "```sh\nnpm test\n```",
      "Line one\nline two\n\n---",
    ];
    for (const earlier of texts) {
      for (const later of texts) {
        expect(patched(renderBlocks(earlier), renderBlocks(later)).html, `${earlier} → ${later}`).toBe(built(renderBlocks(later)));
      }
    }
  });

  test("touches no node whose rendering did not change", () => {
    const host = document.createElement("div");
    const earlier = renderBlocks("Words, **bold**, `code` and [a link](https://example.com/a) go on");
    host.append(...buildNodes(earlier, document));
    const observer = new MutationObserver(() => undefined);
    observer.observe(host, { subtree: true, childList: true, characterData: true, attributes: true });
    const later = renderBlocks("Words, **bold**, `code` and [a link](https://example.com/a) go on and on");
    patchNodes(host, [...host.childNodes], earlier, later, null);
    const targets = observer.takeRecords().map((record) => record.target);
    expect(targets).toHaveLength(1);
    expect(targets[0]!.textContent).toBe(" go on and on");
  });

  test("keeps text and elements of the same tag in place, changing only what differs", () => {
    const { host, before } = patched(
      [h("p", null, "Hello ", h("a", { href: "https://a.example", title: "old" }, "there"))],
      [h("p", null, "Hello, ", h("a", { href: "https://b.example" }, "there"), " again")],
    );
    expect(host.innerHTML).toBe('<p>Hello, <a href="https://b.example">there</a> again</p>');
    const paragraph = host.firstChild!;
    expect(paragraph).toBe(before[0]);
    expect(paragraph.childNodes[1]).toBeInstanceOf(HTMLAnchorElement);
  });

  test("replaces a node whose kind or tag changed, and inserts what is new before the given node", () => {
    const host = document.createElement("div");
    const after = document.createElement("hr");
    const earlier = [h("p", null, "one"), "text"];
    host.append(...buildNodes(earlier, document), after);
    const [paragraph] = [...host.childNodes];
    const later = [h("ul", null, h("li", null, "one")), h("em", null, "text"), "more"];
    const shown = patchNodes(host, [...host.childNodes].slice(0, 2), earlier, later, after);
    expect(host.innerHTML).toBe("<ul><li>one</li></ul><em>text</em>more<hr>");
    expect(shown).toHaveLength(3);
    expect(shown[0]).not.toBe(paragraph);
  });
});
