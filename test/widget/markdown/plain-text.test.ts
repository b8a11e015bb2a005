import { describe, expect, it } from "vitest";
import { markdownPlainText } from "../../../src/widget/markdown/index.ts";

describe("plain text of Markdown", () => {
  it("drops emphasis markers and keeps their words", () => {
    expect(markdownPlainText("**bold**, *italic*, __strong__ and `code`")).toBe("bold, italic, strong and code");
  });

  it("keeps a link's text and leaves its URL out", () => {
    expect(markdownPlainText("See [the guide](https://example.com/guide) first")).toBe("See the guide first");
  });

  it("keeps a bare URL, since it is the text a reader sees", () => {
    expect(markdownPlainText("Go to https://example.com now")).toBe("Go to https://example.com now");
  });

  it("keeps a fenced block's code without its fences or language", () => {
    expect(markdownPlainText("Run this:\n```sh\nnpm test\n```\nDone.")).toBe("Run this:\nnpm test\nDone.");
  });

  it("puts blocks, list items and line breaks on their own lines, without their markers", () => {
    expect(markdownPlainText("# Title\n\n- one\n- two\n\n> quoted\nline\n\n---\nend")).toBe("Title\none\ntwo\nquoted\nline\nend");
  });

  it("keeps literal text that is not Markdown, such as raw HTML and unclosed markers", () => {
    expect(markdownPlainText("<b>hi</b> and **open")).toBe("<b>hi</b> and **open");
  });
});
