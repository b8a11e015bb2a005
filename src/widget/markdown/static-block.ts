import { Component, h, type ComponentChildren, type JSX } from "preact";
import { buildNodes } from "./element-dom.ts";
import { readBlocks, renderBlock, splitLines } from "./render-blocks.ts";

/** Props of `StaticBlock`: the source lines of one finished top-level block. */
export interface StaticBlockProps {
  source: string;
}

/**
 * A finished top-level block of a message: text appended later can no longer change it. Preact renders
 * its outer element only; the content is parsed from `source` and built into plain DOM once, when the
 * element is mounted, and nothing of the parse is kept. So a long message keeps no element tree for its
 * finished blocks (only their source), and Preact never compares their content again.
 */
export class StaticBlock extends Component<StaticBlockProps> {
  /** The content of the last render, until it is built into the element. */
  private content: ComponentChildren = null;

  override shouldComponentUpdate(next: StaticBlockProps): boolean {
    return next.source !== this.props.source;
  }

  override render(): ComponentChildren {
    const block = renderBlock(readBlocks(splitLines(this.props.source), 0).blocks[0] ?? "") as JSX.Element;
    const { children, ...attributes } = block.props as { children?: ComponentChildren };
    this.content = children;
    return h(block.type, attributes);
  }

  override componentDidMount(): void {
    this.build();
  }

  override componentDidUpdate(): void {
    this.build();
  }

  private build(): void {
    const element = this.base as Element;
    element.replaceChildren(...buildNodes(this.content, element.ownerDocument));
    this.content = null;
  }
}
