/**
 * The voice panel's texts in one language, by key. Every language, English included, is a file of its own
 * in texts/, loaded when a page with `voice` shows that language (or falls back to English), so a page
 * without `voice` carries none of them and a page in another language carries no English.
 */
export interface VoiceTexts {
  callBack: string;
  callUs: string;
  phoneNumber: string;
  callMe: string;
  cancel: string;
  invalidNumber: string;
  countryRefused: string;
  tooMany: string;
  requestFailed: string;
  requested: string;
  queued: string;
  calling: string;
  success: string;
  failure: string;
  unavailable: string;
  checking: string;
  reserving: string;
  callUsOn: string;
  until: string;
  reserveFailed: string;
}

/**
 * The texts for the widget's locale `code` (`pt-BR`, then `pt`), English when none fits or its file fails
 * to load. English is loaded at once; the list of the other languages' files with the first of them, so a
 * page in English loads neither. Rejects only when English cannot be loaded.
 */
export function loadVoiceTexts(code: string): Promise<VoiceTexts> {
  const english = () => import("./texts/en.ts").then((module) => module.default);
  return code === "en" ? english() : import("./texts/locales.ts").then((files) => files.loadTexts(code)).catch(english);
}
