import { afterEach, describe, expect, it, vi } from "vitest";
import { appAt, type AppModule } from "../../src/embed/app-source.ts";

const app = { mountChat: vi.fn(), pageLocale: vi.fn() } as unknown as AppModule;

describe("the app at an address", () => {
  it("is imported once, however often it is asked for, and then known as loaded", async () => {
    const importModule = vi.fn(() => Promise.resolve(app));
    const source = appAt("https://cdn.example.com/cap-chat-app.js", undefined, importModule);
    expect(source.loaded).toBeNull();
    const [first, second] = await Promise.all([source.load(), source.load()]);
    expect([first, second, source.loaded]).toEqual([app, app, app]);
    expect(importModule.mock.calls).toEqual([["https://cdn.example.com/cap-chat-app.js"]]);
  });

  it("is imported again after a failed import", async () => {
    const importModule = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(app);
    const source = appAt("/cap-chat-app.js", undefined, importModule);
    await expect(source.load()).rejects.toThrow("offline");
    await expect(source.load()).resolves.toBe(app);
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it("prefetches as one module preload of the same address, which the later import reuses", () => {
    const importModule = vi.fn(() => Promise.resolve(app));
    const source = appAt("https://cdn.example.com/cap-chat-app.js", undefined, importModule, document);
    source.prefetch();
    source.prefetch();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => [link.href, link.fetchPriority])).toEqual([["https://cdn.example.com/cap-chat-app.js", "low"]]);
    expect(importModule).not.toHaveBeenCalled();
    links.forEach((link) => link.remove());
  });

  it("does not preload what is already being imported", async () => {
    const source = appAt("/cap-chat-app.js", undefined, () => Promise.resolve(app), document);
    await source.load();
    source.prefetch();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});

describe("the app at an address, with its integrity", () => {
  const address = "https://cdn.example.com/cap-chat-app-1.js";
  const integrity = "sha256-AAAA";
  const preloadLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
  afterEach(() => preloadLinks().forEach((link) => link.remove()));

  it("is imported only once the module preload has checked the file", async () => {
    const importModule = vi.fn(() => Promise.resolve(app));
    const source = appAt(address, integrity, importModule, document);
    const loading = source.load();
    const [link] = preloadLinks();
    expect([link?.href, link?.integrity, link?.fetchPriority]).toEqual([address, integrity, "auto"]);
    await Promise.resolve();
    expect(importModule).not.toHaveBeenCalled();
    link?.dispatchEvent(new Event("load"));
    await expect(loading).resolves.toBe(app);
    expect(importModule.mock.calls).toEqual([[address]]);
  });

  it("is never imported when the file fails its check", async () => {
    const importModule = vi.fn(() => Promise.resolve(app));
    const source = appAt(address, integrity, importModule, document);
    const loading = source.load();
    preloadLinks()[0]?.dispatchEvent(new Event("error"));
    await expect(loading).rejects.toBeInstanceOf(Event);
    expect(importModule).not.toHaveBeenCalled();
    expect(source.loaded).toBeNull();
  });

  it("waits for the prefetch's own check rather than fetching twice", async () => {
    const importModule = vi.fn(() => Promise.resolve(app));
    const source = appAt(address, integrity, importModule, document);
    source.prefetch();
    const loading = source.load();
    expect(preloadLinks().map((link) => [link.integrity, link.fetchPriority])).toEqual([[integrity, "low"]]);
    preloadLinks()[0]?.dispatchEvent(new Event("load"));
    await expect(loading).resolves.toBe(app);
  });

  it("imports at once where the browser has no module preloads, and so no check", async () => {
    const noPreloads = { createElement: () => ({ relList: { supports: () => false } }), head: { append: vi.fn() } } as unknown as Document;
    const importModule = vi.fn(() => Promise.resolve(app));
    await expect(appAt(address, integrity, importModule, noPreloads).load()).resolves.toBe(app);
  });
});
