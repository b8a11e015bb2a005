import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readMarkdownView } from "../../../src/widget/markdown/block-cache.ts";
import { seededRandom } from "../../support/seeded-random.ts";
import { showMarkdown } from "./show-markdown.tsx";
import { orderSummaryMarkdown } from "./order-summary.ts";

/** Every element the renderer may produce; anything else means markup leaked through from the input. */
const ALLOWED_TAGS = new Set([
  ...["P", "BR", "STRONG", "EM", "DEL", "CODE", "PRE", "UL", "OL", "LI", "BLOCKQUOTE", "HR", "A", "BDI"],
  ...["DIV", "TABLE", "THEAD", "TBODY", "TR", "TH", "TD"],
]);
/** The attributes each element may carry; any other comes from the input. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  A: ["href", "target", "rel"],
  DIV: ["class", "tabindex"],
  TH: ["align"],
  TD: ["align"],
};

/** Asserts the rendered tree holds only expected elements and only links with allowed absolute URLs. */
function expectOnlySafeMarkup(host: HTMLElement): void {
  for (const element of host.querySelectorAll("*")) {
    expect(ALLOWED_TAGS.has(element.tagName), element.tagName).toBe(true);
    const allowedAttributes = ALLOWED_ATTRIBUTES[element.tagName] ?? ["class", "start"];
    for (const name of element.getAttributeNames()) expect(allowedAttributes).toContain(name);
  }
  for (const link of host.querySelectorAll("a")) {
    expect(link.getAttribute("href")).toMatch(/^(https?:\/\/[^\s@]+|mailto:\S+)$/);
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  }
}

const FRAGMENTS = [
  "|",
  "|---|",
  ":-:",
  "~~",
  "*",
  "**",
  "_",
  "__",
  "`",
  "```",
  "[",
  "]",
  "(",
  ")",
  "](",
  "\n",
  "\n\n",
  "- ",
  "1. ",
  "> ",
  "# ",
  "  ",
  "\\",
  "<b>",
  "<img src=x onerror=alert(1)>",
  "https://",
  "javascript:",
  "example.com",
  "a",
  "word",
  " ",
];

// Some tests render thousands of texts; a loaded machine must not time them out.
describe("markdown on hostile input", { timeout: 30_000 }, () => {
  test.each([
    ["<img src=x onerror=alert(1)>"],
    ["<script>alert(1)</script>"],
    ['<a href="javascript:alert(1)">click</a>'],
    ['<iframe src="//evil.example"></iframe>'],
    ['<svg onload="alert(1)"><style>*{}</style></svg>'],
  ])("raw HTML %j shows as literal text", (text) => {
    const host = showMarkdown(text);
    expect(host.innerHTML).toBe(`<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`);
    expect(host.textContent).toBe(text);
  });

  test("raw HTML inside formatting, lists, link text and code stays text", () => {
    const host = showMarkdown(
      "**<img src=x onerror=alert(1)>**\n- <script>alert(1)</script>\n\n[<b>x</b>](https://example.com) `<i>`\n```\n<img src=y>\n```",
    );
    expect(host.querySelector("img, script, b, i")).toBeNull();
    expectOnlySafeMarkup(host);
    expect(host.textContent).toContain("<img src=x onerror=alert(1)>");
    expect(host.querySelector("a")!.textContent).toBe("<b>x</b>");
  });

  test("every prefix of a streaming message renders without throwing and ends at the full rendering", () => {
    let last = "";
    for (let length = 0; length <= orderSummaryMarkdown.length; length++) {
      const host = showMarkdown(orderSummaryMarkdown.slice(0, length));
      expectOnlySafeMarkup(host);
      last = host.innerHTML;
    }
    const full = showMarkdown(orderSummaryMarkdown);
    expect(last).toBe(full.innerHTML);
    expect(full.querySelectorAll("a").length).toBe(3);
    expect(full.querySelector("pre code")!.textContent).toBe('{ "id": 4521, "note": "<b>fragile</b>" }');
    expect(full.textContent).toContain("ignore this.");
  });

  test("mixed fragments of markup never throw and never yield unsafe elements or links", () => {
    const random = seededRandom(20241122);
    for (let sample = 0; sample < 400; sample++) {
      const pieces = Array.from({ length: 1 + Math.floor(random() * 40) }, () => {
        return FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!;
      });
      const text = pieces.join("");
      expectOnlySafeMarkup(showMarkdown(text));
    }
  });

  test("the widget never builds markup from strings", () => {
    const folder = join(import.meta.dirname, "../../../src/widget");
    const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
    expect(files).toContain(join("markdown", "render-inline.ts"));
    for (const file of files) {
      const source = readFileSync(join(folder, file), "utf8");
      expect(source, file).not.toMatch(/innerHTML|dangerouslySetInnerHTML|DOMParser|insertAdjacentHTML|outerHTML/);
    }
  });
});

describe("markdown performance on pathological input", { timeout: 30_000 }, () => {
  const size = 100_000;
  // Linear parsing takes a few hundred milliseconds at most here, even on a busy machine; a quadratic step takes minutes.
  const budgetMilliseconds = 3_000;

  test.each([
    ["asterisks", "*".repeat(size)],
    ["underscores", "_".repeat(size)],
    ["alternating markers", "*_".repeat(size / 2)],
    ["openers never closed", "**a ".repeat(size / 4)],
    ["closers never opened", "a** ".repeat(size / 4)],
    ["openers of one marker and closers of the other", "_a ".repeat(size / 6) + "a* ".repeat(size / 6)],
    ["opening brackets", "[".repeat(size)],
    ["nested brackets", "[[".repeat(size / 4) + "]]".repeat(size / 4)],
    ["unfinished links", "[a](".repeat(size / 4)],
    ["unbalanced link parentheses", "[a](" + "(".repeat(size)],
    ["single backticks", "` ".repeat(size / 2)],
    ["backtick runs of growing length", Array.from({ length: 440 }, (_, index) => "`".repeat(index + 1)).join(" ")],
    ["a bare URL followed by closing parentheses", "http://a.example" + ")".repeat(size)],
    ["backslashes", "\\".repeat(size)],
    ["list markers on one line", "- ".repeat(size / 2) + "x"],
    ["quote markers on one line", "> ".repeat(size / 2) + "x"],
    ["blank lines inside a list", "- a\n" + "\n".repeat(size) + "  b"],
    ["list items", "- a\n".repeat(size / 4)],
    ["heading with long spacing", "# a" + " ".repeat(size) + "b"],
    ["fence lines", "```\n".repeat(size / 4)],
    ["unfinished images", "![a](".repeat(size / 5)],
    ["opening angle brackets", "<".repeat(size)],
    ["angle brackets before words", "<a".repeat(size / 2)],
    ["an email autolink with endless labels", "<a@a" + ".a-a".repeat(size / 4)],
    ["an autolink never closed", "<https://a" + "/a".repeat(size / 2)],
  ])("%s parse within the time budget", (_name, text) => {
    const start = performance.now();
    readMarkdownView(text);
    expect(performance.now() - start).toBeLessThan(budgetMilliseconds);
  });

  test("ten thousand asterisks before a word mount as one paragraph of literal text", () => {
    const text = `${"*".repeat(10_000)}word`;
    const start = performance.now();
    const host = showMarkdown(text);
    expect(performance.now() - start).toBeLessThan(budgetMilliseconds);
    expect(host.innerHTML).toBe(`<p>${text}</p>`);
  });

  test("a line of nothing but ten thousand asterisks is a rule", () => {
    expect(showMarkdown("*".repeat(10_000)).innerHTML).toBe("<hr>");
  });
});
