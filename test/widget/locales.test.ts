import { act } from "@testing-library/preact";
import { signal } from "@preact/signals";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ar } from "../../src/widget/locales/ar.ts";
import { en } from "../../src/widget/locales/en.ts";
import { fr } from "../../src/widget/locales/fr.ts";
import { findLocale, loadLocale, resolveLocale } from "../../src/widget/locales/index.ts";
import { createSnapshot } from "./support/fake-chat-client.ts";
import { renderWidget } from "./support/render-widget.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

const rootElement = (root: ShadowRoot) => root.querySelector(".root") as HTMLElement;

describe("locales", () => {
  beforeAll(async () => {
    await loadLocale("fr");
    await loadLocale("ar");
  });

  it("localise the accessible names in French", () => {
    const { screen, root } = renderWidget({ locale: "fr-CA", open: true });
    expect(screen.getByRole("button", { name: "Fermer la discussion" })).not.toBeNull();
    expect(screen.getByRole("log", { name: "Conversation" })).not.toBeNull();
    expect(screen.getByLabelText("Message")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Envoyer" })).not.toBeNull();
    expect(rootElement(root).getAttribute("lang")).toBe("fr");
    expect(rootElement(root).getAttribute("dir")).toBe("ltr");
  });

  it("lay the widget out right to left in Arabic", () => {
    const { screen, root } = renderWidget({ locale: "ar", open: true });
    expect(rootElement(root).getAttribute("dir")).toBe("rtl");
    expect(screen.getByRole("button", { name: "إرسال" })).not.toBeNull();
    expect(screen.getByRole("log", { name: "المحادثة" })).not.toBeNull();
  });

  it("follow LANGUAGE_CHANGED when a locale matches its primary subtag, and ignore unknown languages", async () => {
    const { screen, update, root } = renderWidget({ open: true });
    expect(screen.getByRole("button", { name: "Send" })).not.toBeNull();
    await update({ language: "ar-EG" });
    expect(screen.getByRole("button", { name: "إرسال" })).not.toBeNull();
    expect(rootElement(root).getAttribute("dir")).toBe("rtl");
    await update({ language: "sw" });
    expect(screen.getByRole("button", { name: "إرسال" })).not.toBeNull();
    await update({ language: "fr" });
    expect(screen.getByRole("button", { name: "Envoyer" })).not.toBeNull();
    expect(rootElement(root).getAttribute("dir")).toBe("ltr");
  });

  it("apply a language already present in the first snapshot", () => {
    const { screen } = renderWidget({ open: true }, createSnapshot({ language: "fr-FR" }));
    expect(screen.getByRole("button", { name: "Envoyer" })).not.toBeNull();
  });

  it("switch with update({ locale })", async () => {
    const { screen, controller } = renderWidget({ open: true });
    await act(() => controller.update({ locale: "fr" }));
    expect(screen.getByRole("button", { name: "Envoyer" })).not.toBeNull();
  });

  it("fall back to the browser language, then English", () => {
    vi.stubGlobal("navigator", { language: "fr-BE" });
    expect(resolveLocale(undefined)).toBe(fr);
    expect(resolveLocale("ar")).toBe(ar);
    vi.stubGlobal("navigator", { language: "pt-BR" });
    expect(resolveLocale("de")).toBe(en);
    vi.stubGlobal("navigator", undefined);
    expect(resolveLocale(undefined)).toBe(en);
  });

  it("never match inherited object keys", () => {
    expect(findLocale("constructor")).toBeUndefined();
    expect(findLocale("__proto__")).toBeUndefined();
  });

  it("translate every string of English", () => {
    const shape = (strings: object): string[] =>
      Object.entries(strings).flatMap(([key, value]) =>
        value && typeof value === "object" ? shape(value).map((inner) => `${key}.${inner}`) : [`${key}:${typeof value}`],
      );
    for (const locale of [fr, ar]) expect(shape(locale)).toEqual(shape(en));
  });
});

describe("locales loaded on demand", () => {
  it("switch a widget once the locale's file has loaded, the latest request winning", async () => {
    vi.resetModules();
    const fresh = await import("../../src/widget/locales/index.ts");
    const target = signal(fresh.en);
    expect(fresh.findLocale("fr")).toBeUndefined();
    fresh.switchLocale(target, "fr-CA");
    fresh.switchLocale(target, "ar");
    fresh.switchLocale(target, "sw");
    expect(target.value).toBe(fresh.en);
    await fresh.loadLocale("fr");
    await fresh.loadLocale("ar");
    expect(target.value.code).toBe("ar");
    fresh.switchLocale(target, "fr");
    expect(target.value.code).toBe("fr");
    expect(await fresh.loadLocale("pt")).toBeUndefined();
  });
});
