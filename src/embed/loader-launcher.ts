import { iconPaths } from "../widget/components/icons/icon-paths.ts";
import { floatingHostRule } from "../widget/page/floating-host.ts";
import { getLauncherStyleSheet } from "../widget/styles/launcher-styles.ts";
import { constructStyleSheet } from "../widget/styles/style-sheet.ts";
import type { WidgetOptions } from "../widget/widget-types.ts";

/** The launcher the loader shows until the app has loaded, and the panel's frame it opens at once. */
export interface LoaderLauncher {
  readonly button: HTMLButtonElement;
  /**
   * Shows the panel's frame (drawn on first use) with the launcher turned to "close", or hides it and turns
   * the launcher back. Focus stays on the launcher: the app moves it into the panel once it has taken over.
   */
  frame(open: boolean): void;
  /** Leaves the launcher and the frame in place for the app, which takes them over as they are; takes the host's guard away. */
  handOver(): void;
  /** Takes the launcher, the frame and their stylesheets out of the shadow root. */
  remove(): void;
}

/**
 * The English names the loader carries rather than the English locale (a test holds them equal to the
 * locale's): its launcher's, closed and open.
 */
export const loaderNames = { openChat: "Open chat", closeChat: "Close chat" };

const svgNamespace = "http://www.w3.org/2000/svg";

/** Appends a `tag` element to `parent`, with `className` when given, which is also its shadow part when `isPart`. */
function add<Tag extends keyof HTMLElementTagNameMap>(parent: Node, tag: Tag, className = "", isPart = false): HTMLElementTagNameMap[Tag] {
  const element = parent.appendChild(document.createElement(tag));
  if (className) element.className = className;
  if (isPart) element.setAttribute("part", className);
  return element;
}

/** Puts the decorative icon drawn by `path` into `parent`, in place of any it holds. */
function icon(parent: Element, path: string): void {
  const svg = document.createElementNS(svgNamespace, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.appendChild(document.createElementNS(svgNamespace, "path")).setAttribute("d", path);
  parent.replaceChildren(svg);
}

/**
 * Draws the panel as the widget shows it while it connects, with nothing in it yet: the header with the
 * agent's picture and the title, the transcript as a skeleton and the composer closed. Elements, parts and
 * classes are the widget's own, so the app takes them over as they are and nothing the visitor sees jumps;
 * the app adds the names, roles and controls. Until then the frame is only a picture, hidden from assistive
 * technology, and it shows no English: a title the site did not set waits for the app's locale.
 */
function drawFrame(wrapper: HTMLElement, title = "\u00a0"): HTMLElement {
  const panel = add(wrapper, "section", "panel", true);
  panel.setAttribute("aria-hidden", "true");
  const header = add(panel, "header", "header", true);
  add(header, "span", "avatar");
  const heading = add(header, "div", "heading");
  add(heading, "h2").textContent = title;
  add(heading, "p").textContent = "\u00a0";
  const skeleton = add(add(add(add(panel, "div", "body"), "div", "log", true), "div", "entries"), "div", "skeleton");
  // Three lines, written out: shorter in the loader than a loop.
  add(skeleton, "i");
  add(skeleton, "i");
  add(skeleton, "i");
  const composer = add(panel, "form", "composer", true);
  const input = add(composer, "textarea");
  input.setAttribute("part", "input");
  input.disabled = true;
  add(composer, "button", "send", true).disabled = true;
  return panel;
}

/**
 * Draws the widget's closed launcher in `root` as plain DOM, on the side `options.position` names: the same
 * markup, part, classes and stylesheet rules as the widget's own, so the swap to the app changes nothing the
 * visitor sees. Its name is English until the app brings the page's locale, so it says so with `lang`. Its
 * host is guarded as the floating widget's is (see `guardFloatingHost`), until the app's guard takes over. `onClick` is called on each click,
 * also once the app has taken the launcher over: the caller then lets it do nothing.
 */
export function showLoaderLauncher(root: ShadowRoot, options: Partial<WidgetOptions>, onClick: () => void): LoaderLauncher {
  const wrapper = add(root, "div", options.position === "left" ? "root floating left" : "root floating");
  wrapper.dir = "ltr";
  wrapper.lang = "en";
  const button = add(wrapper, "button", "launcher", true);
  button.onclick = onClick;
  let panel: HTMLElement | null = null;
  const frame = (open: boolean) => {
    button.setAttribute("aria-label", open ? loaderNames.closeChat : loaderNames.openChat);
    // The attribute's text is the boolean's: "true" or "false".
    button.setAttribute("aria-expanded", open as unknown as string);
    icon(button, open ? iconPaths.close : iconPaths.chat);
    if (open) panel ??= drawFrame(wrapper, options.headerTitle);
    if (panel) panel.hidden = !open;
  };
  frame(false);
  // The launcher's rules, and the floating host's guard until the app brings its own.
  const sheets = [getLauncherStyleSheet(), constructStyleSheet(floatingHostRule)].filter((sheet) => sheet !== null);
  const unadopt = (gone: readonly CSSStyleSheet[]) => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => !gone.includes(adopted));
  };
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  return {
    button,
    frame,
    handOver: () => unadopt(sheets.slice(1)),
    remove() {
      unadopt(sheets);
      wrapper.remove();
    },
  };
}
