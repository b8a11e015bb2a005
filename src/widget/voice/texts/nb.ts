import type { VoiceTexts } from "../voice-texts.ts";

/** Norwegian Bokmål. */
export default {
  callBack: "Ring meg opp",
  callUs: "Ring oss",
  phoneNumber: "Telefonnummer",
  callMe: "Ring meg",
  cancel: "Avbryt",
  invalidNumber: "Skriv inn nummeret med + og landskoden.",
  countryRefused: "Vi ringer bare numre som begynner med {codes}.",
  tooMany: "For mange forespørsler. Prøv igjen senere.",
  requestFailed: "Kunne ikke bestille samtalen. Prøv igjen.",
  requested: "Bestiller samtalen din…",
  queued: "Vi ringer deg snart.",
  calling: "Vi ringer deg nå…",
  success: "Samtalen er fullført.",
  failure: "Samtalen gikk ikke gjennom.",
  unavailable: "Statusen for denne samtalen er ikke lenger tilgjengelig.",
  checking: "Sjekker samtalen din…",
  reserving: "Henter et nummer…",
  callUsOn: "Ring oss på",
  until: "Reservert for deg til {time}.",
  reserveFailed: "Ingen ledige numre akkurat nå. Prøv igjen senere.",
} satisfies VoiceTexts;
