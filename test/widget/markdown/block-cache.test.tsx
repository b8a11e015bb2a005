import { h, render, type ComponentChildren } from "preact";
import { describe, expect, test } from "vitest";
import { readMarkdownView, renderFinishedBlock } from "../../../src/widget/markdown/block-cache.ts";
import { MarkdownBody } from "../../../src/widget/markdown/index.ts";
import { renderBlocks } from "../../../src/widget/markdown/render-blocks.ts";

function html(children: ComponentChildren): string {
  const host = document.createElement("div");
  render(h("div", null, children), host);
  return (host.firstElementChild as HTMLElement).innerHTML;
}

describe("the Markdown view of a growing message", () => {
  test("gives back its finished blocks as the same objects, so none is parsed or shown again", () => {
    const opening = "First **paragraph**.\n\n- one\n- two\n\nThird paragraph, still";
    const first = readMarkdownView(opening).finished;
    const second = readMarkdownView(`${opening} growing.\n\nAnd a fourth.\n`).finished;
    const third = readMarkdownView(`${opening} growing.\n\nAnd a fourth.\n\nFifth`).finished;
    // The list could still have gone on while the line after it was incomplete.
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(3);
    expect(second[0]).toBe(first[0]);
    expect(third).toEqual(second);
    third.forEach((block, index) => expect(block).toBe(second[index]));
    const text = `${opening} growing.\n\nAnd a fourth.\n\nFifth`;
    expect(third.map((block) => text.slice(block.start, block.end))).toEqual([
      "First **paragraph**.\n\n",
      "- one\n- two\n\n",
      "Third paragraph, still growing.\n\n",
    ]);
  });

  test("keeps only the place of a finished block, and hands over its rendering only in the call it finished", () => {
    const text = "Done **here**.\n\nStill\n";
    readMarkdownView("Done **her");
    const finishing = readMarkdownView(text);
    const [block] = finishing.finished;
    expect(block).toEqual({ start: 0, end: 16 });
    expect([...finishing.justFinished.keys()]).toEqual([block]);
    expect(html(finishing.justFinished.get(block!))).toBe("<p>Done <strong>here</strong>.</p>");
    expect(readMarkdownView(`${text} more`).justFinished.size).toBe(0);
  });

  test("renders a finished block from its lines alone as a full parse renders it, in any text that starts alike", () => {
    const text = "1) one\n2) two\n\n> quoted\n> on\n\n```js\ncode\n```\n\n---\n\n# Title\n\nlast";
    const { finished, tail } = readMarkdownView(text);
    // The heading waits for the line after it to be complete.
    expect(finished).toHaveLength(4);
    expect(html([...finished.map((block) => renderFinishedBlock(block, text)), ...tail])).toBe(html(renderBlocks(text)));
    const longer = `${text} and more`;
    expect(html([...finished.map((block) => renderFinishedBlock(block, longer)), ...tail])).toBe(html(renderBlocks(text)));
  });

  test("keeps a paragraph open until the line under a table's header row decides whether a table starts", () => {
    const text = "Intro\n| a | b |\n|---|---| is no delimiter row\nmore\n\nText\n| c |\n| - |\n| d |\n";
    const host = document.createElement("div");
    for (let end = 1; end <= text.length; end++) {
      const prefix = text.slice(0, end);
      render(<MarkdownBody text={prefix} />, host);
      expect((host.firstElementChild as HTMLElement).innerHTML, JSON.stringify(prefix)).toBe(html(renderBlocks(prefix)));
    }
    expect(host.querySelectorAll("table")).toHaveLength(1);
  });
});
