import type { VoiceTexts } from "../voice-texts.ts";

/** Italian. */
export default {
  callBack: "Richiamatemi",
  callUs: "Chiamaci",
  phoneNumber: "Numero di telefono",
  callMe: "Chiamatemi",
  cancel: "Annulla",
  invalidNumber: "Inserisci il numero con + e il prefisso internazionale.",
  countryRefused: "Chiamiamo solo numeri che iniziano con {codes}.",
  tooMany: "Troppe richieste. Riprova più tardi.",
  requestFailed: "Impossibile richiedere la chiamata. Riprova.",
  requested: "Richiesta della chiamata in corso…",
  queued: "Ti chiameremo a breve.",
  calling: "Ti stiamo chiamando…",
  success: "Chiamata completata.",
  failure: "La chiamata non è andata a buon fine.",
  unavailable: "Lo stato di questa chiamata non è più disponibile.",
  checking: "Verifica della chiamata in corso…",
  reserving: "Ricerca di un numero…",
  callUsOn: "Chiamaci al",
  until: "Riservato a te fino alle {time}.",
  reserveFailed: "Nessun numero disponibile ora. Riprova più tardi.",
} satisfies VoiceTexts;
