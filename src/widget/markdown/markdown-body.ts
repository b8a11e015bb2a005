import { Component, h, type ComponentChildren, type JSX } from "preact";
import { readMarkdownView, renderFinishedBlock, type FinishedBlock } from "./block-cache.ts";
import { buildNodes, patchNodes } from "./element-dom.ts";

/** Props of `MarkdownBody`: the Markdown text, and the attributes of its element. */
export type MarkdownBodyProps = { text: string } & Omit<JSX.HTMLAttributes<HTMLDivElement>, "children">;

/**
 * A `div` showing untrusted Markdown `text`: paragraphs (single newlines as line breaks), bold, italics,
 * strikethrough, inline code, fenced code blocks, lists, quotes, GFM tables, rules, headings as bold
 * paragraphs, and links restricted to http, https and mailto (a refused link shows its text only). Raw
 * HTML shows as literal text, and text only ever lands in text nodes. Never throws, including on every
 * prefix of a message that is still streaming, and parses in linear time per nesting level, within the
 * bounds of `renderMarkdown` (length) and `readBlocks` (depth).
 *
 * Preact renders the element; its content is this component's own DOM, kept in step with the text by
 * `readMarkdownView`: a finished block is built once (or taken over from the unfinished block it was) and
 * never touched again, and only the unfinished tail is compared with the DOM that shows it, in place. So a
 * message that grows by appending costs a parse and a DOM update of its last block, and keeps neither
 * elements nor components for the rest.
 */
export class MarkdownBody extends Component<MarkdownBodyProps> {
  /** How many finished blocks the element shows, and the last of them. */
  private shownCount = 0;
  private lastShown: FinishedBlock | undefined;
  /** The unfinished blocks as last rendered, and the nodes that show them, after the finished ones. */
  private tail: ComponentChildren[] = [];
  private tailNodes: Node[] = [];

  override shouldComponentUpdate(next: MarkdownBodyProps): boolean {
    const keys = Object.keys(next) as (keyof MarkdownBodyProps)[];
    return keys.length !== Object.keys(this.props).length || keys.some((key) => next[key] !== this.props[key]);
  }

  override render(): ComponentChildren {
    const { text: _text, ...attributes } = this.props;
    return h("div", attributes);
  }

  override componentDidMount(): void {
    this.show();
  }

  override componentDidUpdate(previous: MarkdownBodyProps): void {
    if (previous.text !== this.props.text) this.show();
  }

  private show(): void {
    const element = this.base as HTMLElement;
    const { finished, justFinished, tail } = readMarkdownView(this.props.text);
    // The same last block at the same place means the same blocks before it: the text only grew.
    if (this.shownCount > 0 && finished[this.shownCount - 1] !== this.lastShown) {
      element.replaceChildren();
      this.shownCount = 0;
      this.tail = [];
      this.tailNodes = [];
    }
    for (const block of finished.slice(this.shownCount)) {
      // A block that finished just now is shown by the first unfinished block's nodes, which take it over.
      const rendered = justFinished.get(block);
      const unfinished = rendered === undefined ? undefined : this.tailNodes.shift();
      const before = this.tailNodes[0] ?? null;
      if (unfinished) patchNodes(element, [unfinished], this.tail.shift(), rendered, before);
      else
        for (const node of buildNodes(rendered ?? renderFinishedBlock(block, this.props.text), element.ownerDocument))
          element.insertBefore(node, before);
    }
    this.shownCount = finished.length;
    this.lastShown = finished[finished.length - 1];
    this.tailNodes = patchNodes(element, this.tailNodes, this.tail, tail, null);
    this.tail = tail;
  }
}
