import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WidgetOptions } from "../../src/widget/index.ts";
import { createFakeController, type FakeController } from "./fake-controller.ts";

const mounted: { target: HTMLElement | ShadowRoot; fake: FakeController }[] = [];

vi.mock("../../src/widget/index.ts", () => ({
  mountChat: (target: HTMLElement | ShadowRoot, options: WidgetOptions) => {
    const fake = createFakeController(options);
    mounted.push({ target, fake });
    return fake.controller;
  },
}));

const { DISCONNECT_GRACE_MILLISECONDS } = await import("../../src/embed/element.ts");

function createElement(attributes: Record<string, string> = {}) {
  const element = document.createElement("cap-chat");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function lastFake(): FakeController {
  const last = mounted.at(-1);
  if (!last) throw new Error("nothing mounted");
  return last.fake;
}

beforeEach(() => {
  mounted.length = 0;
  vi.useFakeTimers();
});

afterEach(() => {
  document.body.replaceChildren();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe("<cap-chat>", () => {
  it("is registered by importing the element entry", () => {
    expect(customElements.get("cap-chat")).toBeDefined();
    expect(document.createElement("cap-chat").shadowRoot?.mode).toBe("open");
  });

  it("mounts into its open shadow root with the options of its attributes", () => {
    const element = createElement({
      "messaging-url": "https://us-1.example.com",
      "connector-token": "connector-1",
      "header-title": "Support",
      mode: "inline",
      open: "",
      "integration-attributes": '{"plan":"gold"}',
    });
    document.body.append(element);
    expect(mounted).toHaveLength(1);
    expect(mounted[0]?.target).toBe(element.shadowRoot);
    expect(lastFake().options).toEqual({
      messagingUrl: "https://us-1.example.com",
      connectorToken: "connector-1",
      headerTitle: "Support",
      mode: "inline",
      open: true,
      integrationAttributes: { plan: "gold" },
    });
  });

  it("waits for a messaging or chat URL before mounting", () => {
    const element = createElement({ "header-title": "Help" });
    document.body.append(element);
    expect(mounted).toHaveLength(0);
    element.setAttribute("chat-url", "https://proxy.example.com/chat");
    expect(mounted).toHaveLength(1);
    expect(lastFake().options).toMatchObject({ headerTitle: "Help", chatUrl: "https://proxy.example.com/chat" });
  });

  it("passes a relative messaging URL on as written: the widget resolves it against the page", () => {
    document.body.append(createElement({ "messaging-url": "/" }));
    expect(lastFake().options.messagingUrl).toBe("/");
  });

  it("merges the config property over the attributes", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com", "header-title": "Attribute" });
    element.config = { headerTitle: "Config", chatHeaders: { "X-Demo": "1" } };
    document.body.append(element);
    expect(lastFake().options).toMatchObject({ headerTitle: "Config", chatHeaders: { "X-Demo": "1" } });
  });

  it("applies attribute changes live through update, with every option and a removed one as undefined", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com", "header-title": "One" });
    document.body.append(element);
    element.setAttribute("header-title", "Two");
    element.setAttribute("header-title", "Two");
    element.setAttribute("locale", "fr");
    element.removeAttribute("locale");
    element.setAttribute("welcome-text", "Ask us anything.");
    element.setAttribute("avatar-url", "https://cdn.example.com/a.png");
    const messagingUrl = "https://us-1.example.com";
    expect(lastFake().calls).toEqual([
      ["update", { messagingUrl, headerTitle: "Two" }],
      ["update", { messagingUrl, headerTitle: "Two", locale: "fr" }],
      ["update", { messagingUrl, headerTitle: "Two", locale: undefined }],
      ["update", { messagingUrl, headerTitle: "Two", welcomeText: "Ask us anything." }],
      ["update", { messagingUrl, headerTitle: "Two", welcomeText: "Ask us anything.", avatarUrl: "https://cdn.example.com/a.png" }],
    ]);
    expect(mounted).toHaveLength(1);
  });

  it("applies a config change live", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    document.body.append(element);
    element.config = { headerTitle: "Later" };
    expect(lastFake().calls).toEqual([["update", { messagingUrl: "https://us-1.example.com", headerTitle: "Later" }]]);
  });

  it("opens and closes the panel when the open attribute is added and removed", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    document.body.append(element);
    element.setAttribute("open", "");
    element.removeAttribute("open");
    expect(lastFake().calls).toEqual([["open"], ["close"]]);
  });

  it("forwards its methods to the widget, and holds calls made before mounting until then", () => {
    const element = createElement();
    element.open();
    element.send("queued");
    document.body.append(element);
    element.setAttribute("messaging-url", "https://us-1.example.com");
    element.toggle();
    element.close();
    element.end();
    expect(lastFake().calls).toEqual([["open"], ["send", "queued"], ["toggle"], ["close"], ["end"]]);
  });

  it("re-dispatches widget events as bubbling, composed custom events with the same detail", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    const seen: { type: string; detail: unknown; bubbles: boolean; composed: boolean }[] = [];
    document.body.addEventListener("cap-chat:message", (event) => {
      seen.push({ type: event.type, detail: event.detail, bubbles: event.bubbles, composed: event.composed });
    });
    document.body.append(element);
    lastFake().emit("cap-chat:message", { id: "m1", text: "Hello" });
    expect(seen).toEqual([{ type: "cap-chat:message", detail: { id: "m1", text: "Hello" }, bubbles: true, composed: true }]);
  });

  it.each([
    "cap-chat:ready",
    "cap-chat:open",
    "cap-chat:close",
    "cap-chat:message",
    "cap-chat:state",
    "cap-chat:handoff",
    "cap-chat:handoff-required",
    "cap-chat:end",
    "cap-chat:error",
  ])("re-dispatches %s", (name) => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    const listener = vi.fn();
    element.addEventListener(name, listener);
    document.body.append(element);
    lastFake().emit(name, { name });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("keeps its widget when moved in the DOM", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    const first = document.createElement("section");
    const second = document.createElement("section");
    document.body.append(first, second);
    first.append(element);
    second.append(element);
    vi.advanceTimersByTime(DISCONNECT_GRACE_MILLISECONDS * 2);
    expect(mounted).toHaveLength(1);
    expect(lastFake().destroyed).toBe(false);
  });

  it("keeps its widget when re-inserted within the grace period", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    document.body.append(element);
    element.remove();
    vi.advanceTimersByTime(DISCONNECT_GRACE_MILLISECONDS - 1);
    document.body.append(element);
    vi.advanceTimersByTime(DISCONNECT_GRACE_MILLISECONDS * 2);
    expect(lastFake().destroyed).toBe(false);
    expect(mounted).toHaveLength(1);
  });

  it("destroys its widget once removed for longer than the grace period, and mounts anew when re-added", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    document.body.append(element);
    element.remove();
    vi.advanceTimersByTime(DISCONNECT_GRACE_MILLISECONDS);
    expect(lastFake().destroyed).toBe(true);
    lastFake().emit("cap-chat:open", undefined);
    document.body.append(element);
    expect(mounted).toHaveLength(2);
  });

  it("stops re-dispatching the events of a destroyed widget", () => {
    const element = createElement({ "messaging-url": "https://us-1.example.com" });
    const listener = vi.fn();
    element.addEventListener("cap-chat:open", listener);
    document.body.append(element);
    const fake = lastFake();
    element.remove();
    vi.advanceTimersByTime(DISCONNECT_GRACE_MILLISECONDS);
    fake.emit("cap-chat:open", undefined);
    expect(listener).not.toHaveBeenCalled();
  });

  it("warns about an attribute it cannot use and mounts without it", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    document.body.append(createElement({ "messaging-url": "https://us-1.example.com", mode: "sideways" }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mode="sideways"'));
    expect(lastFake().options).toEqual({ messagingUrl: "https://us-1.example.com" });
    warn.mockRestore();
  });
});

describe("<cap-chat> defined after the page set its config", () => {
  it("takes over a config set on the element before the element was defined", async () => {
    const element = document.createElement("cap-chat-early") as HTMLElement & { config?: unknown };
    element.setAttribute("messaging-url", "https://us-1.example.com");
    element.config = { headerTitle: "Early" };
    document.body.append(element);
    const { getCapChatElementClass } = await import("../../src/embed/element.ts");
    customElements.define("cap-chat-early", class extends getCapChatElementClass() {});
    expect(lastFake().options).toMatchObject({ headerTitle: "Early", messagingUrl: "https://us-1.example.com" });
  });
});
