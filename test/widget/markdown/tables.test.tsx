import { describe, expect, test } from "vitest";
import { markdownPlainText } from "../../../src/widget/markdown/index.ts";
import { showMarkdown } from "./show-markdown.tsx";

describe("GFM tables", () => {
  test("a header row and a delimiter row make a table, header cells as th, in a focusable element that scrolls it", () => {
    const host = showMarkdown("| Plan | Price |\n|---|---:|\n| Basic | **9** € |\n| Pro | 29 € |");
    expect(host.innerHTML).toBe(
      '<div class="table" tabindex="0"><table><thead><tr><th>Plan</th><th align="right">Price</th></tr></thead>' +
        '<tbody><tr><td>Basic</td><td align="right"><strong>9</strong> €</td></tr><tr><td>Pro</td><td align="right">29 €</td></tr></tbody></table></div>',
    );
  });

  test("outer pipes are optional, colons align columns, and an escaped pipe stays in its cell", () => {
    const host = showMarkdown("a | b | c\n:-- | :-: | --:\n`x\\|y` | 2 | 3");
    expect([...host.querySelectorAll("th")].map((cell) => cell.getAttribute("align"))).toEqual([null, "center", "right"]);
    expect(host.querySelector("td code")?.textContent).toBe("x|y");
  });

  test("a table interrupts a paragraph and ends at a blank line or another block", () => {
    const host = showMarkdown("Compare:\n| A | B |\n| - | - |\n| 1 | 2 |\n- a list\n\nafter");
    expect([...host.children].map((child) => child.tagName)).toEqual(["P", "DIV", "UL", "P"]);
    expect(host.querySelectorAll("tbody tr")).toHaveLength(1);
  });

  test("a row keeps at most one cell per column and is not filled up", () => {
    const host = showMarkdown("| a | b |\n|---|---|\n| 1 | 2 | 3 |\n| only |");
    expect([...host.querySelectorAll("tbody tr")].map((row) => row.children.length)).toEqual([2, 1]);
  });

  test.each([
    ["a delimiter row of another width", "| a | b |\n|---|\n| 1 | 2 |"],
    ["no pipe in the delimiter row", "a\n---"],
    ["no pipe in the header row", "a b\n|---|"],
    ["a delimiter cell without a dash", "| a |\n|:|"],
  ])("%s is no table", (_name, text) => {
    expect(showMarkdown(text).querySelector("table")).toBeNull();
  });

  test("reads as text with a line per row and its cells apart", () => {
    expect(markdownPlainText("Prices:\n\n| Plan | Price |\n|---|---|\n| Basic | 9 € |")).toBe("Prices:\nPlan Price\nBasic 9 €");
  });
});

describe("blockquotes and strikethrough", () => {
  test("two tildes strike through, other runs are text", () => {
    expect(showMarkdown("~~old~~ new, ~about~ 3 and ~~~not~~~").innerHTML).toBe("<p><del>old</del> new, ~about~ 3 and ~~~not~~~</p>");
  });

  test("strikethrough nests with emphasis and never crosses it", () => {
    expect(showMarkdown("**~~gone~~** and ~~*a* b~~ and ~~a *b~~ c*").innerHTML).toBe(
      "<p><strong><del>gone</del></strong> and <del><em>a</em> b</del> and <del>a *b</del> c*</p>",
    );
  });

  test("a quote is a blockquote holding its blocks", () => {
    expect(showMarkdown("> quoted **text**\n> - item").innerHTML).toBe(
      "<blockquote><p>quoted <strong>text</strong></p><ul><li>item</li></ul></blockquote>",
    );
  });
});
