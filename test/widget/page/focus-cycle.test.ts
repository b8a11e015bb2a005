import { act, fireEvent } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agentMessage, createSnapshot } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  // The draft is kept in the browser, and would show in the next test's widget.
  localStorage.clear();
});

/** Makes every media query match, or none, as a phone-sized or a wide viewport would for the sheet's. */
function viewportMatches(matches: boolean) {
  vi.stubGlobal("matchMedia", (media: string) => ({ matches, media }));
}

/**
 * A widget with a link in the transcript and text in the input (so Send is enabled), so the panel holds
 * several tabbable elements: the header's menu button first, Send last.
 */
function renderWithLink(mode: "floating" | "fullscreen" | "inline") {
  const widget = renderWidget(
    { open: true, mode },
    createSnapshot({ messages: [agentMessage("a1", "See [the guide](https://example.com)")] }),
  );
  const input = widget.screen.getByLabelText("Message") as HTMLTextAreaElement;
  input.value = "Draft";
  act(() => {
    fireEvent.input(input);
  });
  const send = widget.screen.getByRole("button", { name: "Send" });
  const end = widget.screen.getByRole("button", { name: "More options" });
  return { ...widget, send, end };
}

describe("Tab while the panel covers the page", () => {
  it("wraps from the last element to the first in full-screen mode", () => {
    const { root, send, end } = renderWithLink("fullscreen");
    send.focus();
    expect(fireEvent.keyDown(send, { key: "Tab" })).toBe(false);
    expect(root.activeElement).toBe(end);
  });

  it("wraps from the first element to the last with Shift+Tab in full-screen mode", () => {
    const { root, send, end } = renderWithLink("fullscreen");
    end.focus();
    expect(fireEvent.keyDown(end, { key: "Tab", shiftKey: true })).toBe(false);
    expect(root.activeElement).toBe(send);
  });

  it("leaves Tab between two elements inside the panel to the browser", () => {
    const { screen, end } = renderWithLink("fullscreen");
    end.focus();
    expect(fireEvent.keyDown(end, { key: "Tab" })).toBe(true);
    const link = screen.getByRole("link", { name: "the guide" });
    link.focus();
    expect(fireEvent.keyDown(link, { key: "Tab", shiftKey: true })).toBe(true);
  });

  it("wraps in the floating panel while it is a small-screen sheet, keeping Minimise reachable", () => {
    viewportMatches(true);
    const { root, screen, send } = renderWithLink("floating");
    send.focus();
    expect(fireEvent.keyDown(send, { key: "Tab" })).toBe(false);
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "More options" }));
    const minimise = screen.getByRole("button", { name: "Minimise chat" });
    minimise.focus();
    expect(fireEvent.keyDown(minimise, { key: "Tab" })).toBe(true);
  });

  it("moves from the panel itself into it, as when the closed input left focus on the panel", () => {
    viewportMatches(true);
    const { root, send } = renderWithLink("floating");
    const panel = root.querySelector("[part=panel]") as HTMLElement;
    panel.focus();
    expect(fireEvent.keyDown(panel, { key: "Tab", shiftKey: true })).toBe(false);
    expect(root.activeElement).toBe(send);
  });

  it("still closes the small-screen sheet with Escape and returns focus to the launcher", async () => {
    viewportMatches(true);
    const { root, screen, send, settle } = renderWithLink("floating");
    send.focus();
    fireEvent.keyDown(send, { key: "Escape" });
    await settle();
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "Open chat" }));
  });
});

describe("Tab in the open floating panel, beside the page", () => {
  it("runs from Send to the launcher, and from the launcher into the header, never through the page", () => {
    viewportMatches(false);
    const { root, screen, send, end } = renderWithLink("floating");
    const launcher = screen.getByRole("button", { name: "Close chat" });
    send.focus();
    expect(fireEvent.keyDown(send, { key: "Tab" })).toBe(false);
    expect(root.activeElement).toBe(launcher);
    // Launcher to header is the document's own order.
    expect(fireEvent.keyDown(launcher, { key: "Tab" })).toBe(true);
    expect(launcher.compareDocumentPosition(end) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fireEvent.keyDown(launcher, { key: "Tab", shiftKey: true })).toBe(false);
    expect(root.activeElement).toBe(send);
  });

  it("leaves the closed floating widget's launcher to the page", async () => {
    viewportMatches(false);
    const { screen, controller } = renderWithLink("floating");
    await act(() => controller.close());
    const launcher = screen.getByRole("button", { name: "Open chat" });
    launcher.focus();
    expect(fireEvent.keyDown(launcher, { key: "Tab" })).toBe(true);
    expect(fireEvent.keyDown(launcher, { key: "Tab", shiftKey: true })).toBe(true);
  });

  it("leaves the inline panel", () => {
    const { send } = renderWithLink("inline");
    send.focus();
    expect(fireEvent.keyDown(send, { key: "Tab" })).toBe(true);
  });
});
