import { act, fireEvent } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWidget } from "../../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
  // The draft is kept in the browser, and would show in the next test's widget.
  localStorage.clear();
});

function setup() {
  const widget = renderWidget({ open: true });
  const input = widget.screen.getByLabelText("Message") as HTMLTextAreaElement;
  const type = (value: string) => {
    input.value = value;
    act(() => {
      fireEvent.input(input);
    });
  };
  return { ...widget, input, type };
}

describe("the composer", () => {
  it("keeps a message the client refuses as too large, says the limit in the page's language, and offers no retry", async () => {
    const { input, type, client, settle, root } = setup();
    vi.spyOn(client, "send").mockReturnValue({ accepted: false, code: "message-too-large", parameters: { limitBytes: 131072 } });
    const text = "x".repeat(140_000);
    type(text);
    fireEvent.keyDown(input, { key: "Enter" });
    await settle();
    expect(input.value).toBe(text);
    const alert = root.querySelector("[role=alert]");
    expect(alert?.textContent).toBe("This message is too long to send (128\u00a0KB at most).");
    expect(input.getAttribute("aria-describedby")).toBe(alert?.id);
    expect(root.querySelectorAll('[part~="message-user"]')).toHaveLength(0);
    expect(root.querySelector('[part~="message"] button')).toBeNull();
    type("shorter");
    await settle();
    expect(root.querySelector("[role=alert]")).toBeNull();
  });

  it("sends with Enter and clears the field", async () => {
    const { input, type, client, settle } = setup();
    type("  Hello there ");
    fireEvent.keyDown(input, { key: "Enter" });
    await settle();
    expect(client.callsOf("send")).toEqual([["Hello there"]]);
    expect(input.value).toBe("");
  });

  it("keeps Shift+Enter for a new line", () => {
    const { input, type, client } = setup();
    type("Line one");
    const event = fireEvent.keyDown(input, { key: "Enter", shiftKey: true });
    expect(event).toBe(true);
    expect(client.callsOf("send")).toEqual([]);
  });

  it("does not send while an input method is composing", () => {
    const { input, type, client } = setup();
    type("にほん");
    fireEvent.keyDown(input, { key: "Enter", isComposing: true });
    fireEvent.keyDown(input, { key: "Enter", keyCode: 229 });
    expect(client.callsOf("send")).toEqual([]);
  });

  it("does not send an empty or blank message", () => {
    const { input, type, client, screen } = setup();
    fireEvent.keyDown(input, { key: "Enter" });
    type("   \n ");
    screen.getByRole("button", { name: "Send" }).click();
    expect(client.callsOf("send")).toEqual([]);
  });

  it("sends with the Send button", async () => {
    const { type, client, screen } = setup();
    type("Via the button");
    screen.getByRole("button", { name: "Send" }).click();
    expect(client.callsOf("send")).toEqual([["Via the button"]]);
  });

  it("reports each keystroke as typing", () => {
    const { type, client } = setup();
    type("H");
    type("Hi");
    expect(client.callsOf("typing")).toEqual([[], []]);
  });

  it("grows with its text through CSSOM", () => {
    const { input, type } = setup();
    Object.defineProperty(input, "scrollHeight", { configurable: true, get: () => 84 });
    type("one\ntwo\nthree");
    expect(input.style.height).toBe("84px");
  });

  it("disables Send while the field is empty or holds only whitespace, and again once sent", async () => {
    const { input, type, screen, settle } = setup();
    const send = screen.getByRole("button", { name: "Send" });
    expect(send.hasAttribute("disabled")).toBe(true);
    type(" \n\t ");
    expect(send.hasAttribute("disabled")).toBe(true);
    type(" Hi ");
    expect(send.hasAttribute("disabled")).toBe(false);
    fireEvent.keyDown(input, { key: "Enter" });
    await settle();
    expect(input.value).toBe("");
    expect(send.hasAttribute("disabled")).toBe(true);
  });
});
