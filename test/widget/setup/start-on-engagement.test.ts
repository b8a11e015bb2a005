import { act } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mountChat } from "../../../src/widget/index.ts";
import { createSnapshot, FakeChatClient } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

/** A client whose stored conversation can be resumed. */
const live = () => Object.assign(new FakeChatClient(), { resumable: true });

/** What the client would have stored for a session in this tab. */
function storeSession(key = "cap-chat:session") {
  localStorage.setItem(key, JSON.stringify({ sessionId: "session-1", outbox: [] }));
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  document.body.innerHTML = "";
});

describe("the client starts when the visitor engages", () => {
  it("not at mount by default, but when a message is sent", () => {
    const { client, controller } = renderWidget();
    expect(client.callsOf("start")).toEqual([]);
    controller.send("Hello");
    expect(client.calls.filter(([name]) => name === "start" || name === "send")).toEqual([["start"], ["send", "Hello"]]);
  });

  it("when the launcher opens the panel", async () => {
    const { client, screen } = renderWidget();
    await act(() => screen.getByRole("button", { name: "Open chat" }).click());
    expect(client.callsOf("start")).toEqual([[]]);
  });

  it("at mount with start: load, when mounted open, or in full screen, which covers the page", () => {
    expect(renderWidget({ start: "load" }).client.callsOf("start")).toEqual([[]]);
    expect(renderWidget({ open: true }).client.callsOf("start")).toEqual([[]]);
    expect(renderWidget({ mode: "fullscreen" }).client.callsOf("start")).toEqual([[]]);
  });

  it("inline, on the first focus inside the widget or the first message, never at load", async () => {
    const focused = renderWidget({ mode: "inline" });
    const sent = renderWidget({ mode: "inline" });
    expect([focused.client.callsOf("start"), sent.client.callsOf("start")]).toEqual([[], []]);
    focused.screen.getByLabelText("Message").focus();
    sent.controller.send("Hello");
    expect([focused.client.callsOf("start"), sent.client.callsOf("start")]).toEqual([[[]], [[]]]);
  });

  it("never on focus of a floating launcher, which asks for nothing yet", () => {
    const { client, screen } = renderWidget();
    screen.getByRole("button", { name: "Open chat" }).focus();
    expect(client.callsOf("start")).toEqual([]);
  });

  it("moves focus to the input when the visitor opened the panel, never when mounted open", async () => {
    const idle = () => createSnapshot({ connection: { status: "idle" } as never });
    const opened = renderWidget({}, idle());
    await act(() => opened.controller.open());
    expect(opened.root.activeElement?.getAttribute("part")).toBe("input");
    const page = document.body.appendChild(document.createElement("input"));
    page.focus();
    const mountedOpen = renderWidget({ open: true }, idle());
    mountedOpen.client.set({ connection: { status: "connected" } as never });
    await mountedOpen.settle();
    expect(document.activeElement).toBe(page);
  });

  it("at mount when the tab has a stored session, which it asks the client to resume (only while it can be)", () => {
    storeSession();
    const { client } = renderWidget();
    expect([client.callsOf("resume"), client.callsOf("start")]).toEqual([[[]], []]);
  });

  it("never for a replaced client before the visitor engaged, and at once after", async () => {
    const { client, controller } = renderWidget({ messagingUrl: "https://us-1.example.com" });
    const quiet = new FakeChatClient();
    await act(() => controller.update({ client: quiet }));
    expect([client.callsOf("start"), quiet.callsOf("start")]).toEqual([[], []]);
    await act(() => controller.open());
    const engaged = new FakeChatClient();
    await act(() => controller.update({ client: engaged }));
    expect(engaged.callsOf("start")).toEqual([[]]);
  });
});

describe("the panel's open state", () => {
  it("is stored with the session and restored with it", async () => {
    storeSession();
    const first = renderWidget();
    await act(() => first.controller.open());
    expect(localStorage.getItem("cap-chat:session:panel")).toBe("open");
    first.controller.destroy();
    const second = renderWidget({ client: live() });
    expect(second.screen.getByRole("button", { name: "Close chat" }).getAttribute("aria-expanded")).toBe("true");
    await act(() => second.controller.close());
    second.controller.destroy();
    expect(renderWidget().screen.getByRole("button", { name: "Open chat" })).not.toBeNull();
  });

  it("is namespaced by the widget's id", async () => {
    storeSession("cap-chat:session:support");
    const { controller, screen } = renderWidget({ id: "support" });
    await act(() => controller.open());
    expect(localStorage.getItem("cap-chat:session:support:panel")).toBe("open");
    expect(localStorage.getItem("cap-chat:session:panel")).toBeNull();
    controller.destroy();
    expect(screen.queryByRole("button", { name: "Close chat" })).toBeNull();
    expect(renderWidget({ id: "support", client: live() }).screen.getByRole("button", { name: "Close chat" })).not.toBeNull();
    expect(renderWidget({ id: "sales" }).screen.getAllByRole("button", { name: "Open chat" })).toHaveLength(1);
  });

  it("stays closed, and starts nothing, when the stored conversation can no longer be resumed (its session expired)", () => {
    storeSession();
    localStorage.setItem("cap-chat:session:panel", "open");
    const { screen, client } = renderWidget();
    expect(screen.getByRole("button", { name: "Open chat" }).getAttribute("aria-expanded")).toBe("false");
    expect([client.callsOf("resume"), client.callsOf("start")]).toEqual([[[]], []]);
  });

  it("is cleared at load once its session is gone, so it cannot open a later conversation", () => {
    localStorage.setItem("cap-chat:session:panel", "open");
    const { screen } = renderWidget();
    expect(screen.getByRole("button", { name: "Open chat" })).not.toBeNull();
    expect(localStorage.getItem("cap-chat:session:panel")).not.toBe("open");
  });

  it("is neither stored nor read with persist: none", async () => {
    storeSession();
    localStorage.setItem("cap-chat:session:panel", "open");
    const { controller, screen, client } = renderWidget({ persist: "none" });
    expect(screen.getByRole("button", { name: "Open chat" })).not.toBeNull();
    expect(client.callsOf("start")).toEqual([]);
    await act(() => controller.open());
    await act(() => controller.close());
    expect(localStorage.getItem("cap-chat:session:panel")).toBe("open");
  });

  it("does not reopen the panel of a widget mounted in a mode without one", () => {
    storeSession();
    localStorage.setItem("cap-chat:session:panel", "open");
    const container = document.body.appendChild(document.createElement("div"));
    const controller = mountChat(container, { client: new FakeChatClient(), mode: "inline" });
    expect(container.querySelector("cap-chat-host")?.shadowRoot?.querySelector("[part~=launcher]")).toBeNull();
    controller.destroy();
  });
});
