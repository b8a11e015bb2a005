import { expect, it, vi } from "vitest";

// A page that bundles cap-chat/element and also loads the script tag: the first registration stays.
it("leaves <cap-chat> to cap-chat/element when that registered it first, and never throws", async () => {
  const { getCapChatElementClass } = await import("../../src/embed/element.ts");
  const script = document.createElement("script");
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  vi.resetModules();
  await expect(import("../../src/embed/script-tag.ts")).resolves.toBeDefined();
  vi.resetModules();
  await expect(import("../../src/embed/script-tag.ts")).resolves.toBeDefined();
  Object.defineProperty(document, "currentScript", { value: null, configurable: true });
  expect(customElements.get("cap-chat")).toBe(getCapChatElementClass());
  expect(typeof window.CapChat).toBe("function");
});
