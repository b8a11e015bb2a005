import { performance } from "node:perf_hooks";
import { Fragment, h, render } from "preact";
import { streamedAnswer } from "../browser/stream-text.ts";
import { markdownDocument } from "../fixtures/conversation-fixtures.ts";
import { median } from "../report/statistics.ts";
import { figure, type BenchRow } from "../report/table.ts";
import { installDomEnvironment } from "../support/dom-environment.ts";

const documentLength = 5000;
const warmUpRuns = 5;
const parseRuns = 50;
const domRuns = 20;
/** A full parse per chunk costs the square of the length: more chunks would make the section slow. */
const streamChunks = 1000;
const warmUpChunks = 100;

/** Milliseconds `run` takes. */
function time(run: () => void): number {
  const startedAt = performance.now();
  run();
  return performance.now() - startedAt;
}

/**
 * Markdown cost: a full parse of one long agent message (parse to Preact elements, then into a fresh
 * element of a happy-dom document), and a streamed answer shown after every chunk as the widget does, with
 * `readMarkdownView` (finished blocks kept) against a full parse of the text so far: as parsing alone, and
 * as parsing plus updating one bubble in place (the widget's `MarkdownBody` against Preact re-rendering a
 * full parse).
 */
export async function measureMarkdown(): Promise<BenchRow[]> {
  const removeDom = await installDomEnvironment();
  try {
    const { MarkdownBody } = await import("../../../src/widget/markdown/index.ts");
    const { readMarkdownView } = await import("../../../src/widget/markdown/block-cache.ts");
    const { renderBlocks } = await import("../../../src/widget/markdown/render-blocks.ts");
    const text = markdownDocument(documentLength);
    for (let run = 0; run < warmUpRuns; run++) renderBlocks(text);
    const parse = Array.from({ length: parseRuns }, () => time(() => renderBlocks(text)));
    const toDom = Array.from({ length: domRuns }, () => {
      const container = document.createElement("div");
      const duration = time(() => render(h(Fragment, null, renderBlocks(text)), container));
      if (container.childElementCount === 0) throw new Error("the Markdown rendered nothing");
      render(null, container);
      return duration;
    });

    const { fragments } = streamedAnswer(streamChunks);
    const prefixes = fragments.map((_, index) => fragments.slice(0, index + 1).join(""));
    const stream = (show: (text: string, bubble: HTMLElement) => void, texts: string[]) => {
      const bubble = document.createElement("div");
      return time(() => {
        for (const prefix of texts) show(prefix, bubble);
      });
    };
    const streamed = (label: string, show: (text: string, bubble: HTMLElement) => void) => {
      stream(show, prefixes.slice(0, warmUpChunks));
      const total = stream(show, prefixes);
      const notes = `${(prefixes.at(-1)!.length / 1024).toFixed(1)} KiB answer shown after every chunk, after a ${warmUpChunks}-chunk warm-up; total ${total.toFixed(0)} ms`;
      return figure(`markdown stream of ${streamChunks} chunks, ${label}`, total / streamChunks, "ms/chunk", notes, 3);
    };
    const conditions = `${parseRuns} runs after ${warmUpRuns} warm-up; headings, lists, quotes, code, links`;
    return [
      figure(`markdown ${documentLength} chars: full parse (median)`, median(parse), "ms", conditions, 3),
      figure(`markdown ${documentLength} chars: to DOM (median)`, median(toDom), "ms", `${domRuns} runs, fresh element each, happy-dom`, 3),
      streamed("parse, finished blocks kept (readMarkdownView)", (prefix) => void readMarkdownView(prefix)),
      streamed("parse, full parse each time", (prefix) => void renderBlocks(prefix)),
      streamed("parse + update one bubble, finished blocks kept (MarkdownBody)", (prefix, bubble) =>
        render(h(MarkdownBody, { text: prefix }), bubble),
      ),
      streamed("parse + update one bubble, full parse each time", (prefix, bubble) =>
        render(h(Fragment, null, renderBlocks(prefix)), bubble),
      ),
    ];
  } finally {
    await removeDom();
  }
}
