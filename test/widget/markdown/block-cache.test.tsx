import { isValidElement, render, type ComponentChildren, type VNode } from "preact";
import { describe, expect, test } from "vitest";
import { longReply, markdownShowcase } from "../../../demo/server/agent/replies.ts";
import { renderMarkdown } from "../../../src/widget/markdown/index.ts";
import { renderBlocks } from "../../../src/widget/markdown/render-blocks.ts";
import { markdownDocument } from "../../benchmark/bench-conversation-fixtures.ts";
import { streamedAnswer } from "../../benchmark/browser/stream-text.ts";
import { seededRandom } from "./seeded-random.ts";
import { orderSummaryMarkdown } from "./order-summary.ts";

type Group = VNode<{ blocks: { key: number; source: string }[] }>;

/** The groups of finished blocks at the start of a rendering (the rest is its unfinished tail). */
const groupsOf = (children: ComponentChildren) =>
  (children as ComponentChildren[]).filter((child): child is Group => isValidElement(child) && typeof child.type === "function");

/** The finished blocks a rendering holds, in order. */
const staticBlocksOf = (children: ComponentChildren) => groupsOf(children).flatMap((group) => group.props.blocks);

function html(children: ComponentChildren): string {
  const host = document.createElement("div");
  render(<>{children}</>, host);
  return host.innerHTML;
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
  "Windows line endings": "# Title\r\n\r\nFirst line\r\nsecond line\r\n\r\n- one\r\n- two\r\n\r\n```\r\ncode\r\n```\r\n\r\ndone\r\n",
  "old Mac line endings": "Para one\r\rPara two\r- item\r\r---\rend",
};

/** Markup that decides where blocks start and end, or hides inside them. */
const HOSTILE_FRAGMENTS = [
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
 * Streams `text` chunk by chunk into one element, as the widget's message bubble receives it, and checks
 * at every step that the incremental rendering makes the DOM of a full parse of the text so far: mounted
 * afresh, and when Preact updates the same element frame after frame.
 */
function expectStreamMatchesFullParse(text: string, random: () => number): void {
  const bubble = document.createElement("div");
  for (const end of splitPoints(text, random)) {
    const prefix = text.slice(0, end);
    const incremental = renderMarkdown(prefix);
    const expected = html(renderBlocks(prefix));
    expect(html(incremental), JSON.stringify(prefix)).toBe(expected);
    render(<>{incremental}</>, bubble);
    expect(bubble.innerHTML, JSON.stringify(prefix)).toBe(expected);
  }
}

// Each property test checks thousands of prefixes; a loaded machine must not time them out.
describe("a growing message renders as a full parse would, at every step", { timeout: 30_000 }, () => {
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
    for (let step = 0; step < Math.max(firstEnds.length, secondEnds.length); step++) {
      for (const [text, ends] of [
        [first, firstEnds],
        [second, secondEnds],
      ] as const) {
        const prefix = text.slice(0, ends[Math.min(step, ends.length - 1)]);
        expect(html(renderMarkdown(prefix)), JSON.stringify(prefix)).toBe(html(renderBlocks(prefix)));
      }
    }
  });
});

