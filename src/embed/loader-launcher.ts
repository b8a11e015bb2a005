import { iconPaths } from "../widget/components/icon-paths.ts";
import { guardFloatingHost } from "../widget/floating-host.ts";
import { getLauncherStyleSheet } from "../widget/launcher-styles.ts";
import type { WidgetOptions } from "../widget/widget-types.ts";

/** The launcher the loader shows until the app has loaded. */
export interface LoaderLauncher {
  readonly button: HTMLButtonElement;
  /** Takes the launcher and its stylesheet out of the shadow root. */
  remove(): void;
}

/**
 * The English launcher's name. The loader carries this one string rather than the English locale; a test
 * holds it equal to the locale's.
 */
export const loaderLauncherLabel = "Open chat";

const svgNamespace = "http://www.w3.org/2000/svg";

/**
 * Draws the widget's closed launcher in `root` as plain DOM, on the side `options.position` names: the same
 * markup, part, classes and stylesheet rules as the widget's own, so the swap to the app changes nothing the
 * visitor sees. Its name is English until the app brings the page's locale, so it says so with `lang`. Its
 * host is guarded as the floating widget's is (see `guardFloatingHost`).
 */
export function showLoaderLauncher(root: ShadowRoot, options: Partial<WidgetOptions>): LoaderLauncher {
  const document = root.ownerDocument;
  const wrapper = document.createElement("div");
  wrapper.className = options.position === "left" ? "root floating left" : "root floating";
  wrapper.dir = "ltr";
  wrapper.lang = "en";
  const button = wrapper.appendChild(document.createElement("button"));
  button.setAttribute("part", "launcher");
  button.className = "launcher";
  button.setAttribute("aria-label", loaderLauncherLabel);
  button.setAttribute("aria-expanded", "false");
  const icon = button.appendChild(document.createElementNS(svgNamespace, "svg"));
  icon.setAttribute("viewBox", "0 0 24 24");
  icon.setAttribute("aria-hidden", "true");
  icon.appendChild(document.createElementNS(svgNamespace, "path")).setAttribute("d", iconPaths.chat);
  const sheet = getLauncherStyleSheet();
  if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const guard = guardFloatingHost(root);
  guard.floats(true);
  root.append(wrapper);
  return {
    button,
    remove() {
      wrapper.remove();
      guard.remove();
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    },
  };
}
