import { constructStyleSheet } from "../styles/style-sheet.ts";

/**
 * Mirrors the visual viewport (the part of the page left visible by an on-screen keyboard) into
 * `--cap-chat-viewport-height` and `--cap-chat-viewport-top` on the shadow host, which the small-screen
 * sheet uses so the input is never hidden. The values live in a constructable stylesheet adopted by
 * `root`, so the host never gets a `style` attribute and a strict style CSP has nothing to refuse.
 * Returns the stopper; does nothing where there is no `visualViewport` or no constructable stylesheet.
 */
export function followVisualViewport(root: ShadowRoot): () => void {
  const viewport = globalThis.visualViewport;
  const sheet = constructStyleSheet("");
  if (!viewport || !sheet || !root.adoptedStyleSheets) return () => {};
  const update = () => {
    sheet.replaceSync(`:host{--cap-chat-viewport-height:${viewport.height}px;--cap-chat-viewport-top:${viewport.offsetTop}px}`);
  };
  const listen = (method: "addEventListener" | "removeEventListener") => {
    viewport[method]("resize", update);
    viewport[method]("scroll", update);
  };
  update();
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  listen("addEventListener");
  return () => {
    listen("removeEventListener");
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };
}
