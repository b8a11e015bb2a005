import { act } from "@testing-library/preact";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { agentMessage, createSnapshot } from "../../support/fake-chat-client.ts";
import { loadExtrasFile } from "../../support/extras-file.ts";
import { renderWidget } from "../../support/render-widget.ts";

beforeAll(loadExtrasFile);

beforeEach(() => {
  vi.useFakeTimers();
  document.title = "Harbour Supplies";
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

const preview = (root: ShadowRoot) => root.querySelector("[part=preview]");

describe("attention while the panel is closed", () => {
  it("shows the newest agent message beside the launcher, with the unread count, also before the page's title", async () => {
    const { root, update } = renderWidget({}, createSnapshot({ messages: [agentMessage("a0", "History")] }));
    expect(preview(root)).toBeNull();
    await update({ messages: [agentMessage("a0", "History"), agentMessage("a1", "Your **order** shipped.", { author: { name: "Ava" } })] });
    expect(preview(root)?.textContent).toBe("AvaYour order shipped.");
    await update({
      messages: [agentMessage("a0", "History"), agentMessage("a1", "Your order shipped."), agentMessage("a2", "Anything else?")],
    });
    expect(preview(root)?.textContent).toContain("Anything else?");
    expect(root.querySelector(".badge")?.textContent).toBe("2");
    expect(document.title).toBe("(2) Harbour Supplies");
  });

  it("opens the panel when the preview is clicked, and goes", async () => {
    const { root, update, screen } = renderWidget();
    await update({ messages: [agentMessage("a1", "Hello")] });
    await act(() => (preview(root)!.querySelector("button") as HTMLButtonElement).click());
    expect(screen.queryByRole("dialog")).not.toBeNull();
    expect(preview(root)).toBeNull();
  });

  it("is dismissed with its own button, which hands focus to the launcher, until a newer message comes", async () => {
    const { root, update, screen } = renderWidget();
    await update({ messages: [agentMessage("a1", "Hello")] });
    await act(() => screen.getByRole("button", { name: "Dismiss preview" }).click());
    expect(preview(root)).toBeNull();
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "Open chat" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await update({ messages: [agentMessage("a1", "Hello"), agentMessage("a2", "Still there?")] });
    expect(preview(root)?.textContent).toContain("Still there?");
  });

  it("is not shown for messages that arrive while the panel is open", async () => {
    const { root, update } = renderWidget({ open: true });
    await update({ messages: [agentMessage("a1", "Hello")] });
    expect(preview(root)).toBeNull();
  });
});
