/**
 * Agent text built to be expensive: what the widget must render within its cost bounds, in the tests
 * (test/widget/markdown/cost-bounds.test.tsx) and in the benchmark, which prints what each costs.
 */

/** Every ASCII punctuation character, each of which means something to Markdown or to a URL. */
export const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

const repeatTo = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * Whole messages, by name: nesting 10,000 deep, tables 10,000 columns wide or rows long, 2 MB in one line,
 * 50,000 of each punctuation character, and 50,000 characters of each marker between letters.
 */
export function hostileMessages(): Record<string, string> {
  const messages: Record<string, string> = {
    "emphasis nested 10,000 deep": `${" *a".repeat(10_000)}${"a* ".repeat(10_000)}`,
    "strong and emphasis nested 10,000 deep": `${"***a ".repeat(10_000)}${" a***".repeat(10_000)}`,
    "links nested 10,000 deep": `${"[".repeat(10_000)}a${"](https://a.example)".repeat(10_000)}`,
    "quotes nested 10,000 deep": `${"> ".repeat(10_000)}a`,
    "lists nested 10,000 deep": `${"- ".repeat(10_000)}a`,
    "ordered lists nested 10,000 deep": `${"1. ".repeat(10_000)}a`,
    "strikethrough nested 10,000 deep": `${" ~~a".repeat(10_000)}${"a~~ ".repeat(10_000)}`,
    "a table 10,000 columns wide": `|${"a|".repeat(10_000)}\n|${"-|".repeat(10_000)}\n|${"b|".repeat(10_000)}`,
    "a table of 10,000 rows": `| a | b |\n|:-|-:|\n${"| *c* | d |\n".repeat(10_000)}`,
    "2 MB in one line of markup": repeatTo("a **b** _c_ `d` [e](https://e.example) \\* ", 2_000_000),
    "2 MB in one line of text": repeatTo("plain words in one very long line ", 2_000_000),
  };
  for (const character of PUNCTUATION) messages[`50,000 × ${character}`] = character.repeat(50_000);
  for (const marker of ["*", "_", "~~", "`", "[", "\\", "<", "|"])
    messages[`50,000 × ${marker}a`] = `${marker}a`.repeat(50_000 / (marker.length + 1));
  return messages;
}

/** A paragraph of `length` characters in short lines, streamed in fragments of `fragmentLength`. */
export function streamedParagraph(length = 500_000, fragmentLength = 1_000): { text: string; fragments: string[] } {
  const text = repeatTo("a short line\n", length);
  const fragments: string[] = [];
  for (let start = 0; start < text.length; start += fragmentLength) fragments.push(text.slice(start, start + fragmentLength));
  return { text, fragments };
}

/** The texts a message shows while its fragments arrive, each a slice of the whole, which copies nothing. */
export function prefixesOf(fragments: readonly string[]): string[] {
  const whole = fragments.join("");
  let length = 0;
  return fragments.map((fragment) => whole.slice(0, (length += fragment.length)));
}
