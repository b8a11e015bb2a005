import { act } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWidget } from "../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  document.body.innerHTML = "";
});

/** What the browser tells this tab when another tab of the site writes `key` (null: removes it). */
function otherTabWrites(key: string, value: string | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  dispatchEvent(new StorageEvent("storage", { key, newValue: value, storageArea: localStorage }));
}

describe("the panel and the draft across the tabs of a conversation kept in the browser", () => {
  it("opens and closes the panel as another tab does", async () => {
    const { screen, settle } = renderWidget();
    await act(() => otherTabWrites("cap-chat:session:panel", "open"));
    await settle();
    expect(screen.getByRole("button", { name: "Close chat" }).getAttribute("aria-expanded")).toBe("true");
    await act(() => otherTabWrites("cap-chat:session:panel", null));
    await settle();
    expect(screen.getByRole("button", { name: "Open chat" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("shares the draft: typed here it is stored, typed elsewhere it shows here, sent it is gone everywhere", async () => {
    const { screen, settle, controller } = renderWidget({ open: true });
    await settle();
    const input = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    await act(() => {
      input.value = "Half a thought";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(localStorage.getItem("cap-chat:session:draft")).toBe("Half a thought");
    await act(() => otherTabWrites("cap-chat:session:draft", "Written in the other tab"));
    await settle();
    expect(input.value).toBe("Written in the other tab");
    await act(() => otherTabWrites("cap-chat:session:draft", null));
    await settle();
    expect(input.value).toBe("");
    controller.destroy();
  });

  it("never writes back a draft another tab wrote, so one heard late cannot undo keystrokes typed there since", async () => {
    const { screen, settle, controller } = renderWidget({ open: true });
    await settle();
    // The other tab has typed on: storage holds its newest draft when this tab hears of an older one.
    localStorage.setItem("cap-chat:session:draft", "Where is my parcel? It left");
    await act(() => {
      dispatchEvent(new StorageEvent("storage", { key: "cap-chat:session:draft", newValue: "Where is my", storageArea: localStorage }));
    });
    await settle();
    expect((screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement).value).toBe("Where is my");
    expect(localStorage.getItem("cap-chat:session:draft")).toBe("Where is my parcel? It left");
    // Typed here again, even back to what it heard, the draft is stored.
    const input = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    for (const value of ["Where is m", "Where is my"]) {
      await act(() => {
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      expect(localStorage.getItem("cap-chat:session:draft")).toBe(value);
    }
    controller.destroy();
  });

  it("keeps a draft for a new tab, but none with persist session, and follows no other widget's keys", async () => {
    localStorage.setItem("cap-chat:session:draft", "Kept");
    const { screen, settle } = renderWidget({ open: true });
    await settle();
    expect((screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement).value).toBe("Kept");
    const other = renderWidget({ open: true, persist: "session" });
    await other.settle();
    expect((other.screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement).value).toBe("");
    const support = renderWidget({ id: "support" });
    await act(() => otherTabWrites("cap-chat:session:panel", "open"));
    await support.settle();
    expect(support.screen.getByRole("button", { name: "Open chat" })).not.toBeNull();
  });
});
