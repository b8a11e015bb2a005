import { afterEach, describe, expect, it, vi } from "vitest";
import { createBrowserEnvironment, resolveEnvironment } from "../src/browser-environment.ts";
import { createSessionPersistence } from "../src/transport/delivery/session-persistence.ts";
import { MemoryStorage } from "./support/node-effects.ts";

/** Puts a window-like event target and a document on globalThis; returns both for dispatching. */
function stubPageEvents(visibilityState: string) {
  const windowTarget = new EventTarget();
  const documentTarget = Object.assign(new EventTarget(), { visibilityState });
  vi.stubGlobal("addEventListener", windowTarget.addEventListener.bind(windowTarget));
  vi.stubGlobal("removeEventListener", windowTarget.removeEventListener.bind(windowTarget));
  vi.stubGlobal("document", documentTarget);
  return { windowTarget, documentTarget };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("browser environment", () => {
  it("has no WebSocket factory when the platform has no WebSocket", () => {
    vi.stubGlobal("WebSocket", undefined);
    expect(createBrowserEnvironment().createWebSocket).toBeNull();
  });

  it("opens sockets with the global WebSocket", () => {
    const opened: string[] = [];
    vi.stubGlobal(
      "WebSocket",
      class {
        constructor(url: string) {
          opened.push(url);
        }
      },
    );
    createBrowserEnvironment().createWebSocket?.("wss://example.com/ws?session_id=s");
    expect(opened).toEqual(["wss://example.com/ws?session_id=s"]);
  });

  it("wraps fetch into an answer whose headers read case-insensitively", async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 429, headers: { "Retry-After": "3" } }));
    vi.stubGlobal("fetch", fetch);
    const response = await createBrowserEnvironment().fetch("https://example.com/x", {
      method: "POST",
      headers: { "X-Token": "t" },
      body: "{}",
    });
    expect(fetch).toHaveBeenCalledWith("https://example.com/x", { method: "POST", headers: { "X-Token": "t" }, body: "{}" });
    expect(response.status).toBe(429);
    expect(response.header("retry-after")).toBe("3");
    expect(response.header("X-Missing")).toBeNull();
    expect(await response.text()).toBe('{"ok":true}');
  });

  it("rejects a request when there is no fetch", async () => {
    vi.stubGlobal("fetch", undefined);
    await expect(createBrowserEnvironment().fetch("https://example.com", { method: "POST", headers: {} })).rejects.toThrow();
  });

  it("creates ids with crypto.randomUUID when available", () => {
    vi.stubGlobal("crypto", { randomUUID: () => "11111111-2222-4333-8444-555555555555" });
    expect(createBrowserEnvironment().createId()).toBe("11111111-2222-4333-8444-555555555555");
  });

  it("falls back to random version 4 UUIDs without randomUUID", () => {
    vi.stubGlobal("crypto", undefined);
    const environment = createBrowserEnvironment();
    const first = environment.createId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(environment.createId()).not.toBe(first);
  });

  it("uses sessionStorage, leaving no probe key behind", () => {
    const storage = new MemoryStorage();
    vi.stubGlobal("sessionStorage", storage);
    const environment = createBrowserEnvironment();
    environment.storage?.setItem("cap-chat:session", "abc");
    expect(environment.storage?.getItem("cap-chat:session")).toBe("abc");
    expect([...storage.items.keys()]).toEqual(["cap-chat:session"]);
  });

  it("has no storage when the browser refuses sessionStorage", () => {
    Object.defineProperty(globalThis, "sessionStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError: access is denied for this document");
      },
    });
    try {
      expect(createBrowserEnvironment().storage).toBeNull();
    } finally {
      Reflect.deleteProperty(globalThis, "sessionStorage");
    }
  });

  it("has no storage when writes are refused, and later write failures cost only persistence", () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    vi.stubGlobal("sessionStorage", refusing);
    expect(createBrowserEnvironment().storage).toBeNull();

    const flaky = new MemoryStorage();
    vi.stubGlobal("sessionStorage", flaky);
    const storage = createBrowserEnvironment().storage;
    flaky.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const persistence = createSessionPersistence(storage ?? null, true);
    expect(() => persistence.save({ sessionId: "s-1", lastActivityAt: 0, historyThrough: 0, outbox: [] })).not.toThrow();
    expect(persistence.load()).toBeNull();
  });

  it("reads online state from navigator, treating unknown as online", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(createBrowserEnvironment().isOnline()).toBe(false);
    vi.stubGlobal("navigator", {});
    expect(createBrowserEnvironment().isOnline()).toBe(true);
  });

  it("wakes on online, on the page becoming visible and on it regaining focus, until removed", () => {
    const { windowTarget, documentTarget } = stubPageEvents("hidden");
    const reasons: string[] = [];
    const remove = createBrowserEnvironment().onWake((reason) => reasons.push(reason));
    windowTarget.dispatchEvent(new Event("online"));
    documentTarget.dispatchEvent(new Event("visibilitychange"));
    documentTarget.visibilityState = "visible";
    documentTarget.dispatchEvent(new Event("visibilitychange"));
    windowTarget.dispatchEvent(new Event("focus"));
    remove();
    windowTarget.dispatchEvent(new Event("online"));
    windowTarget.dispatchEvent(new Event("focus"));
    documentTarget.dispatchEvent(new Event("visibilitychange"));
    expect(reasons).toEqual(["online", "visible", "focus"]);
  });

  it("reports going offline until removed", () => {
    const { windowTarget } = stubPageEvents("visible");
    const listener = vi.fn();
    const remove = createBrowserEnvironment().onOffline(listener);
    windowTarget.dispatchEvent(new Event("offline"));
    remove();
    windowTarget.dispatchEvent(new Event("offline"));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("takes the page host from location, empty without one", () => {
    vi.stubGlobal("location", { hostname: "shop.example.com" });
    expect(createBrowserEnvironment().pageHost()).toBe("shop.example.com");
    vi.stubGlobal("location", undefined);
    expect(createBrowserEnvironment().pageHost()).toBe("");
  });

  it("runs timers and reads the clock and random source of the platform", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    try {
      const environment = createBrowserEnvironment();
      const fired = vi.fn();
      const cancelled = vi.fn();
      environment.setTimeout(fired, 100);
      environment.clearTimeout(environment.setTimeout(cancelled, 100));
      vi.advanceTimersByTime(100);
      expect(fired).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
      expect(environment.now()).toBe(1_700_000_000_100);
      const value = environment.random();
      expect(value >= 0 && value < 1).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("merges overrides over the defaults, ignoring undefined ones", () => {
    vi.stubGlobal("WebSocket", class {});
    const now = () => 5;
    const environment = resolveEnvironment({ now, storage: null, createWebSocket: undefined });
    expect(environment.now).toBe(now);
    expect(environment.storage).toBeNull();
    expect(environment.createWebSocket).toBeTypeOf("function");
    expect(environment.fetch).toBeTypeOf("function");
    expect(resolveEnvironment().pageHost).toBeTypeOf("function");
  });
});
