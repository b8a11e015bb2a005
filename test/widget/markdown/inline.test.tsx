import { describe, expect, test } from "vitest";
import { showMarkdown } from "./show-markdown.tsx";

/** The inner HTML of the single paragraph the text renders to. */
const paragraph = (text: string): string => {
  const host = showMarkdown(text);
  expect(host.children.length).toBe(1);
  expect(host.firstElementChild!.tagName).toBe("P");
  return host.firstElementChild!.innerHTML;
};

describe("markdown inline formatting", () => {
  test("double stars and double underscores make bold", () => {
    expect(paragraph("a **bold** and __strong__ word")).toBe("a <strong>bold</strong> and <strong>strong</strong> word");
  });

  test("single stars and single underscores make italics", () => {
    expect(paragraph("an *italic* and _slanted_ word")).toBe("an <em>italic</em> and <em>slanted</em> word");
  });

  test("underscores inside words stay literal", () => {
    expect(paragraph("call snake_case_name or __init__ now")).toBe("call snake_case_name or <strong>init</strong> now");
    expect(paragraph("file_name_v2.txt")).toBe("file_name_v2.txt");
  });

  test("stars inside words still emphasise", () => {
    expect(paragraph("un*believ*able")).toBe("un<em>believ</em>able");
  });

  test("markers surrounded by spaces stay literal", () => {
    expect(paragraph("2 * 3 * 4 and a _ b _ c")).toBe("2 * 3 * 4 and a _ b _ c");
  });

  test("triple markers make bold italics", () => {
    expect(paragraph("***both***")).toBe("<em><strong>both</strong></em>");
  });

  test("bold and italics nest in either order", () => {
    expect(paragraph("**bold with *italic* inside**")).toBe("<strong>bold with <em>italic</em> inside</strong>");
    expect(paragraph("*italic with **bold** inside*")).toBe("<em>italic with <strong>bold</strong> inside</em>");
    expect(paragraph("_mixed **markers**_")).toBe("<em>mixed <strong>markers</strong></em>");
  });

  test("extra closing markers are left as text", () => {
    expect(paragraph("*a**")).toBe("<em>a</em>*");
  });

  test("unclosed markers render as the text that was written", () => {
    expect(paragraph("**bol")).toBe("**bol");
    expect(paragraph("some *ital")).toBe("some *ital");
    expect(paragraph("__half **open")).toBe("__half **open");
  });

  test("an inner marker of the other kind left open inside a closed span becomes text", () => {
    expect(paragraph("*a _b* c_")).toBe("<em>a _b</em> c_");
  });

  test("a closer pairs with the nearest opener first, leaving unused markers as text", () => {
    expect(paragraph("**a *b**")).toBe("*<em>a <em>b</em></em>");
  });

  test("inline code keeps its content literally", () => {
    expect(paragraph("use `npm **run** <x>` here")).toBe("use <code>npm **run** &lt;x&gt;</code> here");
  });

  test("longer backtick runs let code contain backticks", () => {
    expect(paragraph("`` a ` b ``")).toBe("<code>a ` b</code>");
  });

  test("an unclosed backtick stays literal and the rest is still formatted", () => {
    expect(paragraph("a `b and **c**")).toBe("a `b and <strong>c</strong>");
  });

  test("code inside bold renders as code", () => {
    expect(paragraph("**run `make`**")).toBe("<strong>run <code>make</code></strong>");
  });

  test("backslash escapes make markers literal", () => {
    expect(paragraph("\\*not italic\\* and \\_plain\\_ and \\`tick\\`")).toBe("*not italic* and _plain_ and `tick`");
    expect(paragraph("a \\ b \\n")).toBe("a \\ b \\n");
  });

  test("bold may span a line break", () => {
    expect(paragraph("**two\nlines**")).toBe("<strong>two<br>lines</strong>");
  });

  test("list items and headings carry inline formatting", () => {
    expect(showMarkdown("- **bold** item\n- `code` item").innerHTML).toBe(
      "<ul><li><strong>bold</strong> item</li><li><code>code</code> item</li></ul>",
    );
  });
});
