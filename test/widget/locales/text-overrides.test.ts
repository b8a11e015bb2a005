import { act } from "@testing-library/preact";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../../src/widget/locales/en.ts";
import { loadLocale } from "../../../src/widget/locales/index.ts";
import type { LocaleStrings } from "../../../src/widget/locales/locale-strings.ts";
import { overrideTexts, type TextOverrides } from "../../../src/widget/locales/text-overrides.ts";
import { createSnapshot } from "../support/fake-chat-client.ts";
import { renderWidget } from "../support/render-widget.ts";

let warn: { mock: { calls: unknown[][] } } & ReturnType<typeof vi.fn>;
beforeAll(async () => {
  for (const tag of ["de", "pt", "pt-BR"]) await loadLocale(tag);
});
beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("overrideTexts", () => {
  it("replaces the texts given for the locale's code, and leaves the locale itself as it was", () => {
    const overridden = overrideTexts(en, { en: { send: "Go", "status.connected": "We're here", "notices.server-busy": "Busy!" } });
    expect(overridden.send).toBe("Go");
    expect(overridden.status.connected).toBe("We're here");
    expect(overridden.status.offline).toBe(en.status.offline);
    expect(overridden.notices["server-busy"]).toBe("Busy!");
    expect(en.send).toBe("Send");
    expect(overrideTexts(en, undefined)).toBe(en);
  });

  it("applies a language's texts to its regional locale, the region's winning", async () => {
    const brazilian = (await loadLocale("pt-BR")) as LocaleStrings;
    const overrides: TextOverrides = { pt: { send: "Mandar", retry: "De novo" }, "pt-BR": { send: "Enviar já" }, de: { send: "Los" } };
    const overridden = overrideTexts(brazilian, overrides);
    expect([overridden.send, overridden.retry, overridden.title]).toEqual(["Enviar já", "De novo", brazilian.title]);
    expect(overrideTexts((await loadLocale("pt")) as LocaleStrings, overrides).send).toBe("Mandar");
  });

  it("takes a plural's forms, or one text for every count", () => {
    expect(overrideTexts(en, { en: { unread: { one: "{count} new reply", other: "{count} new replies" } } }).unread).toEqual({
      one: "{count} new reply",
      other: "{count} new replies",
    });
    expect(overrideTexts(en, { en: { unread: "Unread: {count}" } }).unread).toEqual({ other: "Unread: {count}" });
  });

  it("warns once about each key that names no text, and leaves it out", () => {
    const overrides = {
      en: { sendd: "Go", code: "xx", "status.toString": "no", send: 3 },
      fr: { "__proto__.x": "no" },
    } as unknown as TextOverrides;
    const overridden = overrideTexts(en, overrides);
    overrideTexts(en, overrides);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      "cap-chat: strings.en.sendd is not a text of the widget",
      "cap-chat: strings.en.code is not a text of the widget",
      "cap-chat: strings.en.status.toString is not a text of the widget",
      "cap-chat: strings.en.send is not a text of the widget",
      "cap-chat: strings.fr.__proto__.x is not a text of the widget",
    ]);
    expect(overridden).toEqual(en);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});

describe("the strings option", () => {
  it("shows the site's own texts, in the page's language, and follows update({ strings })", async () => {
    const { screen, controller } = renderWidget({
      locale: "de",
      open: true,
      strings: { de: { send: "Abschicken", conversation: "Ihr Chat" } },
    });
    expect(screen.getByRole("button", { name: "Abschicken" })).not.toBeNull();
    expect(screen.getByRole("log", { name: "Ihr Chat" })).not.toBeNull();
    await act(() => controller.update({ strings: { de: { send: "Los" } } }));
    expect(screen.getByRole("button", { name: "Los" })).not.toBeNull();
    expect(screen.getByRole("log", { name: "Unterhaltung" })).not.toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it("keeps the site's texts when the platform changes the language", async () => {
    const { screen, update } = renderWidget({ open: true, strings: { en: { send: "Go" }, de: { send: "Los" } } }, createSnapshot());
    expect(screen.getByRole("button", { name: "Go" })).not.toBeNull();
    await update({ language: "de-AT" });
    await vi.waitFor(() => screen.getByRole("button", { name: "Los" }));
  });
});
