/**
 * Options of a widget on a demo page. The Chat API fallback goes through the demo site's server
 * companion on the page's own origin, which adds the Chat API secrets: the page holds none. The language
 * is the one the page's switcher keeps in the address (`?lang=de`), if any.
 */
export const demoWidgetOptions = {
  messagingUrl: location.origin,
  connectorToken: "demo-connector-token",
  chatUrl: `${location.origin}/cap-chat/chat`,
  headerTitle: "Cap demo",
  locale: new URLSearchParams(location.search).get("lang") || undefined,
};
