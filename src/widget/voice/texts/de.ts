import type { VoiceTexts } from "../voice-texts.ts";

/** German. */
export default {
  callBack: "Rückruf anfordern",
  callUs: "Rufen Sie uns an",
  phoneNumber: "Telefonnummer",
  callMe: "Rufen Sie mich an",
  cancel: "Abbrechen",
  invalidNumber: "Geben Sie die Nummer mit + und Ländervorwahl ein.",
  countryRefused: "Wir rufen nur Nummern an, die mit {codes} beginnen.",
  tooMany: "Zu viele Anfragen. Bitte später erneut versuchen.",
  requestFailed: "Der Anruf konnte nicht angefordert werden. Bitte erneut versuchen.",
  requested: "Ihr Anruf wird angefordert…",
  queued: "Wir rufen Sie in Kürze an.",
  calling: "Wir rufen Sie jetzt an…",
  success: "Anruf beendet.",
  failure: "Der Anruf kam nicht zustande.",
  unavailable: "Der Status dieses Anrufs ist nicht mehr verfügbar.",
  checking: "Ihr Anruf wird geprüft…",
  reserving: "Nummer wird bereitgestellt…",
  callUsOn: "Rufen Sie uns an unter",
  until: "Für Sie reserviert bis {time}.",
  reserveFailed: "Gerade ist keine Nummer frei. Bitte später erneut versuchen.",
} satisfies VoiceTexts;
