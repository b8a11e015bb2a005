import { afterEach, describe, expect, it, vi } from "vitest";
import { followVisualViewport } from "../../src/widget/viewport-follower.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

class FakeVisualViewport extends EventTarget {
  height = 700;
  offsetTop = 0;
}

describe("following the visual viewport", () => {
  it("mirrors its height and offset into custom properties on the host as the keyboard opens", () => {
    const viewport = new FakeVisualViewport();
    vi.stubGlobal("visualViewport", viewport);
    const host = document.createElement("div");
    const stop = followVisualViewport(host);
    expect(host.style.getPropertyValue("--cap-chat-viewport-height")).toBe("700px");
    viewport.height = 380;
    viewport.offsetTop = 120;
    viewport.dispatchEvent(new Event("resize"));
    expect(host.style.getPropertyValue("--cap-chat-viewport-height")).toBe("380px");
    expect(host.style.getPropertyValue("--cap-chat-viewport-top")).toBe("120px");
    stop();
    viewport.height = 500;
    viewport.dispatchEvent(new Event("scroll"));
    expect(host.style.getPropertyValue("--cap-chat-viewport-height")).toBe("");
  });

  it("does nothing where there is no visual viewport", () => {
    vi.stubGlobal("visualViewport", undefined);
    const host = document.createElement("div");
    followVisualViewport(host)();
    expect(host.getAttribute("style")).toBeNull();
  });
});
