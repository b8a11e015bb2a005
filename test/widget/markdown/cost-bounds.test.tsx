import { render } from "preact";
import { describe, expect, test } from "vitest";
import { readMarkdownView } from "../../../src/widget/markdown/block-cache.ts";
import { MarkdownBody, markdownPlainText } from "../../../src/widget/markdown/index.ts";
import { MARKDOWN_LENGTH, markdownEnd } from "../../../src/widget/markdown/render-blocks.ts";
import { hostileMessages, prefixesOf, streamedParagraph } from "../../benchmark/fixtures/hostile-inputs.ts";
import { showMarkdown } from "./show-markdown.tsx";

/**
 * Generous against the bounds the benchmark checks (50 ms to parse in Node, 200 ms to show in Chromium,
 * see `npm run bench`): a loaded machine and a cold engine stay under it, anything quadratic does not.
 */
const BUDGET_MILLISECONDS = 3_000;

function timed<Result>(run: () => Result): { result: Result; milliseconds: number } {
  const startedAt = performance.now();
  const result = run();
  return { result, milliseconds: performance.now() - startedAt };
}

/** How many elements deep the deepest element under `element` sits. */
function depthUnder(element: Element): number {
  let deepest = 0;
  const stack: [Element, number][] = [[element, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of node.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The letters and digits of a text, for comparing what a rendering kept with what was written. */
const letters = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, "");

describe("hostile agent text stays within its cost bounds", { timeout: 60_000 }, () => {
  test.each(Object.entries(hostileMessages()))("%s renders and reads as plain text, without an exception", (_name, text) => {
    const parsed = timed(() => readMarkdownView(`${text}\n`));
    const plain = timed(() => markdownPlainText(text));
    expect(parsed.milliseconds).toBeLessThan(BUDGET_MILLISECONDS);
    expect(plain.milliseconds).toBeLessThan(BUDGET_MILLISECONDS);
    const host = showMarkdown(text);
    // Lists and quotes nest at most 6 deep (3 elements each), inline markup at most 10 elements more.
    expect(depthUnder(host)).toBeLessThanOrEqual(6 * 3 + 1 + 10);
    // Nothing is lost: every letter is still there, as markup or as literal text (a link's URL and a list's numbers aside).
    if (!/\]\(|^1\. /.test(text)) expect(letters(host.textContent!)).toBe(letters(text));
    expect(letters(plain.result)).toBe(letters(host.textContent!));
  });

  test("emphasis nested 10,000 deep makes at most 8 nested elements, and the rest of its markers stay text", () => {
    const host = showMarkdown(`${"*a ".repeat(10_000)}${" a*".repeat(10_000)}`);
    expect(depthUnder(host)).toBe(1 + 8);
    expect(host.querySelectorAll("em").length).toBe(8);
    expect(host.textContent!.match(/\*/g)?.length).toBe(2 * (10_000 - 8));
  });

  test("the Markdown of a message ends at its length bound, and the rest shows as written, line breaks kept", () => {
    const line = "**bold** and _more_\n";
    const text = line.repeat(Math.ceil((MARKDOWN_LENGTH + 5_000) / line.length));
    const host = showMarkdown(text);
    const rest = host.lastElementChild!;
    expect(rest.className).toBe("plain");
    expect(rest.textContent!.startsWith("**bold** and _more_\n")).toBe(true);
    const lines = Math.floor(MARKDOWN_LENGTH / line.length);
    expect(host.querySelectorAll("strong").length).toBe(lines);
    // Each line of Markdown shows "bold and more" and a break; the rest as written.
    expect(host.textContent!.length).toBe(lines * "bold and more".length + text.length - lines * line.length);
  });

  test("a 500 KB paragraph of short lines costs no more per fragment at its end than at its start", () => {
    const { fragments } = streamedParagraph();
    const prefixes = prefixesOf(fragments);
    const host = document.createElement("div");
    const show = (texts: readonly string[]) =>
      timed(() => texts.forEach((text) => render(<MarkdownBody text={text} />, host))).milliseconds;
    const first = show(prefixes.slice(0, 50));
    show(prefixes.slice(50, -50));
    const last = show(prefixes.slice(-50));
    // Today each fragment re-reads at most a piece of the paragraph; reading it whole would cost ten times more at the end.
    expect(last).toBeLessThan(Math.max(3 * first, 50));
    const text = prefixes.at(-1)!;
    const end = markdownEnd(text);
    expect(host.firstElementChild!.textContent).toBe(text.slice(0, end).replace(/\n/g, "") + text.slice(end));
  });
});
