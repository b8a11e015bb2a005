import { describe, expect, test } from "vitest";
import { markdownPlainText } from "../../../src/widget/markdown/index.ts";
import { showMarkdown } from "./show-markdown.tsx";

const imagesIn = (host: HTMLElement): HTMLImageElement[] => [...host.querySelectorAll("img")];

describe("markdown images", () => {
  test("an http(s) image renders lazily, named by its alt text, without sending the page's address", () => {
    const host = showMarkdown("Look: ![Harbour at dusk](https://cdn.example.com/harbour.jpg)");
    const [image, ...others] = imagesIn(host);
    expect(others).toEqual([]);
    expect(image!.getAttribute("src")).toBe("https://cdn.example.com/harbour.jpg");
    expect(image!.getAttribute("alt")).toBe("Harbour at dusk");
    expect(image!.getAttribute("loading")).toBe("lazy");
    expect(image!.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(host.textContent).toBe("Look: ");
    expect(host.textContent).not.toContain("!");
  });

  test("the image opens in full in a new tab from a link named by the image", () => {
    const link = showMarkdown("![Harbour](https://cdn.example.com/harbour.jpg)").querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://cdn.example.com/harbour.jpg");
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link?.querySelector("img")?.getAttribute("alt")).toBe("Harbour");
  });

  test.each([
    ["![pixel](javascript:alert(1))"],
    ["![pixel](data:image/gif;base64,R0lGODlhAQABAAAAACw=)"],
    ["![pixel](mailto:track@example.com)"],
    ["![pixel](//tracker.example/p.gif)"],
    ["![pixel](/relative/p.gif)"],
    ["![pixel](https://user@tracker.example/p.gif)"],
  ])("a refused image %j makes no request and shows its alt text", (text) => {
    const host = showMarkdown(text);
    expect(imagesIn(host)).toEqual([]);
    expect(host.querySelector("a")).toBeNull();
    expect(host.textContent).toBe("pixel");
  });

  test("alt text is text: markup and escapes in it are not rendered", () => {
    const [image] = imagesIn(showMarkdown("![a \\*b\\* <i>c</i>](https://example.com/i.png)"));
    expect(image!.getAttribute("alt")).toBe("a *b* <i>c</i>");
  });

  test("an unfinished image while streaming stays text and loads nothing", () => {
    for (const prefix of ["![Har", "![Harbour](https://cdn.exa", "![Harbour]("]) {
      const host = showMarkdown(prefix);
      expect(imagesIn(host)).toEqual([]);
      expect(host.textContent).toBe(prefix);
    }
  });

  test("the plain text of an image, for the live region, is its alt text", () => {
    expect(markdownPlainText("Here it is: ![Harbour at dusk](https://cdn.example.com/h.jpg)")).toBe("Here it is: Harbour at dusk");
  });

  test("an exclamation mark before a plain link is text, and the link stays a link", () => {
    const host = showMarkdown("Wow! [docs](https://example.com)");
    expect(imagesIn(host)).toEqual([]);
    expect(host.querySelector("a")?.textContent).toBe("docs");
  });
});

describe("markdown autolinks in angle brackets", () => {
  test("an https autolink renders as a link without its brackets", () => {
    const host = showMarkdown("Read <https://example.com/guide?a=1> first.");
    const links = [...host.querySelectorAll("a")];
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("rel")])).toEqual([
      ["https://example.com/guide?a=1", "https://example.com/guide?a=1", "noopener noreferrer"],
    ]);
    expect(host.textContent).toBe("Read https://example.com/guide?a=1 first.");
  });

  test("an email autolink becomes a mailto link", () => {
    const link = showMarkdown("Write to <help@example.com>.").querySelector("a");
    expect(link?.getAttribute("href")).toBe("mailto:help@example.com");
    expect(link?.textContent).toBe("help@example.com");
  });

  test.each([["<javascript:alert(1)>"], ["<data:text/html,hi>"], ["<ftp://example.com/file>"]])(
    "a refused autolink %j is text only",
    (text) => {
      const host = showMarkdown(text);
      expect(host.querySelector("a")).toBeNull();
      expect(host.textContent).toBe(text.slice(1, -1));
    },
  );

  test("angle brackets that hold no URL stay literal", () => {
    for (const text of ["a <b> c", "1 < 2 > 0", "<https://example.com with space>", "<https://exa"]) {
      const host = showMarkdown(text);
      expect(host.textContent).toBe(text);
    }
  });
});
