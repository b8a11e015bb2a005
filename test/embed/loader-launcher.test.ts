import { afterEach, describe, expect, it, vi } from "vitest";
import { loaderNames, showLoaderLauncher } from "../../src/embed/loader-launcher.ts";
import { en } from "../../src/widget/locales/en.ts";
import { launcherStyles } from "../../src/widget/styles/launcher-styles.ts";
import { widgetStyles } from "../../src/widget/styles/widget-styles.ts";
import { createSnapshot } from "../widget/support/fake-chat-client.ts";
import { renderWidget } from "../widget/support/render-widget.ts";

/** An element's markup with its attributes in name order, so two renderings compare by content. */
function markup(element: Element): string {
  const attributes = [...element.attributes].map(({ name, value }) => `${name}="${value}"`).sort();
  return `<${element.localName} ${attributes.join(" ")}>${[...element.children].map(markup).join("")}</${element.localName}>`;
}

/** The selector of each element under `element`: its tag, classes and part, child by child from `element`. */
function outline(element: Element, path = ""): string[] {
  return [...element.children].flatMap((child) => {
    const classes = [...child.classList].map((name) => `.${name}`).join("");
    const part = child.getAttribute("part") ? `[part="${child.getAttribute("part")}"]` : "";
    const selector = `${path}${path ? " > " : ""}${child.localName}${classes}${part}`;
    return [selector, ...outline(child, selector)];
  });
}

function loaderRoot(): ShadowRoot {
  return document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the loader's launcher", () => {
  it("is the widget's closed launcher, element for element and attribute for attribute", () => {
    vi.useFakeTimers();
    const { root: widgetRoot } = renderWidget({ locale: "en" });
    const root = loaderRoot();
    const { button } = showLoaderLauncher(root, {}, () => {});
    expect(markup(button)).toBe(markup(widgetRoot.querySelector('[part="launcher"]') as Element));
    const wrapper = (selector: ShadowRoot) => selector.querySelector(".root") as HTMLElement;
    expect(wrapper(root).className).toBe(wrapper(widgetRoot).className);
    expect(wrapper(root).dir).toBe(wrapper(widgetRoot).dir);
  });

  it("opens the panel's frame as the open widget is while it connects, element for element, for the app to take over", () => {
    vi.useFakeTimers();
    const { root: widgetRoot } = renderWidget(
      { locale: "en", open: true, headerTitle: "Help" },
      createSnapshot({ connection: { status: "connecting" } }),
    );
    const root = loaderRoot();
    const launcher = showLoaderLauncher(root, { headerTitle: "Help" }, () => {});
    launcher.frame(true);
    // The open launcher too, with its name and icon.
    expect(markup(launcher.button)).toBe(markup(widgetRoot.querySelector('[part="launcher"]') as Element));
    const frame = root.querySelector('[part="panel"]') as HTMLElement;
    const missing = outline(frame, "section.panel").filter((selector) => !widgetRoot.querySelector(selector));
    expect(missing).toEqual([]);
    expect(frame.querySelector("h2")?.textContent).toBe("Help");
    expect([frame.getAttribute("aria-hidden"), frame.querySelector("textarea")?.disabled]).toEqual(["true", true]);
    launcher.frame(false);
    expect([frame.hidden, launcher.button.getAttribute("aria-expanded")]).toEqual([true, "false"]);
  });

  it("shows no English in the frame: a title the site did not set waits for the page's locale", () => {
    const root = loaderRoot();
    const launcher = showLoaderLauncher(root, {}, () => {});
    launcher.frame(true);
    expect(root.querySelector('[part="panel"]')?.textContent?.trim()).toBe("");
  });

  it("names its launcher as the English locale does", () => {
    expect(loaderNames).toEqual({ openChat: en.openChat, closeChat: en.closeChat });
  });

  it("is drawn by the rules the widget's stylesheet begins with", () => {
    expect(widgetStyles.startsWith(launcherStyles)).toBe(true);
    expect(launcherStyles).toContain(".launcher{");
    expect(launcherStyles).toContain(".skeleton i{");
  });

  it("takes its stylesheets away with it, and hands the host's guard over with the rest", () => {
    const root = loaderRoot();
    const launcher = showLoaderLauncher(root, {}, () => {});
    expect(root.adoptedStyleSheets).toHaveLength(2);
    launcher.handOver();
    expect([root.childNodes.length, root.adoptedStyleSheets.length]).toEqual([1, 1]);
    launcher.remove();
    expect([root.childNodes.length, root.adoptedStyleSheets.length]).toEqual([0, 0]);
  });
});
