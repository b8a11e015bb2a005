import { act } from "@testing-library/preact";
import { signal } from "@preact/signals";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../../src/widget/locales/en.ts";
import { loadLocale, pageLocale, unpack } from "../../../src/widget/locales/index.ts";
import { fillTemplate, mapTexts, pluralText, type LocaleStrings } from "../../../src/widget/locales/locale-strings.ts";
import fr from "../../../src/widget/locales/translations/fr.ts";
import { createSnapshot } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

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
    for (const tag of ["fr", "fr-CA", "ar", "ar-EG", "de", "he"]) await loadLocale(tag);
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

  it("lay the widget out right to left in Arabic and Hebrew", () => {
    const arabic = renderWidget({ locale: "ar", open: true });
    expect(rootElement(arabic.root).getAttribute("dir")).toBe("rtl");
    expect(arabic.screen.getByRole("button", { name: "إرسال" })).not.toBeNull();
    expect(arabic.screen.getByRole("log", { name: "المحادثة" })).not.toBeNull();
    const hebrew = renderWidget({ locale: "he", open: true });
    expect(rootElement(hebrew.root).getAttribute("dir")).toBe("rtl");
    expect(rootElement(hebrew.root).getAttribute("lang")).toBe("he");
  });

  it("follow LANGUAGE_CHANGED when a locale matches, and ignore unknown languages", async () => {
    const { screen, update, root } = renderWidget({ open: true });
    expect(screen.getByRole("button", { name: "Send" })).not.toBeNull();
    await update({ language: "ar-EG" });
    expect(screen.getByRole("button", { name: "إرسال" })).not.toBeNull();
    expect(rootElement(root).getAttribute("dir")).toBe("rtl");
    await update({ language: "sw" });
    await act(async () => void (await vi.runAllTimersAsync()));
    expect(screen.getByRole("button", { name: "إرسال" })).not.toBeNull();
    await update({ language: "fr" });
    expect(screen.getByRole("button", { name: "Envoyer" })).not.toBeNull();
    expect(rootElement(root).getAttribute("dir")).toBe("ltr");
  });

  it("apply a language already present in the first snapshot", () => {
    const { screen } = renderWidget({ open: true }, createSnapshot({ language: "fr" }));
    expect(screen.getByRole("button", { name: "Envoyer" })).not.toBeNull();
  });

  it("switch with update({ locale })", async () => {
    const { screen, controller } = renderWidget({ open: true });
    await act(() => controller.update({ locale: "de" }));
    expect(screen.getByRole("button", { name: "Senden" })).not.toBeNull();
  });

  it("fall back to the browser language, then English", async () => {
    vi.stubGlobal("navigator", { language: "fr-BE" });
    expect((await pageLocale(undefined)).code).toBe("fr");
    expect((await pageLocale("ar")).code).toBe("ar");
    expect((await pageLocale("sw")).code).toBe("fr");
    vi.stubGlobal("navigator", { language: "sw" });
    expect(await pageLocale("tlh")).toBe(en);
    vi.stubGlobal("navigator", undefined);
    expect(await pageLocale(undefined)).toBe(en);
    expect(await pageLocale("en-GB")).toBe(en);
  });

  it("load each locale once, whatever tag asks for it", async () => {
    expect(await loadLocale("fr-CA")).toBe(await loadLocale("fr"));
    expect(await loadLocale("pt-AO")).toBe(await loadLocale("pt"));
    expect(await loadLocale("sw")).toBeNull();
  });
});

describe("plural texts", () => {
  it("take the form the language uses for the number", async () => {
    const arabic = (await loadLocale("ar")) as LocaleStrings;
    expect(pluralText(en.unread, "en", 1)).toBe("1 unread message");
    expect(pluralText(en.unread, "en", 3)).toBe("3 unread messages");
    expect(pluralText(arabic.unread, "ar", 2)).toBe("رسالتان غير مقروءتين");
    expect(pluralText(arabic.unread, "ar", 5)).toBe("5 رسائل غير مقروءة");
    expect(pluralText(arabic.unread, "ar", 11)).toBe("11 رسالة غير مقروءة");
    const russian = (await loadLocale("ru")) as LocaleStrings;
    expect(["1", "2", "5", "21"].map((count) => pluralText(russian.unread, "ru", Number(count)))).toEqual([
      "1 непрочитанное сообщение",
      "2 непрочитанных сообщения",
      "5 непрочитанных сообщений",
      "21 непрочитанное сообщение",
    ]);
  });

  it("fall back to `other` where a language gives one form", () => {
    expect(pluralText({ other: "{count} fois" }, "fr", 1)).toBe("1 fois");
  });

  it("word templates in each language's order", async () => {
    const arabic = (await loadLocale("ar")) as LocaleStrings;
    expect(fillTemplate(arabic.handoff.liveAgentJoined, { name: "أحمد" })).toBe("انضم أحمد إلى المحادثة");
    expect(fillTemplate(en.handoff.queuePosition, { position: 2, wait: "" })).toBe("You are number 2 in the queue.");
  });
});

describe("packed locales", () => {
  it("unpack into the keys of English, in its order", () => {
    const packed: unknown[] = [];
    mapTexts(fr, (_, text) => packed.push(text));
    expect(unpack(packed as never)).toEqual(fr);
    expect(unpack(fr)).toBe(fr);
  });
});

describe("locales loaded on demand", () => {
  it("switch a widget once the locale's file has loaded, the latest request winning", async () => {
    vi.resetModules();
    const fresh = await import("../../../src/widget/locales/index.ts");
    const target = signal(fresh.en);
    fresh.switchLocale(target, "fr-CA");
    fresh.switchLocale(target, "ar");
    fresh.switchLocale(target, "sw", false);
    expect(target.value).toBe(fresh.en);
    await vi.waitFor(() => expect(target.value.code).toBe("ar"));
    // A tag matched before switches at once.
    fresh.switchLocale(target, "fr-CA");
    expect(target.value.code).toBe("fr");
    fresh.switchLocale(target, "tlh", false);
    await act(async () => void (await vi.runAllTimersAsync()));
    expect(target.value.code).toBe("fr");
  });
});
