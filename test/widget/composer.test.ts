import { act, fireEvent } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWidget } from "./support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
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
