/**
 * The voice panel's texts. English is here; every other locale is a file of its own, loaded when a page
 * with `voice` shows that language, so a page without `voice` carries none of them.
 */
export const voiceTexts = {
  callBack: "Call me back",
  callUs: "Call us",
  phoneNumber: "Phone number",
  callMe: "Call me",
  cancel: "Cancel",
  invalidNumber: "Enter the number with + and the country code.",
  countryRefused: "We only call numbers starting with {codes}.",
  tooMany: "Too many requests. Try later.",
  requestFailed: "Could not request the call. Try again.",
  requested: "Requesting your call…",
  queued: "We will call you shortly.",
  calling: "Calling you now…",
  success: "Call completed.",
  failure: "The call did not go through.",
  unavailable: "This call's status has expired.",
  checking: "Checking on your call…",
  reserving: "Getting a number…",
  callUsOn: "Call us on",
  until: "Yours until {time}.",
  reserveFailed: "No number is free now. Try later.",
};

/** The voice panel's texts in one language. */
export type VoiceTexts = typeof voiceTexts;

/**
 * The texts for the locale `code` (`pt-BR`, then `pt`), English when none fits or its file fails to load.
 * The list of the other locales' files is loaded with the first of them, so a page in English carries
 * neither.
 */
export function loadVoiceTexts(code: string): Promise<VoiceTexts> {
  return code === "en"
    ? Promise.resolve(voiceTexts)
    : import("./texts/locales.ts").then(
        (files) => files.loadTexts(code),
        () => voiceTexts,
      );
}
