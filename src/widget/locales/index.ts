import type { Signal } from "@preact/signals";
import { en } from "./en.ts";
import { mapTexts, type LocaleStrings, type PackedTranslation } from "./locale-strings.ts";

export type { LocaleStrings } from "./locale-strings.ts";
export { en };

/**
 * The locale `translation` holds: as it is when it has its keys, or, packed as the build ships it (see
 * {@link PackedTranslation}), with its texts given the keys of English in their order.
 */
export function unpack(translation: LocaleStrings | PackedTranslation): LocaleStrings {
  let next = 0;
  return Array.isArray(translation) ? mapTexts(en, () => translation[next++]) : (translation as LocaleStrings);
}

/** The locales loaded so far, by code. */
const loaded = new Map<string, LocaleStrings>([["en", en]]);
/** The locale each tag asked for so far got, by tag; null where none matches. */
const matched = new Map<string, LocaleStrings | null>();

/** What `tag` is known to match: English at once, another once loaded; null for none; undefined while unknown. */
function known(tag: string | null | undefined): LocaleStrings | null | undefined {
  return tag ? (/^en(?:[-_]|$)/i.test(tag) ? en : matched.get(tag)) : null;
}

/**
 * The built-in locale `tag` matches (see `matchLocale` in locale-files.ts), loaded with its file the first
 * time; null when none matches. Rejects when a file fails to load.
 */
export async function loadLocale(tag: string | null | undefined): Promise<LocaleStrings | null> {
  const ready = known(tag);
  if (ready !== undefined) return ready;
  const { localeFiles, matchLocale } = await import("./locale-files.ts");
  const code = matchLocale(tag as string);
  let strings = code ? loaded.get(code) : null;
  if (strings === undefined) {
    strings = unpack((await localeFiles[code as keyof typeof localeFiles]()).default);
    loaded.set(code as string, strings);
  }
  matched.set(tag as string, strings);
  return strings;
}

/**
 * Gives `use` the locale of the first of `tags` that matches one: at once when that is known, else once
 * loaded. Nothing when none matches; the promise of the loading otherwise, which rejects when a file fails.
 */
function choose(tags: readonly (string | null | undefined)[], use: (strings: LocaleStrings) => void): Promise<void> | void {
  for (const [index, tag] of tags.entries()) {
    const found = known(tag);
    if (found) return use(found);
    if (found === undefined) return loadLocale(tag).then((strings) => (strings ? use(strings) : choose(tags.slice(index + 1), use)));
  }
}

/** The tags the page's locale is chosen from for the option `tag`: it, the browser language, English. */
const pageTags = (tag: string | null | undefined) => [tag, globalThis.navigator?.language, "en"];

/** The locale a page shows for the option `tag`: the one it matches, else the browser language's, else English. */
export function pageLocale(tag: string | undefined): Promise<LocaleStrings> {
  return new Promise((resolve, reject) => void choose(pageTags(tag), resolve)?.catch(reject));
}

let requests = 0;
/** The latest switch applied to each target. */
const applied = new WeakMap<Signal<LocaleStrings>, number>();

/**
 * Switches `target` to the locale of `tag`: the page's locale for it (see {@link pageLocale}), or with
 * `fallback` false only a locale `tag` matches (`target` stays otherwise). It switches at once when that
 * locale is known, else once its file has loaded, unless a later switch of `target` applied meanwhile. A
 * file that fails to load leaves `target` as it is.
 */
export function switchLocale(target: Signal<LocaleStrings>, tag: string | null | undefined, fallback = true): void {
  const request = ++requests;
  choose(fallback ? pageTags(tag) : [tag], (strings) => {
    if (request < (applied.get(target) ?? 0)) return;
    applied.set(target, request);
    target.value = strings;
  })?.catch(() => {});
}
