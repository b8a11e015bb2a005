import type { VoiceTexts } from "../voice-texts.ts";

/** Danish. */
export default {
  callBack: "Ring mig op",
  callUs: "Ring til os",
  phoneNumber: "Telefonnummer",
  callMe: "Ring til mig",
  cancel: "Annuller",
  invalidNumber: "Indtast nummeret med + og landekoden.",
  countryRefused: "Vi ringer kun til numre, der begynder med {codes}.",
  tooMany: "For mange anmodninger. Prøv igen senere.",
  requestFailed: "Opkaldet kunne ikke bestilles. Prøv igen.",
  requested: "Bestiller dit opkald…",
  queued: "Vi ringer til dig snart.",
  calling: "Vi ringer til dig nu…",
  success: "Opkaldet er afsluttet.",
  failure: "Opkaldet gik ikke igennem.",
  unavailable: "Opkaldets status er ikke længere tilgængelig.",
  checking: "Tjekker dit opkald…",
  reserving: "Henter et nummer…",
  callUsOn: "Ring til os på",
  until: "Reserveret til dig indtil {time}.",
  reserveFailed: "Der er ikke noget ledigt nummer lige nu. Prøv igen senere.",
} satisfies VoiceTexts;
