const heightProperty = "--cap-chat-viewport-height";
const topProperty = "--cap-chat-viewport-top";

/**
 * Mirrors the visual viewport (the part of the page left visible by an on-screen keyboard) into
 * `--cap-chat-viewport-height` and `--cap-chat-viewport-top` on `host`, which the small-screen sheet uses so
 * the input is never hidden. Writes go through CSSOM, which a strict style CSP allows. Returns the stopper;
 * does nothing where there is no `visualViewport`.
 */
export function followVisualViewport(host: HTMLElement): () => void {
  const viewport = typeof window === "undefined" ? undefined : window.visualViewport;
  if (!viewport) return () => {};
  const update = () => {
    host.style.setProperty(heightProperty, `${viewport.height}px`);
    host.style.setProperty(topProperty, `${viewport.offsetTop}px`);
  };
  update();
  viewport.addEventListener("resize", update);
  viewport.addEventListener("scroll", update);
  return () => {
    viewport.removeEventListener("resize", update);
    viewport.removeEventListener("scroll", update);
    host.style.removeProperty(heightProperty);
    host.style.removeProperty(topProperty);
  };
}
