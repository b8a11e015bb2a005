/** A constructable stylesheet holding `rules`, or null where the browser cannot construct one. */
export function constructStyleSheet(rules: string): CSSStyleSheet | null {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(rules);
    return sheet;
  } catch {
    return null;
  }
}

/**
 * Adopts each of `sheets` into `root` after those it has, in order, skipping nulls and sheets already
 * there. No `<style>` element or style attribute is involved, so a page whose CSP forbids inline styles
 * still renders the widget.
 */
export function adoptStyleSheets(root: ShadowRoot, sheets: readonly (CSSStyleSheet | null)[]): void {
  for (const sheet of sheets) {
    if (sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
}
