import { describe, expect, it, vi } from "vitest";
import { appAt, type AppModule } from "../../src/embed/app-source.ts";

const app = { mountChat: vi.fn(), pageLocale: vi.fn() } as unknown as AppModule;

describe("the app at an address", () => {
  it("is imported once, however often it is asked for, and then known as loaded", async () => {
    const importModule = vi.fn(() => Promise.resolve(app));
    const source = appAt("https://cdn.example.com/cap-chat-app.js", importModule);
    expect(source.loaded).toBeNull();
    const [first, second] = await Promise.all([source.load(), source.load()]);
    expect([first, second, source.loaded]).toEqual([app, app, app]);
    expect(importModule.mock.calls).toEqual([["https://cdn.example.com/cap-chat-app.js"]]);
  });

  it("is imported again after a failed import", async () => {
    const importModule = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(app);
    const source = appAt("/cap-chat-app.js", importModule);
    await expect(source.load()).rejects.toThrow("offline");
    await expect(source.load()).resolves.toBe(app);
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it("prefetches as one module preload of the same address, which the later import reuses", () => {
    const importModule = vi.fn(() => Promise.resolve(app));
    const source = appAt("https://cdn.example.com/cap-chat-app.js", importModule, document);
    source.prefetch();
    source.prefetch();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => [link.href, link.getAttribute("fetchpriority")])).toEqual([
      ["https://cdn.example.com/cap-chat-app.js", "low"],
    ]);
    expect(importModule).not.toHaveBeenCalled();
    links.forEach((link) => link.remove());
  });

  it("does not preload what is already being imported", async () => {
    const source = appAt("/cap-chat-app.js", () => Promise.resolve(app), document);
    await source.load();
    source.prefetch();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});
