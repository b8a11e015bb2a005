import { describe, expect, test } from "vitest";
import { showMarkdown } from "./show-markdown.tsx";

const linksIn = (host: HTMLElement): HTMLAnchorElement[] => [...host.querySelectorAll("a")];

describe("markdown links", () => {
  test("an allowed link opens in a new tab without access to the page", () => {
    const [link, ...others] = linksIn(showMarkdown("see [the docs](https://example.com/docs) now"));
    expect(others).toEqual([]);
    expect(link!.getAttribute("href")).toBe("https://example.com/docs");
    expect(link!.getAttribute("target")).toBe("_blank");
    expect(link!.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link!.textContent).toBe("the docs");
  });

  test("mailto and http links are allowed", () => {
    const hrefs = linksIn(showMarkdown("[mail](mailto:help@example.com) [plain](http://example.com)")).map((link) =>
      link.getAttribute("href"),
    );
    expect(hrefs).toEqual(["mailto:help@example.com", "http://example.com/"]);
  });

  test.each([
    ["[click](javascript:alert(1))"],
    ["[click](JaVaScRiPt:alert(1))"],
    ["[click](data:text/html,hi)"],
    ["[click](vbscript:msgbox)"],
    ["[click](//evil.example)"],
    ["[click](/relative)"],
    ["[click](javascript&#58;alert(1))"],
  ])("a refused link %j shows only its text", (text) => {
    const host = showMarkdown(text);
    expect(linksIn(host)).toEqual([]);
    expect(host.innerHTML).toBe("<p>click</p>");
  });

  test("link text carries inline formatting, and bold can wrap a link", () => {
    expect(showMarkdown("**[read *this*](https://example.com)**").innerHTML).toBe(
      '<p><strong><a target="_blank" rel="noopener noreferrer" href="https://example.com/">read <em>this</em></a></strong></p>',
    );
  });

  test("a refused link keeps the formatting of its text", () => {
    expect(showMarkdown("[**bold**](javascript:void(0))").innerHTML).toBe("<p><strong>bold</strong></p>");
  });

  test("links inside list items render", () => {
    const host = showMarkdown("- [one](https://example.com/1)\n- [two](https://example.com/2)");
    expect(linksIn(host).map((link) => link.closest("li") !== null)).toEqual([true, true]);
  });

  test("parentheses inside a link URL stay balanced", () => {
    const [link] = linksIn(showMarkdown("[wiki](https://example.com/Foo_(bar)) after"));
    expect(link!.getAttribute("href")).toBe("https://example.com/Foo_(bar)");
  });

  test("incomplete link syntax stays literal", () => {
    expect(showMarkdown("[text] (https://example.com) [open](https://exa").textContent).toBe(
      "[text] (https://example.com) [open](https://exa",
    );
  });

  test("an empty label or a URL with spaces forms no link, and only a bare URL inside is linked", () => {
    for (const text of ["[](https://example.com/a)", "[x](https://example.com/a b)"]) {
      const host = showMarkdown(text);
      expect(host.textContent).toBe(text);
      expect(linksIn(host).map((link) => link.textContent)).toEqual(["https://example.com/a"]);
    }
  });

  test("bare http and https URLs become links showing the URL as written", () => {
    const host = showMarkdown("Visit https://Example.com/a_b_c or HTTP://example.org.");
    const links = linksIn(host);
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["https://Example.com/a_b_c", "https://example.com/a_b_c"],
      ["HTTP://example.org", "http://example.org/"],
    ]);
    expect(host.textContent).toBe("Visit https://Example.com/a_b_c or HTTP://example.org.");
    expect(links.every((link) => link.target === "_blank" && link.rel === "noopener noreferrer")).toBe(true);
  });

  test("a bare URL leaves out trailing punctuation, closing parentheses and emphasis markers", () => {
    const host = showMarkdown("(see https://example.com/page), **https://example.com/bold**!");
    expect(linksIn(host).map((link) => link.textContent)).toEqual(["https://example.com/page", "https://example.com/bold"]);
    expect(host.querySelector("strong > a")).not.toBeNull();
  });

  test("bare URLs are not detected inside words, code or link text", () => {
    const host = showMarkdown("xhttps://example.com `https://example.com` [https://example.com](https://example.org)");
    expect(linksIn(host).map((link) => link.getAttribute("href"))).toEqual(["https://example.org/"]);
    expect(host.querySelector("a a")).toBeNull();
  });

  test("a bare URL with credentials stays text", () => {
    expect(linksIn(showMarkdown("https://bank.example@evil.example/login"))).toEqual([]);
  });

  test("only the scheme alone is not a link", () => {
    expect(linksIn(showMarkdown("type https:// then the host"))).toEqual([]);
  });
});
