import { ar } from "./ar.ts";
import { en } from "./en.ts";
import { fr } from "./fr.ts";
import type { LocaleStrings } from "./locale-strings.ts";

export type { LocaleStrings } from "./locale-strings.ts";
export { en };

const locales: Record<string, LocaleStrings> = { en, fr, ar };

/** The locale for a BCP 47 code, matched by primary subtag (`fr-CA` → French); undefined when none exists. */
export function findLocale(code: string | null | undefined): LocaleStrings | undefined {
  const primary = code?.split(/[-_]/)[0]?.toLowerCase();
  return primary && Object.hasOwn(locales, primary) ? locales[primary] : undefined;
}

/** The option's locale if one matches, else the browser language's, else English. */
export function resolveLocale(code: string | undefined): LocaleStrings {
  return findLocale(code) ?? findLocale(globalThis.navigator?.language) ?? en;
}
