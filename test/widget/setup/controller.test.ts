import { act, fireEvent } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WidgetEventName } from "../../../src/widget/index.ts";
import { agentMessage, createSnapshot, FakeChatClient } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

function record(controller: ReturnType<typeof renderWidget>["controller"], names: WidgetEventName[]) {
  const events: [string, unknown][] = [];
  for (const name of names) controller.on(name, (detail) => events.push([name, detail]));
  return events;
}

describe("opening and closing", () => {
  it("opens, closes and toggles the panel and emits open and close", async () => {
    const { controller, screen, settle } = renderWidget();
    const events = record(controller, ["cap-chat:open", "cap-chat:close"]);
    const dialog = () => screen.queryByRole("dialog");
    expect(dialog()).toBeNull();
    await act(() => controller.open());
    expect(dialog()).not.toBeNull();
    await act(() => controller.toggle());
    expect(dialog()).toBeNull();
    await act(() => controller.toggle());
    await act(() => controller.close());
    await settle();
    expect(events).toEqual([
      ["cap-chat:open", undefined],
      ["cap-chat:close", undefined],
      ["cap-chat:open", undefined],
      ["cap-chat:close", undefined],
    ]);
  });

  it("moves focus to the input on open, and Escape closes and returns focus to the launcher", async () => {
    const { screen, root } = renderWidget();
    const launcher = screen.getByRole("button", { name: "Open chat" });
    launcher.focus();
    await act(() => launcher.click());
    expect(root.activeElement).toBe(screen.getByLabelText("Message"));
    fireEvent.keyDown(screen.getByLabelText("Message"), { key: "Escape" });
    await act(() => {});
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "Open chat" }));
  });

  it("closes with Escape pressed on the launcher while the panel is open, keeping focus there", async () => {
    const { screen, root } = renderWidget({ open: true });
    const launcher = screen.getByRole("button", { name: "Close chat" });
    launcher.focus();
    fireEvent.keyDown(launcher, { key: "Escape" });
    await act(() => {});
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "Open chat" }));
  });

  it("closes from the minimise button in the header", async () => {
    const { screen, root } = renderWidget({ open: true });
    const minimise = screen.getByRole("button", { name: "Minimise chat" });
    minimise.focus();
    await act(() => minimise.click());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(root.activeElement).toBe(screen.getByRole("button", { name: "Open chat" }));
  });

  it("counts agent messages that finish while closed on the launcher, and clears them on open", async () => {
    const { screen, update, root, controller } = renderWidget({}, createSnapshot({ messages: [agentMessage("a0", "Earlier")] }));
    const badge = () => root.querySelector(".badge")?.textContent;
    expect(badge()).toBeUndefined();
    await update({ messages: [agentMessage("a0", "Earlier"), agentMessage("a1", "Hi", { streaming: true })] });
    expect(badge()).toBeUndefined();
    await update({ messages: [agentMessage("a0", "Earlier"), agentMessage("a1", "Hi there")] });
    await update({ messages: [agentMessage("a0", "Earlier"), agentMessage("a1", "Hi there"), agentMessage("a2", "Anyone?")] });
    expect(badge()).toBe("2");
    const launcher = screen.getByRole("button", { name: "Open chat" });
    expect(root.getElementById(launcher.getAttribute("aria-describedby") ?? "")?.textContent).toBe("2 unread messages");
    await act(() => controller.open());
    expect(badge()).toBeUndefined();
  });
});

describe("modes", () => {
  it("shows the panel as a region without launcher inline, and switches mode live", async () => {
    const { screen, controller, root } = renderWidget({ mode: "inline", headerTitle: "Support" });
    expect(screen.queryByRole("button", { name: "Open chat" })).toBeNull();
    expect(screen.getByRole("region", { name: "Support" })).not.toBeNull();
    await act(() => controller.update({ mode: "fullscreen", headerTitle: "Help" }));
    expect(root.querySelector(".root")?.classList.contains("fullscreen")).toBe(true);
    expect(screen.getByRole("region", { name: "Help" }).querySelector("h2")?.textContent).toBe("Help");
    await act(() => controller.update({ mode: "floating" }));
    expect(screen.getByRole("button", { name: "Open chat" })).not.toBeNull();
  });
});

