import { en } from "./en.ts";
import { isText, mapTexts, type LocaleStrings, type PluralText } from "./locale-strings.ts";

type KeysOf<Group, Prefix extends string> = {
  [Key in keyof Group & string]: Group[Key] extends string | PluralText ? `${Prefix}${Key}` : KeysOf<Group[Key], `${Prefix}${Key}.`>;
}[keyof Group & string];

/**
 * The key of one text of the widget: its path in en.ts, with dots between the names (`send`,
 * `status.connected`, `notices.server-busy`). docs/texts.md lists them all.
 */
export type TextKey = Exclude<KeysOf<LocaleStrings, "">, "code" | "dir">;

/**
 * The `strings` option: texts that replace the widget's own, by locale code and then by {@link TextKey}. A
 * plural text takes its forms (`{ one, other }`) or one text for every count.
 */
export type TextOverrides = Readonly<Record<string, Readonly<Partial<Record<TextKey, string | PluralText>>>>>;

/** An override as a plural: one text given stands for every count; undefined when it is no text at all. */
const asPlural = (text: unknown) => (typeof text === "string" ? { other: text } : isText(text) ? text : undefined);

/** The overrides already checked, so each is warned about once, however often the language changes. */
const checked = new WeakSet<TextOverrides>();

/**
 * `strings` with the texts `overrides` gives its locale: those under its language's code, then (winning)
 * those under its own (`pt`, then `pt-BR`). The first time it sees `overrides`, it warns on the console
 * about each key that names no text of the widget (see {@link TextKey}) or holds no text.
 */
export function overrideTexts(strings: LocaleStrings, overrides: TextOverrides | undefined): LocaleStrings {
  if (!overrides) return strings;
  const keys = new Set<string>();
  mapTexts(en, (key) => keys.add(key));
  keys.delete("code");
  keys.delete("dir");
  if (!checked.has(overrides)) {
    checked.add(overrides);
    for (const [tag, given] of Object.entries(overrides)) {
      for (const [key, text] of Object.entries(given ?? {})) {
        if (!keys.has(key) || !asPlural(text)) console.warn(`cap-chat: strings.${tag}.${key} is not a text of the widget`);
      }
    }
  }
  const own: Record<string, unknown> = { ...overrides[strings.code.split("-")[0] as string], ...overrides[strings.code] };
  return mapTexts(strings, (key, text) => {
    const given = keys.has(key) && asPlural(own[key]);
    return !given ? text : typeof text === "string" ? (given as PluralText).other : given;
  });
}
