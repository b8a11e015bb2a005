/**
 * The voice panel's texts in every locale but English, each a file of its own, and which one a locale
 * gets. Loaded with the first of them, so a page in English carries neither the list nor any file.
 */
import { voiceTexts, type VoiceTexts } from "../voice-texts.ts";

/** Each locale's file by its code; a bundler makes each a chunk of its own. */
const files: Record<string, () => Promise<{ default: VoiceTexts }>> = {
  fr: () => import("./fr.ts"),
  ar: () => import("./ar.ts"),
};

/** The texts for the locale `code` (`pt-BR`, then `pt`), English when none fits or its file fails to load. */
export function loadTexts(code: string): Promise<VoiceTexts> {
  const load = files[code] ?? files[code.split("-")[0] as string];
  return load
    ? load().then(
        (module) => module.default,
        () => voiceTexts,
      )
    : Promise.resolve(voiceTexts);
}
