import type { VoiceTexts } from "../voice-texts.ts";

/** Portuguese. */
export default {
  callBack: "Ligue-me de volta",
  callUs: "Ligue-nos",
  phoneNumber: "Número de telefone",
  callMe: "Liguem-me",
  cancel: "Cancelar",
  invalidNumber: "Introduza o número com + e o indicativo do país.",
  countryRefused: "Só ligamos para números começados por {codes}.",
  tooMany: "Demasiados pedidos. Tente mais tarde.",
  requestFailed: "Não foi possível pedir a chamada. Tente novamente.",
  requested: "A pedir a sua chamada…",
  queued: "Vamos ligar-lhe em breve.",
  calling: "A ligar-lhe agora…",
  success: "Chamada concluída.",
  failure: "Não foi possível completar a chamada.",
  unavailable: "O estado desta chamada já não está disponível.",
  checking: "A verificar a sua chamada…",
  reserving: "A obter um número…",
  callUsOn: "Ligue-nos para o",
  until: "Reservado para si até às {time}.",
  reserveFailed: "Não há nenhum número livre agora. Tente mais tarde.",
} satisfies VoiceTexts;