describe("finished blocks", () => {
  test("come back as the same elements while the message grows, so they are neither parsed nor diffed again", () => {
    const opening = "First **paragraph**.\n\n- one\n- two\n\nThird paragraph, still";
    const first = staticBlocksOf(renderMarkdown(opening));
    const second = staticBlocksOf(renderMarkdown(`${opening} growing.\n\nAnd a fourth.\n`));
    const third = staticBlocksOf(renderMarkdown(`${opening} growing.\n\nAnd a fourth.\n\nFifth`));
    // The list could still have gone on while the line after it was incomplete.
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(3);
    expect(second[0]).toBe(first[0]);
    expect(third).toHaveLength(3);
    for (const index of [0, 1, 2]) expect(third[index]).toBe(second[index]);
    expect(third.map((block) => block.source)).toEqual(["First **paragraph**.\n", "- one\n- two\n", "Third paragraph, still growing.\n"]);
    expect(html(renderMarkdown(`${opening} growing.\n\nAnd a fourth.\n\nFifth`))).toBe(
      html(renderBlocks(`${opening} growing.\n\nAnd a fourth.\n\nFifth`)),
    );
  });

  test("keep only their source, and come in groups, so a long message is a handful of children each frame", () => {
    const paragraphs = Array.from({ length: 100 }, (_, index) => `Paragraph **${index}** of the answer.`);
    const earlier = renderMarkdown(`${paragraphs.slice(0, 60).join("\n\n")}\n\nstill`);
    const later = renderMarkdown(`${paragraphs.join("\n\n")}\n\nstill`) as ComponentChildren[];
    const groups = groupsOf(later);
    expect(groups.map((group) => group.props.blocks.length)).toEqual([16, 16, 16, 16, 16, 16, 3]);
    // The last paragraph waits for the line after it to be complete.
    expect(later).toHaveLength(groups.length + 2);
    // Full groups keep the same blocks, so Preact skips them without looking inside.
    groupsOf(earlier)
      .slice(0, 3)
      .forEach((group, index) => expect(groups[index]!.props.blocks).toBe(group.props.blocks));
    for (const block of staticBlocksOf(later)) expect(Object.keys(block)).toEqual(["key", "source"]);
  });

  test("are never handed to Preact as kept elements, which would hold the renders they were first mounted in", () => {
    const text = "One.\n\nTwo.\n\nThree";
    const first = renderMarkdown(text) as ComponentChildren[];
    const second = renderMarkdown(text) as ComponentChildren[];
    expect(second).toHaveLength(first.length);
    first.forEach((child, index) => expect(second[index]).not.toBe(child));
  });

  test("keep their DOM: a bubble updated in place mutates only its last block", () => {
    const bubble = document.createElement("div");
    render(<>{renderMarkdown("One.\n\nTwo.\n\nThr")}</>, bubble);
    const [one, two] = [...bubble.children];
    const mutated = new Set<Node>();
    const observer = new MutationObserver((records) => records.forEach((record) => mutated.add(record.target)));
    observer.observe(bubble, { subtree: true, childList: true, characterData: true, attributes: true });
    render(<>{renderMarkdown("One.\n\nTwo.\n\nThree, growing")}</>, bubble);
    const records = observer.takeRecords();
    records.forEach((record) => mutated.add(record.target));
    observer.disconnect();
    expect([...bubble.children].slice(0, 2)).toEqual([one, two]);
    expect([...mutated].some((node) => one!.contains(node) || two!.contains(node))).toBe(false);
    expect(bubble.innerHTML).toBe("<p>One.</p><p>Two.</p><p>Three, growing</p>");
  });

  test("are built once: a block that finishes keeps the DOM of the blocks before it", () => {
    const bubble = document.createElement("div");
    render(<>{renderMarkdown("One.\n\nTwo `code`.\n\nThr")}</>, bubble);
    const [one] = [...bubble.children];
    const observer = new MutationObserver(() => undefined);
    observer.observe(bubble, { subtree: true, childList: true, characterData: true, attributes: true });
    render(<>{renderMarkdown("One.\n\nTwo `code`.\n\nThree.\n\nFour")}</>, bubble);
    const mutated = observer.takeRecords().map((record) => record.target);
    observer.disconnect();
    expect(bubble.children[0]).toBe(one);
    expect(mutated.some((node) => one!.contains(node))).toBe(false);
    expect(bubble.innerHTML).toBe("<p>One.</p><p>Two <code>code</code>.</p><p>Three.</p><p>Four</p>");
  });

  test("a list waits for the line after its blank lines, which may continue it", () => {
    renderMarkdown("- a\n\nlater\n");
    expect(html(renderMarkdown("- a\n\n  still a\n"))).toBe("<ul><li><p>a</p><p>still a</p></li></ul>");
    expect(html(renderMarkdown("- a\n\nlater\nmore"))).toBe("<ul><li>a</li></ul><p>later<br>more</p>");
  });

  test("a line still being written decides nothing: the last block stays open", () => {
    renderMarkdown("Intro\n-");
    expect(html(renderMarkdown("Intro\n-x"))).toBe("<p>Intro<br>-x</p>");
    renderMarkdown("Intro\n\n`");
    expect(html(renderMarkdown("Intro\n\n```\ncode"))).toBe("<p>Intro</p><pre><code>code</code></pre>");
  });

  test("a carriage return at the end is one line break, whether or not a line feed follows", () => {
    renderMarkdown("one\r");
    expect(html(renderMarkdown("one\r\ntwo\r\n\r\nthree"))).toBe("<p>one<br>two</p><p>three</p>");
  });
});
