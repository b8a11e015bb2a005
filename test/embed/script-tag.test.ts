import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WidgetOptions } from "../../src/widget/index.ts";
import { createFakeController, type FakeController } from "./fake-controller.ts";

const mounted: { target: HTMLElement | ShadowRoot; fake: FakeController }[] = [];

const appAddresses: string[] = [];

// The app is already there, so the widget mounts at once; embedded-widget.test.ts covers loading it later.
vi.mock("../../src/embed/app-source.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/embed/app-source.ts")>();
  return {
    ...original,
    appAt: (address: string) => {
      appAddresses.push(address);
      return original.presentApp({
        mountChat: (target: ShadowRoot, options: WidgetOptions) => {
          const fake = createFakeController(options);
          mounted.push({ target, fake });
          return fake.controller;
        },
        pageLocale: () => Promise.resolve(),
      });
    },
  };
});

/** Evaluates the script-tag entry as if a `<script>` with these data- attributes had just loaded it. */
async function loadScript(dataAttributes: Record<string, string> = {}, source?: string) {
  const script = document.createElement("script");
  for (const [name, value] of Object.entries(dataAttributes)) script.setAttribute(`data-${name}`, value);
  // A tag with a source stays out of the document, which would try to fetch it.
  if (source) script.src = source;
  else document.body.append(script);
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  vi.resetModules();
  await import("../../src/embed/script-tag.ts");
  Object.defineProperty(document, "currentScript", { value: null, configurable: true });
}

/** The standard one-line stub a page puts before the script tag. */
function installStub() {
  window.CapChat =
    window.CapChat ||
    function () {
      // As pages copy it: the stub queues the `arguments` object of each call.
      (window.CapChat!.q = window.CapChat!.q || []).push(arguments);
    };
}

function capChat(command: string, ...args: unknown[]) {
  if (!window.CapChat) throw new Error("CapChat is not defined");
  return window.CapChat(command, ...args);
}

beforeEach(() => {
  mounted.length = 0;
  appAddresses.length = 0;
  delete window.CapChat;
});

afterEach(() => {
  document.body.replaceChildren();
  delete window.CapChat;
  vi.restoreAllMocks();
});

describe("script tag", () => {
  it("mounts a floating widget in a shadow root appended to body when the tag names a messaging URL", async () => {
    await loadScript({ "messaging-url": "https://us-1.example.com", "connector-token": "connector-1", "header-title": "Help" });
    expect(mounted).toHaveLength(1);
    const host = document.body.querySelector("cap-chat-host");
    expect(host?.shadowRoot).toBe(mounted[0]?.target);
    expect(mounted[0]?.fake.options).toEqual({
      messagingUrl: "https://us-1.example.com",
      connectorToken: "connector-1",
      headerTitle: "Help",
    });
  });

  it("mounts when the tag names only a chat URL", async () => {
    await loadScript({ "chat-url": "https://proxy.example.com/chat", transport: "chat" });
    expect(mounted).toHaveLength(1);
  });

  it("passes a relative data-messaging-url on as written: the widget resolves it against the page", async () => {
    await loadScript({ "messaging-url": "/" });
    expect(mounted[0]?.fake.options.messagingUrl).toBe("/");
  });

  it("waits for boot when the tag names no URL", async () => {
    await loadScript({ "header-title": "Help" });
    expect(mounted).toHaveLength(0);
    capChat("boot", { messagingUrl: "https://us-1.example.com" });
    expect(mounted[0]?.fake.options).toMatchObject({ headerTitle: "Help", messagingUrl: "https://us-1.example.com" });
  });

  it("replays the stub's queued calls in order, and a queued boot replaces the automatic one", async () => {
    installStub();
    const listener = vi.fn();
    capChat("on", "cap-chat:open", listener);
    capChat("boot", { chatHeaders: { "X-Demo": "1" } });
    capChat("open");
    capChat("send", "hello");
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    expect(mounted).toHaveLength(1);
    const fake = mounted[0]!.fake;
    expect(fake.options).toMatchObject({ messagingUrl: "https://us-1.example.com", chatHeaders: { "X-Demo": "1" } });
    expect(fake.calls).toEqual([["open"], ["send", "hello"]]);
    fake.emit("cap-chat:open", undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("does not boot again from the tag's attributes when the queue booted and then destroyed", async () => {
    installStub();
    capChat("boot", {});
    capChat("destroy");
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    expect(mounted).toHaveLength(1);
    expect(mounted[0]?.fake.destroyed).toBe(true);
  });

  it("runs queued commands after the automatic boot when none was queued", async () => {
    installStub();
    capChat("open");
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    expect(mounted[0]?.fake.calls).toEqual([["open"]]);
  });

  it("defines window.CapChat that drives the widget after load", async () => {
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    capChat("toggle");
    capChat("send", "typed");
    capChat("end");
    expect(mounted[0]?.fake.calls).toEqual([["toggle"], ["send", "typed"], ["end"]]);
  });

  it("removes the host element on destroy", async () => {
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    capChat("destroy");
    expect(mounted[0]?.fake.destroyed).toBe(true);
    expect(document.body.querySelector("cap-chat-host")).toBeNull();
  });

  it("warns about an unknown command once instead of throwing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    expect(() => capChat("explode")).not.toThrow();
    capChat("explode");
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("imports the app from next to its own file, wherever that is served from", async () => {
    await loadScript({}, "https://cdn.example.com/cap-chat/1.0.0/cap-chat.js");
    expect(appAddresses).toEqual(["https://cdn.example.com/cap-chat/1.0.0/cap-chat-app.js"]);
  });

  it("registers <cap-chat>, which mounts with the same app", async () => {
    await loadScript();
    expect(customElements.get("cap-chat")).toBeDefined();
    const element = document.createElement("cap-chat");
    element.setAttribute("messaging-url", "https://us-1.example.com");
    document.body.append(element);
    expect(mounted.at(-1)?.target).toBe(element.shadowRoot);
  });

  it("mounts one widget when the script is loaded twice", async () => {
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    await loadScript({ "messaging-url": "https://us-1.example.com" });
    expect(mounted).toHaveLength(1);
    expect(document.body.querySelectorAll("cap-chat-host")).toHaveLength(1);
  });

  it("in <head>, keeps queueing calls until <body> exists, then replays them all in order", async () => {
    const body = document.body;
    body.remove();
    installStub();
    capChat("open");
    const script = document.createElement("script");
    script.setAttribute("data-messaging-url", "https://us-1.example.com");
    document.head.append(script);
    Object.defineProperty(document, "currentScript", { value: script, configurable: true });
    vi.resetModules();
    await import("../../src/embed/script-tag.ts");
    Object.defineProperty(document, "currentScript", { value: null, configurable: true });
    capChat("send", "typed while the page was loading");
    expect(mounted).toHaveLength(0);
    document.documentElement.append(body);
    document.dispatchEvent(new Event("DOMContentLoaded"));
    expect(mounted).toHaveLength(1);
    expect(mounted[0]?.fake.calls).toEqual([["open"], ["send", "typed while the page was loading"]]);
    script.remove();
  });
});
