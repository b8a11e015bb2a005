import { afterEach, describe, expect, it, vi } from "vitest";
import { followVisualViewport } from "../../../src/widget/page/viewport-follower.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

class FakeVisualViewport extends EventTarget {
  height = 700;
  offsetTop = 0;
}

function shadowRoot(): ShadowRoot {
  return document.createElement("div").attachShadow({ mode: "open" });
}

/** The text of every rule the root has adopted, where the viewport values live. */
function adoptedText(root: ShadowRoot): string {
  return root.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join("\n");
}

describe("following the visual viewport", () => {
  it("mirrors its height and offset into custom properties of the host as the keyboard opens", () => {
    const viewport = new FakeVisualViewport();
    vi.stubGlobal("visualViewport", viewport);
    const root = shadowRoot();
    const stop = followVisualViewport(root);
    expect(adoptedText(root)).toMatch(/--cap-chat-viewport-height:\s*700px/);
    viewport.height = 380;
    viewport.offsetTop = 120;
    viewport.dispatchEvent(new Event("resize"));
    expect(adoptedText(root)).toMatch(/--cap-chat-viewport-height:\s*380px/);
    expect(adoptedText(root)).toMatch(/--cap-chat-viewport-top:\s*120px/);
    stop();
    viewport.height = 500;
    viewport.dispatchEvent(new Event("scroll"));
    expect(adoptedText(root)).toBe("");
  });

  it("never writes a style attribute on the host, which a strict style CSP would refuse", () => {
    vi.stubGlobal("visualViewport", new FakeVisualViewport());
    const root = shadowRoot();
    followVisualViewport(root);
    expect(root.host.getAttribute("style")).toBeNull();
  });

  it("does nothing where there is no visual viewport", () => {
    vi.stubGlobal("visualViewport", undefined);
    const root = shadowRoot();
    followVisualViewport(root)();
    expect(root.adoptedStyleSheets).toHaveLength(0);
  });
});
