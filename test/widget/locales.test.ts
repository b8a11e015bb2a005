import { act } from "@testing-library/preact";
import { signal } from "@preact/signals";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ar } from "../../src/widget/locales/ar.ts";
import { en } from "../../src/widget/locales/en.ts";
import { fr } from "../../src/widget/locales/fr.ts";
import { findLocale, loadLocale, resolveLocale, translate } from "../../src/widget/locales/index.ts";
import { fillTemplate } from "../../src/widget/locales/locale-strings.ts";
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
    expect(resolveLocale(undefined)).toBe(findLocale("fr"));
    expect(resolveLocale(undefined).code).toBe("fr");
    expect(resolveLocale("ar")).toBe(findLocale("ar"));
    expect(resolveLocale("ar").code).toBe("ar");
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
    for (const translation of [fr, ar]) expect(shape(translate(translation))).toEqual(shape(en));
  });
});

describe("translations", () => {
  /** English's texts in the order of its entries, the order every translation follows. */
  const englishTexts = (strings: object): string[] =>
    Object.values(strings).flatMap((value: string | object) => (typeof value === "string" ? [value] : englishTexts(value)));
  const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

  it.each([
    ["fr", fr],
    ["ar", ar],
  ])("%s has one text for each entry of English, in its order", (code, translation) => {
    const english = englishTexts(en);
    expect(translation).toHaveLength(english.length);
    // An entry out of place shows as a template whose names differ from English's at the same position.
    expect(translation.map(placeholders)).toEqual(english.map(placeholders));
    expect(translation.every((text) => text.trim() !== "")).toBe(true);
    const strings = translate(translation);
    expect(strings.code).toBe(code);
    expect(strings.dir).toBe(code === "ar" ? "rtl" : "ltr");
    expect(englishTexts(strings)).toEqual(translation);
  });

  it("word templates in each language's order", () => {
    const french = translate(fr);
    expect(fillTemplate(french.oneUnread, { count: 1 })).toBe("1 message non lu");
    expect(fillTemplate(french.unread, { count: 3 })).toBe("3 messages non lus");
    expect(fillTemplate(translate(ar).handoff.liveAgentJoined, { name: "أحمد" })).toBe("انضم أحمد إلى المحادثة");
    expect(fillTemplate(en.handoff.queuePosition, { position: 2 })).toBe("You are number 2 in the queue");
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
