import type { VoiceTexts } from "../voice-texts.ts";

/** Brazilian Portuguese. */
export default {
  callBack: "Quero que me liguem",
  callUs: "Ligue para nós",
  phoneNumber: "Número de telefone",
  callMe: "Liguem para mim",
  cancel: "Cancelar",
  invalidNumber: "Digite o número com + e o código do país.",
  countryRefused: "Só ligamos para números que começam com {codes}.",
  tooMany: "Muitas solicitações. Tente mais tarde.",
  requestFailed: "Não foi possível solicitar a ligação. Tente de novo.",
  requested: "Solicitando sua ligação…",
  queued: "Vamos ligar para você em breve.",
  calling: "Ligando para você agora…",
  success: "Ligação concluída.",
  failure: "A ligação não foi completada.",
  unavailable: "O status desta ligação não está mais disponível.",
  checking: "Verificando sua ligação…",
  reserving: "Obtendo um número…",
  callUsOn: "Ligue para nós no",
  until: "Reservado para você até {time}.",
  reserveFailed: "Nenhum número livre agora. Tente mais tarde.",
} satisfies VoiceTexts;
