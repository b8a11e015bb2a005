import { h, render, type ComponentChildren } from "preact";
import { describe, expect, test } from "vitest";
import { longReply, markdownShowcase } from "../../../demo/server/agent/replies.ts";
import { MarkdownBody } from "../../../src/widget/markdown/index.ts";
import { MARKDOWN_LENGTH, renderBlocks, renderMarkdown } from "../../../src/widget/markdown/render-blocks.ts";
import { streamedAnswer } from "../../benchmark/browser/stream-text.ts";
import { markdownDocument } from "../../benchmark/fixtures/conversation-fixtures.ts";
import { seededRandom } from "../../support/seeded-random.ts";
import { orderSummaryMarkdown } from "./order-summary.ts";

/** The HTML Preact makes of rendered children. */
function html(children: ComponentChildren): string {
  const host = document.createElement("div");
  render(h("div", null, children), host);
  return (host.firstElementChild as HTMLElement).innerHTML;
}

/** A body in a host of its own, shown with `text` and then each text passed to `show`. */
function body(text: string) {
  const host = document.createElement("div");
  render(<MarkdownBody text={text} />, host);
  return {
    element: () => host.firstElementChild as HTMLElement,
    show: (next: string) => render(<MarkdownBody text={next} />, host),
  };
}

const REAL_SAMPLES: Record<string, string> = {
  "the demo's Markdown showcase": markdownShowcase().text,
  "the demo's long answer": longReply().text,
  "a help-centre article": markdownDocument(800),
  "the benchmark's streamed answer": streamedAnswer(80).markdown,
  "an order summary": orderSummaryMarkdown,
  "loose lists, nesting and quotes": [
    "Steps:",
    "",
    "1. Prepare",
    "",
    "   Wash everything first.",
    "   - apples",
    "   - pears",
    "",
    "2. Cook",
    "   ```",
    "   heat 180",
    "   ```",
    "",
    "> Quoted intro",
    "> - a quoted item",
    "> > nested quote",
    "",
    "after the quote",
    "- a\n\n\n  still item a\n- b\n\nnot the list",
    "~~~~\n```\nlonger fence\n~~~~\nend",
  ].join("\n"),
  "a paragraph of many lines, read in pieces": Array.from({ length: 90 }, (_, line) => `line ${line}, with *words* and **more`).join("\n"),
  "a table right after a paragraph, strikethrough and a quote":
    "Compare the plans:\n| Plan | Price | Notes |\n|:--|--:|:-:|\n| Basic | 9 € | ~~old~~ new |\n| Pro | 29 € | `a\\|b` |\nNo pipe here\n\n> quoted **bold**\n> more\n\nafter\na | b\n-|-\n1|2",
  "a line that reads as a table's delimiter row until it goes on":
    "Intro\n| a | b |\n|---|---| is no delimiter row\nmore\n\n| c |\n| - |\n| d |",
  "Windows line endings": "# Title\r\n\r\nFirst line\r\nsecond line\r\n\r\n- one\r\n- two\r\n\r\n```\r\ncode\r\n```\r\n\r\ndone\r\n",
  "old Mac line endings": "Para one\r\rPara two\r- item\r\r---\rend",
};

/** Markup that decides where blocks start and end, or hides inside them. */
const HOSTILE_FRAGMENTS = [
  "|",
  "| a |",
  "|---|",
  "-|-",
  ":-:",
  "~~",
  "\n",
  "\n\n",
  "\r",
  "\r\n",
  "- ",
  "* ",
  "+ ",
  "1. ",
  "2) ",
  "> ",
  "# ",
  "###### ",
  "```",
  "~~~",
  "````",
  "---",
  "***",
  "  ",
  "    ",
  "\t",
  "*",
  "**",
  "_",
  "`",
  "[",
  "](",
  ")",
  "https://example.com",
  "javascript:",
  "<b>",
  "\\",
  "word",
  "two words",
  " ",
];

