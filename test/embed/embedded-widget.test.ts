import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppModule, AppSource } from "../../src/embed/app-source.ts";
import { mountEmbeddedWidget } from "../../src/embed/embedded-widget.ts";
import { loaderLauncherLabel } from "../../src/embed/loader-launcher.ts";
import { en } from "../../src/widget/locales/en.ts";
import type { WidgetOptions } from "../../src/widget/index.ts";
import { createFakeController, type FakeController } from "./fake-controller.ts";

/** An app source whose file arrives when the test says so; it records each load and each mount. */
function createDeferredSource() {
  const mounted: { target: ShadowRoot; fake: FakeController }[] = [];
  const locales: string[] = [];
  let loads = 0;
  let prefetches = 0;
  let arrive: (app: AppModule) => void = () => {};
  const arrival = new Promise<AppModule>((resolve) => (arrive = resolve));
  const app: AppModule = {
    mountChat(target, options) {
      const fake = createFakeController(options);
      mounted.push({ target, fake });
      // The widget's own launcher, as the app renders it.
      const launcher = target.appendChild(document.createElement("button"));
      launcher.setAttribute("part", "launcher");
      return fake.controller;
    },
    pageLocale: (tag) => {
      locales.push(tag ?? "");
      return Promise.resolve();
    },
  };
  let loaded: AppModule | null = null;
  const source: AppSource = {
    get loaded() {
      return loaded;
    },
    load() {
      loads += 1;
      return arrival;
    },
    prefetch() {
      prefetches += 1;
    },
  };
  return {
    source,
    mounted,
    locales,
    get loads() {
      return loads;
    },
    get prefetches() {
      return prefetches;
    },
    /** Delivers the app and lets the widget mount it. */
    async arrive() {
      loaded = app;
      arrive(app);
      await vi.waitFor(() => expect(mounted.length).toBeGreaterThan(0));
    },
  };
}

function shadowRoot(): ShadowRoot {
  return document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });
}

const options: Partial<WidgetOptions> = { messagingUrl: "https://us-1.example.com" };

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.stubGlobal("requestIdleCallback", undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  document.body.replaceChildren();
});

