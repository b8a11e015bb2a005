import type { VoiceTexts } from "../voice-texts.ts";

/** Polish. */
export default {
  callBack: "Zadzwońcie do mnie",
  callUs: "Zadzwoń do nas",
  phoneNumber: "Numer telefonu",
  callMe: "Zadzwońcie",
  cancel: "Anuluj",
  invalidNumber: "Wpisz numer z + i kodem kraju.",
  countryRefused: "Dzwonimy tylko na numery zaczynające się od {codes}.",
  tooMany: "Zbyt wiele próśb. Spróbuj później.",
  requestFailed: "Nie udało się zamówić połączenia. Spróbuj ponownie.",
  requested: "Zamawianie połączenia…",
  queued: "Wkrótce do Ciebie zadzwonimy.",
  calling: "Dzwonimy do Ciebie…",
  success: "Połączenie zakończone.",
  failure: "Połączenie nie doszło do skutku.",
  unavailable: "Stan tego połączenia nie jest już dostępny.",
  checking: "Sprawdzanie połączenia…",
  reserving: "Pobieranie numeru…",
  callUsOn: "Zadzwoń do nas pod numer",
  until: "Zarezerwowany dla Ciebie do {time}.",
  reserveFailed: "Brak wolnych numerów. Spróbuj później.",
} satisfies VoiceTexts;
