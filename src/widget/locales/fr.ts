import type { LocaleStrings } from "./locale-strings.ts";

/** French. */
export const fr: LocaleStrings = {
  code: "fr",
  dir: "ltr",
  title: "Discussion",
  openChat: "Ouvrir la discussion",
  closeChat: "Fermer la discussion",
  minimise: "Réduire la discussion",
  endConversation: "Terminer la conversation",
  conversation: "Conversation",
  message: "Message",
  placeholder: "Écrivez un message…",
  send: "Envoyer",
  you: "Vous",
  agent: "Agent",
  sending: "Envoi…",
  failed: "Non distribué",
  retry: "Réessayer",
  newMessages: "Nouveaux messages",
  unread: (count) => `${count} ${count === 1 ? "message non lu" : "messages non lus"}`,
  thinking: (name) => `${name} réfléchit`,
  isTyping: (name) => `${name} écrit`,
  waitingForReply: "En attente d'une réponse",
  status: {
    idle: "Non connecté",
    connecting: "Connexion…",
    connected: "En ligne",
    reconnecting: "Reconnexion…",
    offline: "Hors ligne",
    fallback: "En ligne (mode simplifié)",
    ended: "Conversation terminée",
    failed: "Connexion impossible",
  },
  reconnectIn: (seconds) =>
    seconds > 0 ? `Connexion perdue. Nouvel essai dans ${seconds}\u00a0s.` : "Connexion perdue. Nouvel essai…",
  retryNow: "Réessayer maintenant",
  offlineDetail: "Vous êtes hors ligne. Vos messages partiront dès le retour de la connexion.",
  fallbackDetail: "Les mises à jour en direct sont indisponibles : les réponses peuvent tarder un peu.",
  failedDetail: "Impossible de joindre le service de discussion.",
  newConversation: "Commencer une nouvelle conversation",
  endReasons: {
    REASON_USER_END: "Vous avez terminé la conversation.",
    REASON_USER_ABANDONED: "La conversation a pris fin après une période d'inactivité.",
    REASON_NATURAL_END: "La conversation est terminée. Merci de nous avoir écrit.",
    other: "La conversation est terminée.",
  },
  handoff: {
    triggered: "Transfert vers un membre de notre équipe…",
    accepted: "Votre demande est acceptée. Nous cherchons quelqu'un pour vous aider…",
    queued: (position, duration) =>
      [
        position === undefined ? "Vous êtes dans la file d'attente." : `Vous êtes en position ${position} dans la file d'attente.`,
        duration && `Attente estimée : ${duration}.`,
      ]
        .filter(Boolean)
        .join(" "),
    liveAgentJoined: (name) => `${name} a rejoint la conversation`,
    liveAgentLeft: "Le membre de l'équipe a quitté la conversation.",
    clientRequired: "Nous vous mettons en relation avec notre service d'assistance.",
    failed: "Désolé, nous n'avons pas pu vous mettre en relation avec notre équipe. Vous pouvez continuer ici.",
    timedOut: "Personne n'était disponible à temps. Vous pouvez continuer ici.",
    over: "Votre conversation se poursuit avec notre service d'assistance.",
  },
};
