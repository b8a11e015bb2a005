import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../../src/widget/locales/en.ts";
import { localeFiles } from "../../../src/widget/locales/locale-files.ts";
import { isText, mapTexts, type LocaleStrings, type PluralText } from "../../../src/widget/locales/locale-strings.ts";

/** The 27 languages the widget speaks. */
const languages = "en fr ar es de it pt pt-BR nl sv da nb fi pl cs tr ru uk ja ko zh-Hans zh-Hant hi he id vi th".split(" ");
const rightToLeft = ["ar", "he"];

/**
 * The texts of English that some languages write exactly the same, as words of their own (most borrowed from
 * English), with those languages. Any other text identical to English's is a text left untranslated.
 */
const sameAsEnglish: Readonly<Record<string, readonly string[]>> = {
  Chat: ["de", "es", "it", "pt", "pt-BR", "nl", "da", "nb", "fi", "cs", "id"],
  Online: ["de", "it", "pt-BR", "nl", "da", "cs"],
  Offline: ["de", "it", "pt-BR", "nl", "sv", "da", "pl", "cs", "id"],
  Send: ["da", "nb"],
  Conversation: ["fr"],
  Message: ["fr"],
};

/** Every text of `strings` by its key (`status.connected`), `code` and `dir` aside. */
const textsOf = (strings: LocaleStrings): Map<string, string | PluralText> => {
  const texts = new Map<string, string | PluralText>();
  mapTexts(strings, (key, text) => texts.set(key, text));
  texts.delete("code");
  texts.delete("dir");
  return texts;
};

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g))].sort();
const forms = (text: string | PluralText): string[] => (typeof text === "string" ? [text] : Object.values(text));

const translations = new Map<string, LocaleStrings>();
beforeAll(async () => {
  for (const [code, load] of Object.entries(localeFiles)) translations.set(code, (await load()).default as LocaleStrings);
});

describe("the locales", () => {
  it("are the 27 languages, each a file of translations/ named by its code", () => {
    const files = readdirSync(resolve(import.meta.dirname, "../../../src/widget/locales/translations")).map((name) =>
      name.replace(/\.ts$/, ""),
    );
    expect(["en", ...Object.keys(localeFiles)].sort()).toEqual([...languages].sort());
    expect(files.sort()).toEqual(Object.keys(localeFiles).sort());
    for (const [code, strings] of translations) {
      expect(strings.code, code).toBe(code);
      expect(strings.dir, code).toBe(rightToLeft.includes(code) ? "rtl" : "ltr");
    }
  });

  it("each have every key of English and no other", () => {
    const english = textsOf(en);
    const problems: string[] = [];
    for (const [code, strings] of translations) {
      const texts = textsOf(strings);
      for (const key of english.keys()) if (!texts.has(key)) problems.push(`${code} lacks "${key}"`);
      for (const key of texts.keys()) if (!english.has(key)) problems.push(`${code} has "${key}", which en.ts has not`);
    }
    expect(problems).toEqual([]);
  });

  it("translate every text: none is English's unless the language writes it the same", () => {
    const english = textsOf(en);
    const problems: string[] = [];
    const allowed = new Set<string>();
    for (const [code, strings] of translations) {
      for (const [key, text] of textsOf(strings)) {
        for (const form of forms(text).filter((each) => forms(english.get(key) ?? "").includes(each))) {
          if (sameAsEnglish[form]?.includes(code)) allowed.add(`${form} ${code}`);
          else problems.push(`${code}: "${key}" is English's text`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The list holds only what is still true.
    expect([...allowed].sort()).toEqual(
      Object.entries(sameAsEnglish)
        .flatMap(([form, codes]) => codes.map((code) => `${form} ${code}`))
        .sort(),
    );
  });

  it("keep English's placeholders in every text, and no other", () => {
    const english = textsOf(en);
    const problems: string[] = [];
    for (const [code, strings] of translations) {
      for (const [key, text] of textsOf(strings)) {
        const expected = placeholders(forms(english.get(key) ?? "").join(" "));
        const given = typeof text === "string" ? [text] : [text.other];
        for (const form of given)
          if (placeholders(form).join() !== expected.join()) problems.push(`${code}: "${key}" has ${placeholders(form)}`);
        // A plural's other forms may leave the number out ("one message"), but add no placeholder of their own.
        for (const form of forms(text)) {
          if (placeholders(form).some((name) => !expected.includes(name))) problems.push(`${code}: "${key}" has ${placeholders(form)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("give plurals the forms of their language: all it uses for counts up to 200, or `other` alone", () => {
    const problems: string[] = [];
    for (const [code, strings] of [["en", en] as const, ...translations]) {
      const rules = new Intl.PluralRules(code);
      const allowed = rules.resolvedOptions().pluralCategories;
      const used = new Set(Array.from({ length: 201 }, (_, count) => rules.select(count)));
      for (const [key, text] of textsOf(strings)) {
        if (typeof text === "string") {
          if (typeof textsOf(en).get(key) !== "string") problems.push(`${code}: "${key}" must be a plural`);
          continue;
        }
        const categories = Object.keys(text) as Intl.LDMLPluralRule[];
        if (categories.some((category) => !allowed.includes(category))) problems.push(`${code}: "${key}" has ${categories}`);
        if (categories.length > 1 && [...used].some((category) => !categories.includes(category))) {
          problems.push(`${code}: "${key}" lacks some of ${[...used]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("hold only texts: strings, or plurals of strings", () => {
    for (const [code, strings] of translations) {
      for (const [key, text] of textsOf(strings))
        expect(isText(text) && forms(text).every((form) => form.trim() !== ""), `${code} ${key}`).toBe(true);
    }
  });
});