function hostileSample(random: () => number): string {
  return Array.from(
    { length: 10 + Math.floor(random() * 80) },
    () => HOSTILE_FRAGMENTS[Math.floor(random() * HOSTILE_FRAGMENTS.length)]!,
  ).join("");
}

/** Ends of the chunks of `text` at random split points, from single characters to a few dozen. */
function splitPoints(text: string, random: () => number): number[] {
  const ends: number[] = [];
  for (let end = 0; end < text.length;) {
    end = Math.min(text.length, end + 1 + Math.floor(random() * (random() < 0.5 ? 4 : 40)));
    ends.push(end);
  }
  return ends;
}

/**
 * Streams `text` chunk by chunk into one body, as a streaming message's bubble receives it, and checks at
 * every step that it shows the DOM of a full parse of the text so far, as a body shown afresh does.
 */
function expectStreamMatchesFullParse(text: string, random: () => number): void {
  const growing = body("");
  for (const end of splitPoints(text, random)) {
    const prefix = text.slice(0, end);
    const expected = html(renderMarkdown(prefix));
    growing.show(prefix);
    expect(growing.element().innerHTML, JSON.stringify(prefix)).toBe(expected);
    expect(body(prefix).element().innerHTML, JSON.stringify(prefix)).toBe(expected);
  }
}

// Each property test checks thousands of prefixes; a loaded machine must not time them out.
describe("a growing message shows what a full parse would, at every step", { timeout: 60_000 }, () => {
  test.each(Object.entries(REAL_SAMPLES))("%s, at random split points", (_name, text) => {
    const random = seededRandom(text.length);
    for (let round = 0; round < 2; round++) expectStreamMatchesFullParse(text, random);
  });

  test("hostile markup at random split points", () => {
    const random = seededRandom(90210);
    for (let sample = 0; sample < 150; sample++) expectStreamMatchesFullParse(hostileSample(random), random);
  });

  test("a message that starts like an earlier one and then goes another way at a line start", () => {
    const random = seededRandom(4242);
    const pick = <Item,>(items: readonly Item[]) => items[Math.floor(random() * items.length)]!;
    for (let sample = 0; sample < 100; sample++) {
      const earlier = hostileSample(random);
      expectStreamMatchesFullParse(earlier, random);
      const lineStarts = [0, ...[...earlier.matchAll(/\r\n?|\n/g)].map((match) => match.index + match[0].length)];
      const later = earlier.slice(0, pick(lineStarts)) + pick(["  ", "    ", "- ", "1. ", "> ", "```", "\n", ""]) + hostileSample(random);
      expectStreamMatchesFullParse(later, random);
    }
  });

  test("two messages streaming in turns, one of them starting like the other", () => {
    const first = REAL_SAMPLES["an order summary"]!;
    const second = `${first.slice(0, 120)}\n  - continues the item\n\nThen something else entirely.`;
    const random = seededRandom(7);
    const [firstEnds, secondEnds] = [splitPoints(first, random), splitPoints(second, random)];
    const [firstBody, secondBody] = [body(""), body("")];
    for (let step = 0; step < Math.max(firstEnds.length, secondEnds.length); step++) {
      for (const [text, ends, shown] of [
        [first, firstEnds, firstBody],
        [second, secondEnds, secondBody],
      ] as const) {
        const prefix = text.slice(0, ends[Math.min(step, ends.length - 1)]);
        shown.show(prefix);
        expect(shown.element().innerHTML, JSON.stringify(prefix)).toBe(html(renderBlocks(prefix)));
      }
    }
  });

  test("a message that runs past its Markdown, at the length bound and after", () => {
    const random = seededRandom(65);
    const text = `${"A *long* answer.\n".repeat(MARKDOWN_LENGTH / 17 + 200)}`;
    const growing = body("");
    for (const end of [
      100,
      MARKDOWN_LENGTH - 3,
      MARKDOWN_LENGTH,
      MARKDOWN_LENGTH + 1,
      MARKDOWN_LENGTH + 30,
      text.length - 1,
      text.length,
    ]) {
      const prefix = text.slice(0, end + Math.floor(random() * 3));
      growing.show(prefix);
      expect(growing.element().innerHTML).toBe(html(renderMarkdown(prefix)));
    }
    expect(growing.element().lastElementChild!.className).toBe("plain");
  });

  test("a text replaced by another, shorter or different, shows only the new one", () => {
    const shown = body("One.\n\nTwo.\n\nThree.\n\nFour");
    for (const text of ["One.\n\nTwo", "Other.\n\n- a\n- b\n\nEnd", "", "One.\n\nTwo.\n\nThree.\n\nFive"]) {
      shown.show(text);
      expect(shown.element().innerHTML, JSON.stringify(text)).toBe(html(renderBlocks(text)));
    }
  });
});

