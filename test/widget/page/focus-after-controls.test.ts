import { fireEvent } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agentMessage, createSnapshot } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

/** The element focused inside the widget, or null when focus is elsewhere. */
const focusedIn = (root: ShadowRoot) => root.activeElement;

describe("focus after a control that removes itself", () => {
  it("moves to the message input when a suggestion is chosen and the suggestions go", async () => {
    const offer = agentMessage("a1", "Pick one", { suggestions: ["Pricing", "Opening hours"] });
    const { screen, root, update, settle } = renderWidget({ open: true }, createSnapshot({ messages: [offer] }));
    const suggestion = screen.getByRole("button", { name: "Pricing" });
    suggestion.focus();
    suggestion.click();
    await settle();
    await update({ messages: [offer, { ...agentMessage("u1", "Pricing"), role: "user", status: "sent" }] });
    expect(screen.queryByRole("button", { name: "Pricing" })).toBeNull();
    expect(focusedIn(root)).toBe(screen.getByLabelText("Message"));
  });

  it("moves to the message input when New messages scrolls to the end and goes", async () => {
    const { screen, root, update, settle } = renderWidget({ open: true }, createSnapshot({ messages: [agentMessage("a1", "One")] }));
    const log = screen.getByRole("log");
    Object.defineProperty(log, "scrollHeight", { configurable: true, get: () => 900 });
    Object.defineProperty(log, "clientHeight", { configurable: true, get: () => 300 });
    log.scrollTop = 100;
    fireEvent.scroll(log);
    await update({ messages: [agentMessage("a1", "One"), agentMessage("a2", "Two")] });
    const newMessages = screen.getByRole("button", { name: /unread message/ });
    newMessages.focus();
    newMessages.click();
    await settle();
    expect(screen.queryByRole("button", { name: /unread message/ })).toBeNull();
    expect(focusedIn(root)).toBe(screen.getByLabelText("Message"));
  });

  it("moves to the message input once the new conversation started from the end banner takes messages", async () => {
    const ended = createSnapshot({
      messages: [agentMessage("a1", "Goodbye")],
      ended: { reason: "REASON_USER_END" },
      connection: { status: "ended" },
    });
    const { screen, root, update, settle } = renderWidget({ open: true }, ended);
    const start = screen.getByRole("button", { name: "Start a new conversation" });
    start.focus();
    start.click();
    await settle();
    await update({ messages: [], ended: null, connection: { status: "connecting" } });
    expect(screen.queryByRole("button", { name: "Start a new conversation" })).toBeNull();
    expect(focusedIn(root)).toBe(screen.getByLabelText("Message"));
  });

  it("moves to the message input once a failed connection's new conversation takes messages", async () => {
    const failed = createSnapshot({ connection: { status: "failed", error: { kind: "network", code: "network-failure" } } });
    const { screen, root, update, settle } = renderWidget({ open: true }, failed);
    const start = screen.getByRole("button", { name: "Start a new conversation" });
    start.focus();
    start.click();
    await settle();
    await update({ connection: { status: "connecting" } });
    expect(focusedIn(root)).toBe(screen.getByLabelText("Message"));
  });
});
