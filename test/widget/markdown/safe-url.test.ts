import { describe, expect, test } from "vitest";
import { safeUrl } from "../../../src/widget/markdown/index.ts";

describe("safeUrl", () => {
  test.each([
    ["https://example.com", "https://example.com/"],
    ["http://example.com/path?q=1#top", "http://example.com/path?q=1#top"],
    ["HTTPS://EXAMPLE.com/A", "https://example.com/A"],
    ["  https://example.com/padded \n", "https://example.com/padded"],
    ["mailto:help@example.com", "mailto:help@example.com"],
    ["https://example.com/wiki/Foo_(bar)", "https://example.com/wiki/Foo_(bar)"],
  ])("accepts and normalises %j", (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  test.each([
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["  javascript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["java\nscript:alert(1)"],
    ["java\u0000script:alert(1)"],
    ["\u0001javascript:alert(1)"],
    ["javascript&#58;alert(1)"],
    ["javascript&colon;alert(1)"],
    ["&#106;avascript:alert(1)"],
    ["&#x68;ttps://example.com"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["DATA:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["file:///etc/passwd"],
    ["ftp://example.com"],
    ["//evil.example/path"],
    ["/relative/path"],
    ["relative/path"],
    ["#fragment"],
    ["?query=1"],
    [""],
    ["   "],
    ["https://"],
    ["http:// example.com"],
    ["https://exa mple.com"],
    ["https://exam\u200bple.com"],
    ["https://example.com\u202e/moc.live"],
    ["https://trusted.example@evil.example/"],
    ["https://user:secret@example.com/"],
  ])("refuses %j", (input) => {
    expect(safeUrl(input)).toBeNull();
  });

  test("answers the same when asked again, past the number of URLs it remembers", () => {
    const urls = Array.from({ length: 500 }, (_, index) => (index % 2 ? `https://example.com/${index}` : `javascript:alert(${index})`));
    for (let round = 0; round < 2; round++) {
      urls.forEach((url, index) => expect(safeUrl(url)).toBe(index % 2 ? url : null));
    }
  });
});
