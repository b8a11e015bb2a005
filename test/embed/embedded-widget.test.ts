import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppModule, AppSource } from "../../src/embed/app-source.ts";
import { createEmbeddedWidget } from "../../src/embed/embedded-widget.ts";
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
    /** Delivers the app, whether or not a widget then mounts it. */
    deliver() {
      loaded = app;
      arrive(app);
    },
    /** Delivers the app and lets the widget mount it. */
    async arrive() {
      this.deliver();
      await vi.waitFor(() => expect(mounted.length).toBeGreaterThan(0));
    },
  };
}

function shadowRoot(): ShadowRoot {
  return document.body.appendChild(document.createElement("div")).attachShadow({ mode: "open" });
}

/** An embedded widget booted at once into `root`, as `<cap-chat>` boots once connected. */
function mountEmbeddedWidget(root: ShadowRoot, given: Partial<WidgetOptions>, source: AppSource) {
  const widget = createEmbeddedWidget({ defaults: {}, source, attach: () => ({ root }) });
  widget.boot(given);
  return widget;
}

/** An embedded widget over an app that is already there, as the npm entries have it, with each place it was given. */
function setup(defaults: Partial<WidgetOptions> = {}) {
  const deferred = createDeferredSource();
  deferred.deliver();
  const detached: ShadowRoot[] = [];
  const widget = createEmbeddedWidget({
    defaults,
    source: deferred.source,
    attach: () => {
      const root = shadowRoot();
      return { root, detach: () => detached.push(root) };
    },
  });
  return { widget, deferred, detached, fakes: () => deferred.mounted.map((entry) => entry.fake) };
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

describe("booting an embedded widget", () => {
  it("mounts nothing before boot", () => {
    const { widget, deferred } = setup();
    widget.open();
    expect(deferred.mounted).toEqual([]);
    expect([widget.controller, widget.booted, widget.mounted]).toEqual([null, false, false]);
  });

  it("merges boot options over the script tag's defaults", () => {
    const { widget, fakes } = setup({ messagingUrl: "https://us-1.example.com", headerTitle: "Chat" });
    widget.boot({ headerTitle: "Support", open: true });
    expect(fakes()[0]?.options).toEqual({ messagingUrl: "https://us-1.example.com", headerTitle: "Support", open: true });
  });

  it("runs commands given before boot right after it, in order, and at once after it", () => {
    const { widget, fakes } = setup();
    widget.open();
    widget.send("hello");
    widget.toggle();
    widget.boot({});
    widget.close();
    widget.end();
    expect(fakes()[0]?.calls).toEqual([["open"], ["send", "hello"], ["toggle"], ["close"], ["end"]]);
  });

  it("replaces the widget on a second boot, leaving the first one's place", () => {
    const { widget, fakes, detached, deferred } = setup();
    widget.boot({ headerTitle: "One" });
    widget.boot({ headerTitle: "Two" });
    expect(fakes()).toHaveLength(2);
    expect(fakes()[0]?.destroyed).toBe(true);
    expect(detached).toEqual([deferred.mounted[0]?.target]);
    expect(widget.controller).toBe(fakes()[1]?.controller);
  });

  it("delivers events to listeners registered before boot, with or without the prefix, and keeps them across destroy and a new boot", () => {
    const { widget, fakes } = setup();
    const short = vi.fn();
    const full = vi.fn();
    widget.on("message", short);
    widget.on("cap-chat:message", full);
    widget.boot({});
    fakes()[0]?.emit("cap-chat:message", { text: "hi" });
    widget.destroy();
    // A destroyed widget says nothing more, even when its controller still emits.
    fakes()[0]?.emit("cap-chat:message", { text: "late" });
    widget.boot({});
    fakes()[1]?.emit("cap-chat:message", { text: "again" });
    fakes()[0]?.emit("cap-chat:message", { text: "replaced" });
    expect(short.mock.calls).toEqual([[{ text: "hi" }], [{ text: "again" }]]);
    expect(full.mock.calls).toEqual([[{ text: "hi" }], [{ text: "again" }]]);
  });

  it("stops delivering after off or the remover returned by on, and registers a listener once", () => {
    const { widget, fakes } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const twice = vi.fn();
    widget.boot({});
    widget.on("cap-chat:close", first);
    const remove = widget.on("close", second);
    widget.on("open", twice);
    widget.on("cap-chat:open", twice);
    widget.off("close", first);
    remove();
    fakes()[0]?.emit("cap-chat:close", null);
    fakes()[0]?.emit("cap-chat:open", null);
    expect([first.mock.calls.length, second.mock.calls.length, twice.mock.calls.length]).toEqual([0, 0, 1]);
  });

  it("drops commands waiting for boot when destroyed, remembers it was booted, and destroys what it mounted", () => {
    const { widget, fakes, detached } = setup();
    widget.send("never");
    widget.destroy();
    widget.boot({});
    expect(fakes()[0]?.calls).toEqual([]);
    widget.destroy();
    expect([widget.booted, widget.mounted, widget.controller, fakes()[0]?.destroyed, detached.length]).toEqual([
      true,
      false,
      null,
      true,
      1,
    ]);
  });
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
    // The launcher's rules, and the guard of the floating host.
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(deferred.loads).toBe(0);
  });

  it("fetches the app on intent without mounting it; a click shows the panel's frame at once and mounts the app open over it", async () => {
    const deferred = createDeferredSource();
    const root = shadowRoot();
    const widget = mountEmbeddedWidget(root, { ...options, prefetch: "intent" }, deferred.source);
    const opened = vi.fn();
    widget.on("open", opened);
    const launcher = root.querySelector("button") as HTMLButtonElement;
    launcher.dispatchEvent(new Event("pointerenter"));
    expect(deferred.loads).toBe(1);
    launcher.click();
    const frame = root.querySelector('[part="panel"]') as HTMLElement;
    expect([frame.hidden, launcher.getAttribute("aria-expanded"), launcher.getAttribute("aria-label")]).toEqual([
      false,
      "true",
      en.closeChat,
    ]);
    expect(root.querySelector("[part=input]")?.hasAttribute("disabled")).toBe(true);
    expect(opened).toHaveBeenCalledTimes(1);
    await deferred.arrive();
    expect(deferred.mounted[0]?.fake.options.open).toBe(true);
    expect(deferred.mounted[0]?.fake.calls).toEqual([]);
    // The launcher's and the frame's elements stay for the app to take over; the host's guard is the app's now.
    expect(root.querySelector('[part="panel"]')).toBe(frame);
    expect(root.adoptedStyleSheets).toHaveLength(1);
    launcher.click();
    expect(frame.hidden).toBe(false);
  });

  it("hides the frame again on a second click before the app has come, and mounts the app closed", async () => {
    const deferred = createDeferredSource();
    const root = shadowRoot();
    const widget = mountEmbeddedWidget(root, { ...options, prefetch: "none" }, deferred.source);
    const events: string[] = [];
    widget.on("open", () => events.push("open"));
    widget.on("close", () => events.push("close"));
    const launcher = root.querySelector("button") as HTMLButtonElement;
    launcher.click();
    launcher.click();
    expect((root.querySelector('[part="panel"]') as HTMLElement).hidden).toBe(true);
    expect(launcher.getAttribute("aria-expanded")).toBe("false");
    await deferred.arrive();
    expect(deferred.mounted[0]?.fake.options.open).toBeFalsy();
    expect(events).toEqual(["open", "close"]);
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
    // Close and toggle act on the loader's frame at once; the others wait for the app.
    expect(fake.calls).toEqual([["end"], ["send", "Hello"]]);
    expect(fake.options.open).toBe(true);
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
    const launcher = root.querySelector("button") as HTMLButtonElement;
    launcher.focus();
    launcher.click();
    await deferred.arrive();
    expect(deferred.locales).toEqual(["fr"]);
    expect(root.activeElement).toBe(launcher);
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
    deferred.deliver();
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
    deferred.deliver();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(deferred.mounted).toHaveLength(0);
  });

  it("reports an app that fails to load, and tries again on the next command", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    let attempts = 0;
    const source: AppSource = { loaded: null, load: () => ((attempts += 1), Promise.reject(new Error("offline"))), prefetch() {} };
    const root = shadowRoot();
    const widget = mountEmbeddedWidget(root, { ...options, prefetch: "none" }, source);
    widget.open();
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect((root.querySelector('[part="panel"]') as HTMLElement).hidden).toBe(true);
    widget.open();
    expect(attempts).toBe(2);
  });
});
