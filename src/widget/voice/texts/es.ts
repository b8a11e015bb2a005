import type { VoiceTexts } from "../voice-texts.ts";

/** Spanish. */
export default {
  callBack: "Que me llamen",
  callUs: "Llámenos",
  phoneNumber: "Número de teléfono",
  callMe: "Llámenme",
  cancel: "Cancelar",
  invalidNumber: "Introduzca el número completo, con + y el prefijo del país.",
  countryRefused: "Solo llamamos a números que empiezan por {codes}.",
  tooMany: "Demasiadas solicitudes. Inténtelo más tarde.",
  requestFailed: "No se pudo solicitar la llamada. Inténtelo de nuevo.",
  requested: "Solicitando su llamada…",
  queued: "Le llamaremos en breve.",
  calling: "Le estamos llamando…",
  success: "Llamada completada.",
  failure: "La llamada no se pudo realizar.",
  unavailable: "El estado de esta llamada ya no está disponible.",
  checking: "Comprobando su llamada…",
  reserving: "Buscando un número…",
  callUsOn: "Llámenos al",
  until: "Reservado para usted hasta las {time}.",
  reserveFailed: "No hay ningún número libre ahora. Inténtelo más tarde.",
} satisfies VoiceTexts;
