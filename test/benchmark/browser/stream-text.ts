/**
 * The long answer the browser benchmark streams, and the burst of whole messages: Markdown as an agent
 * writes it, each piece with the text a reader then sees, so the final text can be checked without the
 * widget's own parser.
 */

/** A piece of an agent message: its Markdown source, and the text it shows once rendered. */
interface Piece {
  markdown: string;
  plain: string;
}

const word = (markdown: string, plain = markdown): Piece => ({ markdown, plain });

// Words are followed by their own space, as the platform streams them.
const words: readonly Piece[] = [
  word("Your "),
  word("**parcel** ", "parcel "),
  word("left "),
  word("our "),
  word("*Leeds* ", "Leeds "),
  word("warehouse "),
  word("on "),
  word("Monday "),
  word("and "),
  word("the "),
  word("`tracking` ", "tracking "),
  word("page "),
  word("at "),
  word("[the carrier](https://carrier.example/track) ", "the carrier "),
  word("shows "),
  word("it "),
  word("moving. "),
];

/** The Markdown between paragraphs: every fourth break starts a short list, every ninth a code block. */
function breakAfter(paragraph: number): Piece[] {
  if (paragraph % 9 === 8)
    return [word("\n\n```\n", " "), word("order 4521: in transit\n", "order 4521: in transit "), word("```\n\n", " ")];
  if (paragraph % 4 === 3) return [word("\n\n- ", " "), word(`step ${paragraph} `), word("\n- ", " "), word("done "), word("\n\n", " ")];
  return [word("\n\n", " ")];
}

/** An agent answer streamed in `count` fragments of about two words each, and the text it shows whole. */
export function streamedAnswer(count: number): { fragments: string[]; plain: string; markdown: string } {
  const pieces: Piece[] = [];
  for (let paragraph = 0; pieces.length < count * 2; paragraph++) {
    for (let index = 0; index < 40; index++) pieces.push(words[(paragraph * 7 + index) % words.length]!);
    pieces.push(...breakAfter(paragraph));
  }
  pieces.length = count * 2;
  const fragments = Array.from({ length: count }, (_, index) => pieces[index * 2]!.markdown + pieces[index * 2 + 1]!.markdown);
  return {
    fragments,
    markdown: fragments.join(""),
    plain: pieces.map((piece) => piece.plain).join(""),
  };
}

/** `count` short agent messages with a little Markdown each, with ids `burst-1`…, and the last one's shown text. */
export function burstMessages(count: number): { messages: { id: string; text: string }[]; lastText: string } {
  const messages = Array.from({ length: count }, (_, index) => ({
    id: `burst-${index + 1}`,
    text: `Update ${index + 1} of ${count}: your **parcel** is *on its way*.`,
  }));
  return { messages, lastText: `Update ${count} of ${count}` };
}
