import { adoptStyleSheets, constructStyleSheet } from "../styles/style-sheet.ts";

/** The rules of the parts in the extras' file: the preview beside the launcher and a message's attachments. */
const extrasStyles = `.preview{inset-block-end:90px;width:min(300px,calc(100vw - 40px));display:flex;align-items:flex-start;gap:4px;padding:12px;padding-inline:14px 8px;border-radius:var(--cap-chat-radius);background:var(--cap-chat-background)}
.preview-body{flex:1;min-width:0;display:flex;gap:10px;text-align:start;font-size:14px}
.preview strong{display:block}
.excerpt{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden;overflow-wrap:anywhere}
.attachments{display:flex;flex-direction:column;gap:8px;width:100%;margin-block-start:8px}
.attachment{display:block;max-width:260px;border:1px solid var(--cap-chat-border);border-radius:12px;overflow:hidden;background:var(--cap-chat-background)}
.attachment img{display:block;width:100%;max-height:200px;object-fit:cover}
.attachment p,.attachment a{display:block;margin:8px 12px;font-weight:600}
.attachment a{color:var(--cap-chat-link);text-decoration:underline}`;

/** One sheet for every widget of the page. */
let sheet: CSSStyleSheet | null | undefined;

/**
 * A ref for the outermost element of each part of the extras' file: adopts their rules into the widget's
 * shadow root as the element is attached, before the browser paints it.
 */
export function adoptExtrasStyles(element: Element | null): void {
  const root = element?.getRootNode();
  if (root instanceof ShadowRoot) adoptStyleSheets(root, [(sheet ??= constructStyleSheet(extrasStyles))]);
}