describe("the body's DOM", () => {
  /** The nodes that the mutations `change` makes touch. */
  function mutatedBy(element: HTMLElement, change: () => void): Node[] {
    const observer = new MutationObserver(() => undefined);
    observer.observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
    change();
    const records = observer.takeRecords();
    observer.disconnect();
    return records.flatMap((record) => [record.target, ...record.addedNodes, ...record.removedNodes]);
  }

  test("changes only in its last block while the message grows", () => {
    const shown = body("One.\n\nTwo.\n\nThr");
    const [one, two] = [...shown.element().children];
    const mutated = mutatedBy(shown.element(), () => shown.show("One.\n\nTwo.\n\nThree, growing"));
    expect([...shown.element().children].slice(0, 2)).toEqual([one, two]);
    expect(mutated.some((node) => one!.contains(node) || two!.contains(node))).toBe(false);
    expect(shown.element().innerHTML).toBe("<p>One.</p><p>Two.</p><p>Three, growing</p>");
  });

  test("keeps the nodes of a block that finishes, and never touches the blocks before it again", () => {
    const shown = body("One.\n\nTwo `code`.\n\nThr");
    const [one, two, three] = [...shown.element().children];
    const mutated = mutatedBy(shown.element(), () => shown.show("One.\n\nTwo `code`.\n\nThree.\n\nFour\n\nFive"));
    expect([...shown.element().children].slice(0, 3)).toEqual([one, two, three]);
    expect(mutated.some((node) => one!.contains(node) || two!.contains(node))).toBe(false);
    expect(shown.element().innerHTML).toBe("<p>One.</p><p>Two <code>code</code>.</p><p>Three.</p><p>Four</p><p>Five</p>");
  });

  test("keeps the attributes of its own element, which Preact renders", () => {
    const host = document.createElement("div");
    render(<MarkdownBody class="bubble" dir="auto" text="Hi" />, host);
    render(<MarkdownBody class="bubble wide" dir="auto" text="Hi there" />, host);
    expect(host.innerHTML).toBe('<div class="bubble wide" dir="auto"><p>Hi there</p></div>');
  });

  test("a list waits for the line after its blank lines, which may continue it", () => {
    body("- a\n\nlater\n");
    expect(body("- a\n\n  still a\n").element().innerHTML).toBe("<ul><li><p>a</p><p>still a</p></li></ul>");
    expect(body("- a\n\nlater\nmore").element().innerHTML).toBe("<ul><li>a</li></ul><p>later<br>more</p>");
  });

  test("a line still being written decides nothing: the last block stays open", () => {
    body("Intro\n-");
    expect(body("Intro\n-x").element().innerHTML).toBe("<p>Intro<br>-x</p>");
    body("Intro\n\n`");
    expect(body("Intro\n\n```\ncode").element().innerHTML).toBe("<p>Intro</p><pre><code>code</code></pre>");
  });

  test("a carriage return at the end is one line break, whether or not a line feed follows", () => {
    body("one\r");
    expect(body("one\r\ntwo\r\n\r\nthree").element().innerHTML).toBe("<p>one<br>two</p><p>three</p>");
  });
});
