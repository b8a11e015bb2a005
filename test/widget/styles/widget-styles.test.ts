import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("the stylesheet", () => {
  it("is shared by every widget root", async () => {
    const { adoptWidgetStyles, getWidgetStyleSheet } = await import("../../../src/widget/styles/widget-styles.ts");
    const first = document.createElement("div").attachShadow({ mode: "open" });
    const second = document.createElement("div").attachShadow({ mode: "open" });
    adoptWidgetStyles(first);
    adoptWidgetStyles(second);
    adoptWidgetStyles(second);
    expect(first.adoptedStyleSheets).toEqual([getWidgetStyleSheet()]);
    expect(second.adoptedStyleSheets).toEqual([getWidgetStyleSheet()]);
  });

  it("is skipped without failing where constructable stylesheets are missing", async () => {
    vi.stubGlobal("CSSStyleSheet", undefined);
    const { adoptWidgetStyles, getWidgetStyleSheet } = await import("../../../src/widget/styles/widget-styles.ts");
    const root = document.createElement("div").attachShadow({ mode: "open" });
    expect(() => adoptWidgetStyles(root)).not.toThrow();
    expect(getWidgetStyleSheet()).toBeNull();
    expect(root.adoptedStyleSheets).toEqual([]);
    expect(root.querySelector("style")).toBeNull();
  });
});