describe("an embedded widget before its app has loaded", () => {
  it("shows the widget's launcher as plain DOM, with its part and English name", () => {
    const deferred = createDeferredSource();
    const root = shadowRoot();
    mountEmbeddedWidget(root, { ...options, prefetch: "none" }, deferred.source);
    const launcher = root.querySelector('[part="launcher"]') as HTMLButtonElement;
    expect(launcher.tagName).toBe("BUTTON");
    expect(launcher.getAttribute("aria-label")).toBe(en.openChat);
    expect(launcher.getAttribute("aria-expanded")).toBe("false");
    expect(launcher.closest(".root")?.getAttribute("lang")).toBe("en");
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(deferred.loads).toBe(0);
  });

  it("names its launcher as the English locale does", () => {
    expect(loaderLauncherLabel).toBe(en.openChat);
  });

  it("fetches the app on intent without mounting it, and mounts it on a click, then opens", async () => {
    const deferred = createDeferredSource();
    const root = shadowRoot();
    mountEmbeddedWidget(root, { ...options, prefetch: "intent" }, deferred.source);
    const launcher = root.querySelector("button") as HTMLButtonElement;
    launcher.dispatchEvent(new Event("pointerenter"));
    expect(deferred.loads).toBe(1);
    launcher.click();
    await deferred.arrive();
    expect(deferred.mounted[0]?.fake.calls).toEqual([["open"]]);
    expect(root.adoptedStyleSheets).toHaveLength(0);
    expect(root.querySelectorAll('[part="launcher"]')).toHaveLength(1);
  });

  it("fetches the app without running it when the browser is idle by default, and never with prefetch: none", () => {
    vi.useFakeTimers();
    const idle = createDeferredSource();
    mountEmbeddedWidget(shadowRoot(), options, idle.source);
    const none = createDeferredSource();
    mountEmbeddedWidget(shadowRoot(), { ...options, prefetch: "none" }, none.source);
    const intent = createDeferredSource();
    mountEmbeddedWidget(shadowRoot(), { ...options, prefetch: "intent" }, intent.source);
    vi.advanceTimersByTime(5000);
    expect([idle.prefetches, idle.loads, idle.mounted.length]).toEqual([1, 0, 0]);
    expect([none.prefetches, none.loads, intent.prefetches, intent.loads]).toEqual([0, 0, 0, 0]);
  });

  it("runs commands given meanwhile in order once mounted, and moves listeners to it", async () => {
    const deferred = createDeferredSource();
    const widget = mountEmbeddedWidget(shadowRoot(), { ...options, prefetch: "none" }, deferred.source);
    const heard = vi.fn();
    const dropped = vi.fn();
    widget.on("cap-chat:message", heard);
    widget.on("cap-chat:open", dropped);
    widget.off("cap-chat:open", dropped);
    widget.close();
    widget.end();
    expect(deferred.loads).toBe(0);
    widget.send("Hello");
    widget.toggle();
    expect(widget.controller).toBeNull();
    await deferred.arrive();
    const fake = deferred.mounted[0]!.fake;
    expect(widget.controller).toBe(fake.controller);
    expect(fake.calls).toEqual([["close"], ["end"], ["send", "Hello"], ["toggle"]]);
    fake.emit("cap-chat:message", { text: "Hi" });
    fake.emit("cap-chat:open", undefined);
    expect(heard).toHaveBeenCalledWith({ text: "Hi" });
    expect(dropped).not.toHaveBeenCalled();
    widget.open();
    expect(fake.calls.at(-1)).toEqual(["open"]);
  });

  it("keeps focus on the launcher through the swap, and loads the page's locale before mounting", async () => {
    const deferred = createDeferredSource();
    const root = shadowRoot();
    mountEmbeddedWidget(root, { ...options, locale: "fr", prefetch: "none" }, deferred.source);
    (root.querySelector("button") as HTMLButtonElement).focus();
    (root.querySelector("button") as HTMLButtonElement).click();
    await deferred.arrive();
    expect(deferred.locales).toEqual(["fr"]);
    expect(root.activeElement?.getAttribute("part")).toBe("launcher");
    expect(root.activeElement?.classList.contains("launcher")).toBe(false);
  });

  it.each([
    ["inline", { mode: "inline" }],
    ["full screen", { mode: "fullscreen" }],
    ["open", { open: true }],
    ["start: load", { start: "load" }],
  ] as const)("loads and mounts the app at once when %s", async (_, extra) => {
    const deferred = createDeferredSource();
    const root = shadowRoot();
    mountEmbeddedWidget(root, { ...options, ...extra }, deferred.source);
    expect(root.querySelector("button")).toBeNull();
    expect(deferred.loads).toBe(1);
    await deferred.arrive();
  });

  it("loads and mounts the app at once when the tab has a session stored under its id", async () => {
    localStorage.setItem("cap-chat:session:support", "{}");
    const other = createDeferredSource();
    mountEmbeddedWidget(shadowRoot(), { ...options, id: "sales", prefetch: "none" }, other.source);
    expect(other.loads).toBe(0);
    const deferred = createDeferredSource();
    mountEmbeddedWidget(shadowRoot(), { ...options, id: "support" }, deferred.source);
    await deferred.arrive();
  });

  it("mounts at once, with no loader launcher, when the app is already there", () => {
    const deferred = createDeferredSource();
    void deferred.arrive();
    const root = shadowRoot();
    const widget = mountEmbeddedWidget(root, options, deferred.source);
    expect(deferred.mounted).toHaveLength(1);
    expect(widget.controller).toBe(deferred.mounted[0]?.fake.controller);
  });

  it("mounts nothing once destroyed, and leaves nothing behind", async () => {
    const deferred = createDeferredSource();
    const root = shadowRoot();
    const widget = mountEmbeddedWidget(root, { ...options, prefetch: "none" }, deferred.source);
    widget.open();
    widget.destroy();
    expect(root.childNodes).toHaveLength(0);
    deferred.arrive().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(deferred.mounted).toHaveLength(0);
  });

  it("reports an app that fails to load, and tries again on the next command", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let attempts = 0;
    const source: AppSource = { loaded: null, load: () => ((attempts += 1), Promise.reject(new Error("offline"))), prefetch() {} };
    const widget = mountEmbeddedWidget(shadowRoot(), { ...options, prefetch: "none" }, source);
    widget.open();
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    widget.open();
    expect(attempts).toBe(2);
  });
});
