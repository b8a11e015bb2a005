/**
 * Options of a widget on a demo page. Everything secret goes through the demo site's server companion on
 * the page's own origin (access tokens, the Chat API fallback, calls and reserved numbers): the page
 * names it once and holds no secret. The language is the one the page's switcher keeps in the address
 * (`?lang=de`), if any.
 */
export const demoWidgetOptions = {
  messagingUrl: location.origin,
  companionUrl: "/cap-chat",
  voice: "callback dni",
  headerTitle: "Cap demo",
  avatarUrl: `${location.origin}/avatars/agent.svg`,
  locale: new URLSearchParams(location.search).get("lang") || undefined,
};
