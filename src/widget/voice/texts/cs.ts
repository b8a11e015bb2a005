import type { VoiceTexts } from "../voice-texts.ts";

/** Czech. */
export default {
  callBack: "Zavolejte mi zpět",
  callUs: "Zavolejte nám",
  phoneNumber: "Telefonní číslo",
  callMe: "Zavolejte mi",
  cancel: "Zrušit",
  invalidNumber: "Zadejte číslo s + a kódem země.",
  countryRefused: "Voláme jen na čísla začínající {codes}.",
  tooMany: "Příliš mnoho požadavků. Zkuste to později.",
  requestFailed: "Hovor se nepodařilo objednat. Zkuste to znovu.",
  requested: "Objednáváme váš hovor…",
  queued: "Brzy vám zavoláme.",
  calling: "Právě vám voláme…",
  success: "Hovor skončil.",
  failure: "Hovor se nepodařilo spojit.",
  unavailable: "Stav tohoto hovoru už není k dispozici.",
  checking: "Ověřujeme váš hovor…",
  reserving: "Získáváme číslo…",
  callUsOn: "Zavolejte nám na",
  until: "Rezervováno pro vás do {time}.",
  reserveFailed: "Teď není volné žádné číslo. Zkuste to později.",
} satisfies VoiceTexts;
