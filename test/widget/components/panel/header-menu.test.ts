import { act, fireEvent } from "@testing-library/preact";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadEndingFile } from "../../support/ending-file.ts";
import { renderWidget } from "../../support/render-widget.ts";

beforeAll(loadEndingFile);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

function setup() {
  const widget = renderWidget({ open: true });
  const button = widget.screen.getByRole("button", { name: "More options" });
  const menu = () => widget.screen.queryByRole("menu", { name: "More options" });
  const item = () => widget.screen.queryByRole("menuitem", { name: "End conversation" });
  const key = (target: Element, name: string) => act(() => void fireEvent.keyDown(target, { key: name }));
  return { ...widget, button, menu, item, key };
}

describe("ending a conversation", () => {
  it("is never one click away: the header holds a menu button, not an End button", () => {
    const { screen, button, menu, client } = setup();
    expect(screen.queryByRole("button", { name: "End conversation" })).toBeNull();
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(menu()).toBeNull();
    expect(client.callsOf("end")).toEqual([]);
  });

  it("opens the menu on a click with focus on End, which asks to confirm in the panel, focus on the answer", async () => {
    const { root, button, item, client, screen } = setup();
    await act(() => button.click());
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(root.activeElement).toBe(item());
    expect(item()?.getAttribute("part")).toBe("end");
    await act(() => item()!.click());
    expect(item()).toBeNull();
    expect(client.callsOf("end")).toEqual([]);
    const question = screen.getByRole("alertdialog", { name: "End this conversation?" });
    const confirm = screen.getByRole("button", { name: "End conversation" });
    expect(question.contains(confirm)).toBe(true);
    expect(root.activeElement).toBe(confirm);
    await act(() => confirm.click());
    expect(client.callsOf("end")).toEqual([[]]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("leaves the conversation as it was on Cancel or Escape, with the panel open and focus in the input", async () => {
    const { root, button, item, client, screen, key, settle } = setup();
    for (const answer of ["Cancel", "Escape"]) {
      await act(() => button.click());
      await act(() => item()!.click());
      if (answer === "Cancel") await act(() => screen.getByRole("button", { name: "Cancel" }).click());
      else await key(screen.getByRole("button", { name: "End conversation" }), "Escape");
      await settle();
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(root.querySelector("[part=panel]")?.hasAttribute("hidden")).toBe(false);
      expect(root.activeElement?.getAttribute("part")).toBe("input");
    }
    expect(client.callsOf("end")).toEqual([]);
  });

  it("opens from the keyboard with Down or Up, moves with the arrows, Home and End", async () => {
    const { root, button, item, key } = setup();
    await key(button, "ArrowDown");
    expect(root.activeElement).toBe(item());
    await key(item()!, "ArrowDown");
    expect(root.activeElement).toBe(item());
    await key(item()!, "ArrowUp");
    await key(item()!, "Home");
    await key(item()!, "End");
    expect(root.activeElement).toBe(item());
    await key(item()!, "Escape");
    await key(button, "ArrowUp");
    expect(root.activeElement).toBe(item());
  });

  it("closes with Escape back to its button, leaving the panel open", async () => {
    const { root, button, item, menu, key, screen, client } = setup();
    await act(() => button.click());
    await key(item()!, "Escape");
    expect(menu()).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(root.activeElement).toBe(button);
    expect(screen.queryByRole("dialog")).not.toBeNull();
    expect(client.callsOf("end")).toEqual([]);
  });

  it("closes when focus leaves it or Tab moves on, and when its button is clicked again", async () => {
    const { button, item, menu, key, screen } = setup();
    await act(() => button.click());
    await key(item()!, "Tab");
    expect(menu()).toBeNull();
    await act(() => button.click());
    await act(() => {
      screen.getByLabelText("Message").focus();
    });
    expect(menu()).toBeNull();
    await act(() => button.click());
    await act(() => button.click());
    expect(menu()).toBeNull();
  });
});
