import type { Signal } from "@preact/signals";
import { en } from "./en.ts";
import type { LocaleStrings, Translation } from "./locale-strings.ts";

export type { LocaleStrings } from "./locale-strings.ts";
export { en };

/** The locale whose texts are `translation`, taken one by one for the entries of English in their order. */
export function translate(translation: Translation): LocaleStrings {
  let next = 0;
  const walk = (reference: object): object =>
    Object.fromEntries(
      Object.entries(reference).map(([name, value]) => [name, typeof value === "string" ? translation[next++] : walk(value)]),
    );
  return walk(en) as LocaleStrings;
}

/**
 * Every locale but English is a file of its own, loaded when a page first needs it, so a page pays only
 * for the language it shows. Bundlers and the script tag's build make each a separate chunk.
 */
const localeFiles: Record<string, () => Promise<LocaleStrings>> = {
  fr: () => import("./fr.ts").then((module) => translate(module.fr)),
  ar: () => import("./ar.ts").then((module) => translate(module.ar)),
};

const loaded = new Map<string, LocaleStrings>([["en", en]]);

/** The lower-case primary subtag of `code` when a locale exists for it (`fr-CA` → `fr`). */
function supportedCode(code: string | null | undefined): string | undefined {
  const primary = code?.split(/[-_]/)[0]?.toLowerCase();
  return primary && (primary === "en" || Object.hasOwn(localeFiles, primary)) ? primary : undefined;
}

/** The locale for a BCP 47 code, matched by primary subtag, if it is loaded; undefined otherwise. */
export function findLocale(code: string | null | undefined): LocaleStrings | undefined {
  const supported = supportedCode(code);
  return supported ? loaded.get(supported) : undefined;
}

/** The locale code to show: the option's if a locale matches it, else the browser language's, else `en`. */
export function preferredLocaleCode(code: string | undefined): string {
  return supportedCode(code) ?? supportedCode(globalThis.navigator?.language) ?? "en";
}

/** The preferred locale (see {@link preferredLocaleCode}) if it is loaded, else English. */
export function resolveLocale(code: string | undefined): LocaleStrings {
  return loaded.get(preferredLocaleCode(code)) ?? en;
}

/** Loads the locale matching `code`; resolves to undefined when none matches. Rejects if its file fails to load. */
export async function loadLocale(code: string | null | undefined): Promise<LocaleStrings | undefined> {
  const supported = supportedCode(code);
  if (!supported) return undefined;
  const ready = loaded.get(supported);
  if (ready) return ready;
  const strings = await (localeFiles[supported] as () => Promise<LocaleStrings>)();
  loaded.set(supported, strings);
  return strings;
}

const latestRequest = new WeakMap<Signal<LocaleStrings>, string>();

/**
 * Switches `target` to the locale matching `code`: at once when it is loaded, else once its file has
 * loaded, unless another switch of `target` came meanwhile (the latest wins). An unknown code, or a file
 * that fails to load, leaves `target` as it is.
 */
export function switchLocale(target: Signal<LocaleStrings>, code: string | null | undefined): void {
  const supported = supportedCode(code);
  if (!supported) return;
  latestRequest.set(target, supported);
  const ready = loaded.get(supported);
  if (ready) {
    target.value = ready;
    return;
  }
  loadLocale(supported).then(
    (strings) => {
      if (strings && latestRequest.get(target) === supported) target.value = strings;
    },
    () => {},
  );
}
