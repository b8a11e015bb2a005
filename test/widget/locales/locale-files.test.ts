import { describe, expect, it } from "vitest";
import { matchLocale } from "../../../src/widget/locales/locale-files.ts";

describe("matchLocale", () => {
  it.each([
    ["de", "de"],
    ["de-AT", "de"],
    ["DE_ch", "de"],
    ["en-GB", "en"],
    ["pt", "pt"],
    ["pt-PT", "pt"],
    ["pt-BR", "pt-BR"],
    ["pt-br", "pt-BR"],
    ["zh", "zh-Hans"],
    ["zh-CN", "zh-Hans"],
    ["zh-SG", "zh-Hans"],
    ["zh-Hans-HK", "zh-Hans"],
    ["zh-TW", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh-MO", "zh-Hant"],
    ["zh-Hant", "zh-Hant"],
    ["no", "nb"],
    ["nn-NO", "nb"],
    ["nb", "nb"],
    ["iw", "he"],
    ["he-IL", "he"],
    ["in", "id"],
    ["ar-EG", "ar"],
    ["sr-Latn-RS", undefined],
    ["sw", undefined],
    ["", undefined],
    ["not a tag", undefined],
    ["constructor", undefined],
    ["__proto__", undefined],
  ])("matches %s to %s", (tag, code) => {
    expect(matchLocale(tag)).toBe(code);
  });
});
