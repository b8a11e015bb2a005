/**
 * The built-in locales other than English, and which one a language tag gets. This module is a file of its
 * own, loaded with the first locale a page needs, so a page in English carries neither the list nor the
 * matching; each locale is a file of its own again, loaded when first needed.
 */
import type { LocaleStrings, PackedTranslation } from "./locale-strings.ts";

/** A locale's module: its texts with their keys in the sources, packed in the build (see {@link PackedTranslation}). */
type TranslationModule = Promise<{ default: LocaleStrings | PackedTranslation }>;

/** Each locale's file by its code; a bundler makes each a chunk of its own. */
export const localeFiles = {
  fr: () => import("./translations/fr.ts"),
  ar: () => import("./translations/ar.ts"),
  es: () => import("./translations/es.ts"),
  de: () => import("./translations/de.ts"),
  it: () => import("./translations/it.ts"),
  pt: () => import("./translations/pt.ts"),
  "pt-BR": () => import("./translations/pt-BR.ts"),
  nl: () => import("./translations/nl.ts"),
  sv: () => import("./translations/sv.ts"),
  da: () => import("./translations/da.ts"),
  nb: () => import("./translations/nb.ts"),
  fi: () => import("./translations/fi.ts"),
  pl: () => import("./translations/pl.ts"),
  cs: () => import("./translations/cs.ts"),
  tr: () => import("./translations/tr.ts"),
  ru: () => import("./translations/ru.ts"),
  uk: () => import("./translations/uk.ts"),
  ja: () => import("./translations/ja.ts"),
  ko: () => import("./translations/ko.ts"),
  "zh-Hans": () => import("./translations/zh-Hans.ts"),
  "zh-Hant": () => import("./translations/zh-Hant.ts"),
  hi: () => import("./translations/hi.ts"),
  he: () => import("./translations/he.ts"),
  id: () => import("./translations/id.ts"),
  vi: () => import("./translations/vi.ts"),
  th: () => import("./translations/th.ts"),
} satisfies Record<string, () => TranslationModule>;

/** The code of a built-in locale: English or one of {@link localeFiles}. */
export type LocaleCode = "en" | keyof typeof localeFiles;

/** Languages written under another code than their locale's: Norwegian and Nynorsk read Bokmål. */
const sameLanguage: Readonly<Record<string, string>> = { no: "nb", nn: "nb" };

/**
 * The built-in locale for a BCP 47 tag (any letter case, `_` for `-`), or undefined when none fits. It tries
 * the language with the tag's region (`pt-BR`), then with its script, written or usual for the region
 * (`zh-Hant`, `zh-TW` → `zh-Hant`, `zh-SG` → `zh-Hans`), then the language alone (`pt-PT` → `pt`,
 * `fr-CA` → `fr`). Deprecated codes read as their successors (`iw` → `he`, `in` → `id`).
 */
export function matchLocale(tag: string): LocaleCode | undefined {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag.replace(/_/g, "-"));
  } catch {
    return undefined;
  }
  const language = sameLanguage[locale.language] ?? locale.language;
  const candidates = [`${language}-${locale.region}`, `${language}-${locale.script ?? locale.maximize().script}`, language];
  return candidates.find((code): code is LocaleCode => code === "en" || Object.hasOwn(localeFiles, code));
}
