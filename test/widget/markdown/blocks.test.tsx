import { describe, expect, test } from "vitest";
import { showMarkdown } from "./show-markdown.tsx";

describe("markdown blocks", () => {
  test("blank lines separate paragraphs and single newlines become line breaks", () => {
    expect(showMarkdown("first line\nsecond line\n\n\nnext paragraph").innerHTML).toBe(
      "<p>first line<br>second line</p><p>next paragraph</p>",
    );
  });

  test("a long paragraph of lines is shown in pieces of about 2,000 characters that read as one paragraph", () => {
    // 25 characters a line: a piece ends once it holds 2,000, after 80 lines.
    const lines = Array.from({ length: 200 }, (_, index) => `line ${String(index).padStart(3, "0")} of a long *poem*`);
    const host = showMarkdown(lines.join("\n"));
    const pieces = [...host.children];
    expect(pieces.map((piece) => [piece.tagName, piece.className, piece.querySelectorAll("br").length + 1])).toEqual([
      ["P", "", 80],
      ["P", "more", 80],
      ["P", "more", 40],
    ]);
    expect(pieces.map((piece) => piece.textContent!.slice(0, 8))).toEqual(["line 000", "line 080", "line 160"]);
    expect(host.querySelectorAll("em")).toHaveLength(200);
    expect(host.textContent).toBe(lines.join("").replace(/\*/g, ""));
  });

  test("windows line endings split lines like plain newlines", () => {
    expect(showMarkdown("one\r\ntwo\r\n\r\nthree").innerHTML).toBe("<p>one<br>two</p><p>three</p>");
  });

  test("empty and blank text render nothing", () => {
    expect(showMarkdown("").innerHTML).toBe("");
    expect(showMarkdown(" \n\n \t").innerHTML).toBe("");
  });

  test("headings of every level render as bold paragraphs, never as page headings", () => {
    const host = showMarkdown("# Title\n## Section\n### Detail with *style*\nbody");
    expect(host.querySelector("h1, h2, h3, h4, h5, h6")).toBeNull();
    expect(host.innerHTML).toBe(
      "<p><strong>Title</strong></p><p><strong>Section</strong></p>" + "<p><strong>Detail with <em>style</em></strong></p><p>body</p>",
    );
  });

  test("a hash without a following space is ordinary text", () => {
    expect(showMarkdown("#hashtag and #1").innerHTML).toBe("<p>#hashtag and #1</p>");
  });

  test("fenced code keeps its content verbatim, language as a class, and parses nothing inside", () => {
    const host = showMarkdown("Run this:\n```ts\nconst a = **b** * [c](https://x.example);\n  <b>indented</b>\n\n```\ndone");
    const code = host.querySelector("pre > code")!;
    expect(code.className).toBe("language-ts");
    expect(code.textContent).toBe("const a = **b** * [c](https://x.example);\n  <b>indented</b>\n");
    expect(code.querySelector("*")).toBeNull();
    expect(host.querySelector("pre + p")!.textContent).toBe("done");
  });

  test("a fence without a language has no class, and tilde fences work too", () => {
    const host = showMarkdown("~~~\nplain\n~~~");
    expect(host.innerHTML).toBe("<pre><code>plain</code></pre>");
  });

  test("an unclosed fence runs to the end of the message", () => {
    expect(showMarkdown("```python\nprint(1)\n# not a heading").innerHTML).toBe(
      '<pre><code class="language-python">print(1)\n# not a heading</code></pre>',
    );
  });

  test("a closing fence must be at least as long as the opening one", () => {
    expect(showMarkdown("````\n```\ninner\n````").querySelector("code")!.textContent).toBe("```\ninner");
  });

  test("dash, star and plus items form one unordered list", () => {
    expect(showMarkdown("- apples\n* pears\n+ plums").innerHTML).toBe("<ul><li>apples</li><li>pears</li><li>plums</li></ul>");
  });

  test("ordered lists keep a start number other than one", () => {
    expect(showMarkdown("1. one\n2. two").innerHTML).toBe("<ol><li>one</li><li>two</li></ol>");
    expect(showMarkdown("3) three\n4) four").innerHTML).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
  });

  test("a list may follow a paragraph line directly", () => {
    expect(showMarkdown("Options:\n- **fast**\n- cheap").innerHTML).toBe(
      "<p>Options:</p><ul><li><strong>fast</strong></li><li>cheap</li></ul>",
    );
  });

  test("indented items nest inside the previous item", () => {
    expect(showMarkdown("1. Prepare\n   - wash\n   - cut\n2. Cook").innerHTML).toBe(
      "<ol><li>Prepare<ul><li>wash</li><li>cut</li></ul></li><li>Cook</li></ol>",
    );
  });

  test("an item of the other kind nests even when indented less than the item's text", () => {
    expect(showMarkdown("1. Prepare\n  - wash\n2. Cook").innerHTML).toBe("<ol><li>Prepare<ul><li>wash</li></ul></li><li>Cook</li></ol>");
  });

  test("switching between ordered and unordered markers starts a new list", () => {
    expect(showMarkdown("- a\n1. b").innerHTML).toBe("<ul><li>a</li></ul><ol><li>b</li></ol>");
  });

  test("indented lines continue an item, and a blank line before indented text makes paragraphs", () => {
    expect(showMarkdown("- first\n  more\n- second").innerHTML).toBe("<ul><li>first<br>more</li><li>second</li></ul>");
    expect(showMarkdown("1. step\n\n   detail\n\n2. next").innerHTML).toBe("<ol><li><p>step</p><p>detail</p></li><li>next</li></ol>");
  });

  test("an unindented line after a blank line ends the list", () => {
    expect(showMarkdown("- a\n\nafter").innerHTML).toBe("<ul><li>a</li></ul><p>after</p>");
  });

  test("a code block can sit inside a list item", () => {
    expect(showMarkdown("- run:\n  ```sh\n  npm test\n  ```").innerHTML).toBe(
      '<ul><li>run:<pre><code class="language-sh">npm test</code></pre></li></ul>',
    );
  });

  test("quote lines form a blockquote holding blocks", () => {
    expect(showMarkdown("> quoted *text*\n>\n> - item\n\nafter").innerHTML).toBe(
      "<blockquote><p>quoted <em>text</em></p><ul><li>item</li></ul></blockquote><p>after</p>",
    );
  });

  test("three or more dashes, stars or underscores make a rule", () => {
    expect(showMarkdown("above\n\n---\n* * *\n___\nbelow").innerHTML).toBe("<p>above</p><hr><hr><hr><p>below</p>");
  });

  test("markers without their space stay text", () => {
    expect(showMarkdown("-5 degrees\n1.5 litres\n*not an item*").innerHTML).toBe("<p>-5 degrees<br>1.5 litres<br><em>not an item</em></p>");
  });

  test("nesting deeper than the limit renders the remaining markers as text", () => {
    const host = showMarkdown("> > > > > > > > deep");
    expect(host.querySelectorAll("blockquote").length).toBe(6);
    expect(host.textContent).toBe("> > deep");
  });
});
