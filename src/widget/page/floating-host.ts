import { constructStyleSheet } from "../styles/style-sheet.ts";

/**
 * The tag of the host element the widget appends to an element it is given, as the script tag does to
 * `<body>`: a tag with a dash, which a page's generic rules (`div`, `body>div`) do not reach.
 */
export const WIDGET_HOST_TAG_NAME = "cap-chat-host";

/** The rule that gives the host of a floating widget no box of its own; see {@link guardFloatingHost}. */
export const floatingHostRule = ":host{display:contents!important}";

/** Guards the host of a widget that floats over the page; see {@link guardFloatingHost}. */
export interface FloatingHostGuard {
  /** Turns the guard on while the widget floats (floating or full screen), off while it sits inline. */
  floats(floating: boolean): void;
  /** Takes the guard's stylesheet out of the shadow root. */
  remove(): void;
}

/**
 * Adopts into `root` a sheet that, while the widget floats, gives its host no box of its own, so no page rule
 * can give it one that moves or buries the fixed launcher and panel: a `transform`, `filter` or `contain`
 * would make it their containing block, a `z-index` their stacking context. An important rule of a shadow
 * root wins over the page's, important or not. Free of Preact, so the script tag's loader guards its
 * launcher with it too. Does nothing where constructable stylesheets are missing.
 */
export function guardFloatingHost(root: ShadowRoot): FloatingHostGuard {
  const sheet = constructStyleSheet("");
  if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return {
    floats: (floating) => sheet?.replaceSync(floating ? floatingHostRule : ""),
    remove() {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    },
  };
}
