import type { VoiceTexts } from "../voice-texts.ts";

/** Swedish. */
export default {
  callBack: "Ring upp mig",
  callUs: "Ring oss",
  phoneNumber: "Telefonnummer",
  callMe: "Ring mig",
  cancel: "Avbryt",
  invalidNumber: "Ange numret med + och landsnumret.",
  countryRefused: "Vi ringer bara nummer som börjar med {codes}.",
  tooMany: "För många förfrågningar. Försök senare.",
  requestFailed: "Samtalet kunde inte beställas. Försök igen.",
  requested: "Beställer ditt samtal…",
  queued: "Vi ringer dig snart.",
  calling: "Vi ringer dig nu…",
  success: "Samtalet är avslutat.",
  failure: "Samtalet gick inte fram.",
  unavailable: "Samtalets status är inte längre tillgänglig.",
  checking: "Kontrollerar ditt samtal…",
  reserving: "Hämtar ett nummer…",
  callUsOn: "Ring oss på",
  until: "Reserverat för dig till {time}.",
  reserveFailed: "Inget nummer är ledigt just nu. Försök senare.",
} satisfies VoiceTexts;
