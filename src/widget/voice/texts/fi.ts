import type { VoiceTexts } from "../voice-texts.ts";

/** Finnish. */
export default {
  callBack: "Soittakaa minulle",
  callUs: "Soita meille",
  phoneNumber: "Puhelinnumero",
  callMe: "Soittakaa minulle nyt",
  cancel: "Peruuta",
  invalidNumber: "Anna numero +-merkin ja maatunnuksen kanssa.",
  countryRefused: "Soitamme vain numeroihin, jotka alkavat {codes}.",
  tooMany: "Liian monta pyyntöä. Yritä myöhemmin uudelleen.",
  requestFailed: "Puhelua ei voitu tilata. Yritä uudelleen.",
  requested: "Puhelua tilataan…",
  queued: "Soitamme sinulle pian.",
  calling: "Soitamme sinulle nyt…",
  success: "Puhelu päättyi.",
  failure: "Puhelu ei mennyt läpi.",
  unavailable: "Tämän puhelun tila ei ole enää saatavilla.",
  checking: "Tarkistetaan puheluasi…",
  reserving: "Haetaan numeroa…",
  callUsOn: "Soita meille numeroon",
  until: "Varattu sinulle klo {time} asti.",
  reserveFailed: "Vapaita numeroita ei nyt ole. Yritä myöhemmin uudelleen.",
} satisfies VoiceTexts;
