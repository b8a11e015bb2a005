/**
 * The voice panel's texts in every language but English, each a file of its own, and which one a locale
 * gets. Loaded with the first of them, so a page in English, or without `voice`, carries neither the list
 * nor any file.
 */
import type { VoiceTexts } from "../voice-texts.ts";

/** Each locale's file by its code, the widget's own codes; a bundler makes each a chunk of its own. */
export const voiceTextFiles: Record<string, () => Promise<{ default: VoiceTexts }>> = {
  fr: () => import("./fr.ts"),
  ar: () => import("./ar.ts"),
  es: () => import("./es.ts"),
  de: () => import("./de.ts"),
  it: () => import("./it.ts"),
  pt: () => import("./pt.ts"),
  "pt-BR": () => import("./pt-BR.ts"),
  nl: () => import("./nl.ts"),
  sv: () => import("./sv.ts"),
  da: () => import("./da.ts"),
  nb: () => import("./nb.ts"),
  fi: () => import("./fi.ts"),
  pl: () => import("./pl.ts"),
  cs: () => import("./cs.ts"),
  tr: () => import("./tr.ts"),
  ru: () => import("./ru.ts"),
  uk: () => import("./uk.ts"),
  ja: () => import("./ja.ts"),
  ko: () => import("./ko.ts"),
  "zh-Hans": () => import("./zh-Hans.ts"),
  "zh-Hant": () => import("./zh-Hant.ts"),
  hi: () => import("./hi.ts"),
  he: () => import("./he.ts"),
  id: () => import("./id.ts"),
  vi: () => import("./vi.ts"),
  th: () => import("./th.ts"),
};

/** The texts for the locale `code` (`pt-BR`, then `pt`); rejects when none fits or its file fails to load. */
export function loadTexts(code: string): Promise<VoiceTexts> {
  const load = voiceTextFiles[code] ?? voiceTextFiles[code.split("-")[0] as string];
  return load ? load().then((module) => module.default) : Promise.reject(new Error(`cap-chat: no voice texts for ${code}`));
}
