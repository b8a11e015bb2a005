import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agentMessage, createSnapshot, userMessage } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

const conversation = () =>
  createSnapshot({
    messages: [
      agentMessage("greeting", "Hello"),
      userMessage("u1", "Hi"),
      agentMessage("live", "A person here", { role: "live-agent", author: { name: "Sam" } }),
      agentMessage("streaming", "Half an ans", { streaming: true }),
    ],
  });

/** The parts of the controls under the message with `id`. */
const partsUnder = (root: ShadowRoot, id: string) =>
  [...root.querySelectorAll(`[data-message-id="${id}"] .actions [part]`)].map((element) => element.getAttribute("part"));

describe("the controls under a message", () => {
  it("offer Copy under finished agent messages, and feedback only under the platform agent's, with the option", async () => {
    const { root, settle, controller } = renderWidget({ mode: "inline" }, conversation());
    await settle();
    expect(partsUnder(root, "greeting")).toEqual(["copy"]);
    controller.update({ feedback: true });
    await vi.dynamicImportSettled();
    await settle();
    expect(partsUnder(root, "greeting")).toEqual(["copy", "feedback-up", "feedback-down"]);
    expect(partsUnder(root, "live")).toEqual(["copy"]);
    expect(partsUnder(root, "u1")).toEqual([]);
    expect(partsUnder(root, "streaming")).toEqual([]);
  });

  it("open the comment only after Not helpful, and close it when the choice turns to Helpful", async () => {
    const { root, screen, settle } = renderWidget({ mode: "inline", feedback: true }, conversation());
    await vi.dynamicImportSettled();
    await settle();
    const greeting = root.querySelector('[data-message-id="greeting"]')!;
    greeting.querySelector<HTMLButtonElement>('[part="feedback-down"]')!.click();
    await settle();
    expect(screen.getByRole("textbox", { name: "What could be better? (optional)" })).not.toBeNull();
    expect(greeting.querySelector('[part="feedback-down"]')!.getAttribute("aria-pressed")).toBe("true");
    greeting.querySelector<HTMLButtonElement>('[part="feedback-up"]')!.click();
    await settle();
    expect(screen.queryByRole("textbox", { name: "What could be better? (optional)" })).toBeNull();
    expect(greeting.querySelector('[part="feedback-up"]')!.getAttribute("aria-pressed")).toBe("true");
  });

  it("forget every choice, the stored ones too, when the conversation is reset", async () => {
    localStorage.setItem("cap-chat:session", "{}");
    const { root, settle, client } = renderWidget({ mode: "inline", feedback: true }, conversation());
    await vi.dynamicImportSettled();
    await settle();
    const helpful = () => root.querySelector<HTMLButtonElement>('[data-message-id="greeting"] [part="feedback-up"]')!;
    helpful().click();
    await settle();
    expect(localStorage.getItem("cap-chat:session:feedback")).toBe('{"greeting":{"value":"up"}}');
    client.emit("end", { reason: "reset" });
    await vi.dynamicImportSettled();
    await settle();
    expect(localStorage.getItem("cap-chat:session:feedback")).toBeNull();
    localStorage.clear();
  });
});
