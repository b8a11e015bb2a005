import { performance } from "node:perf_hooks";
import { Fragment, h, render } from "preact";
import { markdownDocument } from "./bench-conversation-fixtures.ts";
import { installDomEnvironment } from "./bench-dom-environment.ts";
import { median } from "./bench-statistics.ts";
import { figure, type BenchRow } from "./bench-table.ts";

const documentLength = 5000;
const warmUpRuns = 5;
const parseRuns = 50;
const domRuns = 20;

/**
 * Markdown cost of one long agent message: `renderMarkdown` alone (parse to Preact elements), and the same
 * rendered into a fresh element of a happy-dom document.
 */
export async function measureMarkdown(): Promise<BenchRow[]> {
  const removeDom = await installDomEnvironment();
  try {
    const { renderMarkdown } = await import("../../src/widget/markdown/index.ts");
    const text = markdownDocument(documentLength);
    for (let run = 0; run < warmUpRuns; run++) renderMarkdown(text);
    const parse: number[] = [];
    for (let run = 0; run < parseRuns; run++) {
      const startedAt = performance.now();
      renderMarkdown(text);
      parse.push(performance.now() - startedAt);
    }
    const toDom: number[] = [];
    for (let run = 0; run < domRuns; run++) {
      const container = document.createElement("div");
      const startedAt = performance.now();
      render(h(Fragment, null, renderMarkdown(text)), container);
      toDom.push(performance.now() - startedAt);
      if (container.childElementCount === 0) throw new Error("the Markdown rendered nothing");
      render(null, container);
    }
    return [
      figure(`markdown ${documentLength} chars: renderMarkdown (median)`, median(parse), "ms", `${parseRuns} runs after ${warmUpRuns} warm-up; headings, lists, quotes, code, links`, 3),
      figure(`markdown ${documentLength} chars: to DOM (median)`, median(toDom), "ms", `${domRuns} runs, fresh element each, happy-dom`, 3),
    ];
  } finally {
    await removeDom();
  }
}
