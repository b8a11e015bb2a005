import type { VoiceTexts } from "../voice-texts.ts";

/** Dutch. */
export default {
  callBack: "Bel mij terug",
  callUs: "Bel ons",
  phoneNumber: "Telefoonnummer",
  callMe: "Bel mij",
  cancel: "Annuleren",
  invalidNumber: "Voer het nummer in met + en de landcode.",
  countryRefused: "We bellen alleen nummers die beginnen met {codes}.",
  tooMany: "Te veel verzoeken. Probeer het later opnieuw.",
  requestFailed: "Het gesprek kon niet worden aangevraagd. Probeer het opnieuw.",
  requested: "Uw gesprek wordt aangevraagd…",
  queued: "We bellen u zo.",
  calling: "We bellen u nu…",
  success: "Gesprek voltooid.",
  failure: "Het gesprek is niet tot stand gekomen.",
  unavailable: "De status van dit gesprek is niet meer beschikbaar.",
  checking: "Uw gesprek wordt gecontroleerd…",
  reserving: "Een nummer wordt opgehaald…",
  callUsOn: "Bel ons op",
  until: "Voor u gereserveerd tot {time}.",
  reserveFailed: "Er is nu geen nummer vrij. Probeer het later opnieuw.",
} satisfies VoiceTexts;
