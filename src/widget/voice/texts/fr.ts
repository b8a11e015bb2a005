import type { VoiceTexts } from "../voice-texts.ts";

/** French. */
export default {
  callBack: "Me faire rappeler",
  callUs: "Nous appeler",
  phoneNumber: "Numéro de téléphone",
  callMe: "Appelez-moi",
  cancel: "Annuler",
  invalidNumber: "Saisissez le numéro complet, avec + et l'indicatif du pays.",
  countryRefused: "Nous ne pouvons appeler que les numéros commençant par {codes}.",
  tooMany: "Trop de demandes. Veuillez réessayer plus tard.",
  requestFailed: "L'appel n'a pas pu être demandé. Veuillez réessayer.",
  requested: "Demande de votre appel…",
  queued: "Nous vous appelons sous peu.",
  calling: "Appel en cours…",
  success: "Appel terminé.",
  failure: "L'appel n'a pas abouti.",
  unavailable: "L'état de cet appel n'est plus disponible.",
  checking: "Vérification de votre appel…",
  reserving: "Recherche d'un numéro…",
  callUsOn: "Appelez-nous au",
  until: "Réservé pour vous jusqu'à {time}.",
  reserveFailed: "Aucun numéro n'est disponible pour le moment. Veuillez réessayer plus tard.",
} satisfies VoiceTexts;