describe("commands and events", () => {
  it("passes send and end to the client", () => {
    const { controller, client } = renderWidget();
    controller.send("From the page");
    controller.end();
    expect(client.calls.slice(1)).toEqual([["send", "From the page"], ["end"]]);
  });

  it("emits ready once mounted, after a handler added right away", async () => {
    const { controller, client } = renderWidget();
    const events = record(controller, ["cap-chat:ready"]);
    await Promise.resolve();
    expect(events).toEqual([["cap-chat:ready", { client }]]);
  });

  it("re-emits the client's events under the cap-chat names, and off removes a handler", () => {
    const { controller, client } = renderWidget();
    const events = record(controller, [
      "cap-chat:message",
      "cap-chat:state",
      "cap-chat:handoff",
      "cap-chat:handoff-required",
      "cap-chat:end",
      "cap-chat:error",
    ]);
    const message = agentMessage("a1", "Done");
    client.emit("message", message);
    client.emit("state", { status: "offline" });
    client.emit("handoff", { phase: "triggered" });
    client.emit("handoff-required", { reason: "POLICY", queueName: "support" });
    client.emit("end", { reason: "REASON_USER_END" });
    client.emit("error", { kind: "network", code: "network-failure" });
    expect(events).toEqual([
      ["cap-chat:message", message],
      ["cap-chat:state", { status: "offline" }],
      ["cap-chat:handoff", { phase: "triggered" }],
      ["cap-chat:handoff-required", { reason: "POLICY", queueName: "support", respond: expect.any(Function) }],
      ["cap-chat:end", { reason: "REASON_USER_END" }],
      ["cap-chat:error", { kind: "network", code: "network-failure" }],
    ]);
    const handler = vi.fn();
    const unsubscribe = controller.on("cap-chat:state", handler);
    controller.off("cap-chat:state", handler);
    client.emit("state", { status: "connected" });
    controller.on("cap-chat:end", handler);
    unsubscribe();
    expect(handler).not.toHaveBeenCalled();
  });

  it("replaces the client when update brings another one, and follows the new client only", async () => {
    const { controller, client, root, update, settle } = renderWidget({ open: true });
    const replacement = new FakeChatClient(createSnapshot({ messages: [agentMessage("b1", "From the new client")] }));
    await act(() => controller.update({ client: replacement }));
    expect(controller.client).toBe(replacement);
    expect(client.callsOf("destroy")).toEqual([[]]);
    expect(replacement.callsOf("start")).toEqual([[]]);
    expect(client.subscriberCount).toBe(0);
    expect(root.querySelector("[data-message-id=b1]")).not.toBeNull();
    await update({ messages: [agentMessage("a9", "Stale")] });
    expect(root.querySelector("[data-message-id=a9]")).toBeNull();
    replacement.set({ messages: [agentMessage("b2", "Fresh")] });
    await settle();
    expect(root.querySelector("[data-message-id=b2]")).not.toBeNull();
  });

  it("keeps the client when update changes only presentation", async () => {
    const { controller, client } = renderWidget();
    await act(() => controller.update({ headerTitle: "Support", open: true, locale: "fr" }));
    expect(controller.client).toBe(client);
    expect(client.callsOf("destroy")).toEqual([]);
  });

  it("removes everything on destroy and destroys the client", () => {
    const { controller, client, container } = renderWidget({ open: true });
    const handler = vi.fn();
    controller.on("cap-chat:state", handler);
    controller.destroy();
    controller.destroy();
    expect(container.children).toHaveLength(0);
    expect(client.callsOf("destroy")).toEqual([[]]);
    expect(client.subscriberCount).toBe(0);
    client.emit("state", { status: "offline" });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("opening on a touch screen", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("moves focus to the panel, not the input, so no on-screen keyboard pops up", async () => {
    vi.stubGlobal("matchMedia", (media: string) => ({ media, matches: media === "(pointer: coarse)" }));
    const { screen, root } = renderWidget();
    await act(() => screen.getByRole("button", { name: "Open chat" }).click());
    expect(root.activeElement).toBe(screen.getByRole("dialog"));
    expect(root.activeElement).not.toBe(screen.getByLabelText("Message"));
  });
});
