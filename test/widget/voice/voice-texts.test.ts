import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { localeFiles } from "../../../src/widget/locales/locale-files.ts";
import { voiceTextFiles } from "../../../src/widget/voice/texts/locales.ts";
import voiceTexts from "../../../src/widget/voice/texts/en.ts";
import { loadVoiceTexts, type VoiceTexts } from "../../../src/widget/voice/voice-texts.ts";

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g))].sort();

const translations = new Map<string, VoiceTexts>();
beforeAll(async () => {
  for (const [code, load] of Object.entries(voiceTextFiles)) translations.set(code, (await load()).default);
});

describe("the voice panel's texts", () => {
  it("are in every language of the widget, each a file of texts/ named by its code", () => {
    const files = readdirSync(resolve(import.meta.dirname, "../../../src/widget/voice/texts"))
      .map((name) => name.replace(/\.ts$/, ""))
      .filter((name) => name !== "locales");
    expect(Object.keys(voiceTextFiles).sort()).toEqual(Object.keys(localeFiles).sort());
    expect(files.sort()).toEqual(["en", ...Object.keys(localeFiles)].sort());
  });

  it("each have every key of English and no other, with the same placeholders, none left in English", () => {
    const problems: string[] = [];
    for (const [code, texts] of translations) {
      expect(Object.keys(texts).sort(), code).toEqual(Object.keys(voiceTexts).sort());
      for (const [key, english] of Object.entries(voiceTexts) as [keyof VoiceTexts, string][]) {
        const text = texts[key];
        if (text === english) problems.push(`${code}.${key} is English`);
        if (placeholders(text).join() !== placeholders(english).join()) problems.push(`${code}.${key} changes the placeholders`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("load for a locale's code, a region falling back to its language, and English for any other", async () => {
    expect((await loadVoiceTexts("de")).callBack).toBe("Rückruf anfordern");
    expect((await loadVoiceTexts("pt-BR")).callBack).toBe("Quero que me liguem");
    expect((await loadVoiceTexts("fr-CA")).callBack).toBe("Me faire rappeler");
    expect(await loadVoiceTexts("en")).toBe(voiceTexts);
    expect(await loadVoiceTexts("xx")).toBe(voiceTexts);
  });
});
