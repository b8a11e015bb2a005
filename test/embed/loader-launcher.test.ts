import { afterEach, describe, expect, it, vi } from "vitest";
import { showLoaderLauncher } from "../../src/embed/loader-launcher.ts";
import { launcherStyles } from "../../src/widget/launcher-styles.ts";
import { widgetStyles } from "../../src/widget/styles.ts";
import { renderWidget } from "../widget/support/render-widget.ts";

/** An element's markup with its attributes in name order, so two renderings compare by content. */
function markup(element: Element): string {
  const attributes = [...element.attributes].map(({ name, value }) => `${name}="${value}"`).sort();
  return `<${element.localName} ${attributes.join(" ")}>${[...element.children].map(markup).join("")}</${element.localName}>`;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the loader's launcher", () => {
  it("is the widget's closed launcher, element for element and attribute for attribute", () => {
    vi.useFakeTimers();
    const { root: widgetRoot } = renderWidget({ locale: "en" });
    const loaderRoot = document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });
    const { button } = showLoaderLauncher(loaderRoot, {});
    expect(markup(button)).toBe(markup(widgetRoot.querySelector('[part="launcher"]') as Element));
    const wrapper = (selector: ShadowRoot) => selector.querySelector(".root") as HTMLElement;
    expect(wrapper(loaderRoot).className).toBe(wrapper(widgetRoot).className);
    expect(wrapper(loaderRoot).dir).toBe(wrapper(widgetRoot).dir);
  });

  it("is drawn by the rules the widget's stylesheet begins with", () => {
    expect(widgetStyles.startsWith(launcherStyles)).toBe(true);
    expect(launcherStyles).toContain(".launcher{");
  });

  it("takes its stylesheet away with it", () => {
    const root = document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });
    const launcher = showLoaderLauncher(root, {});
    expect(root.adoptedStyleSheets).toHaveLength(2);
    launcher.remove();
    expect([root.childNodes.length, root.adoptedStyleSheets.length]).toEqual([0, 0]);
  });
});
