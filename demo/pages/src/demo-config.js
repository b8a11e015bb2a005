/**
 * What the demo apps share. The Chat API secrets are the reference server's demo values, given to the
 * widget only so that the demo can show the fallback; a real site's own proxy adds them instead.
 */
export const demoChatHeaders = { "X-API-KEY": "demo-api-key", "X-TOKEN": "demo-chat-token" };

/** Options of a widget on a demo page served by the reference server itself. */
export const demoWidgetOptions = {
  messagingUrl: location.origin,
  connectorToken: "demo-connector-token",
  chatUrl: `${location.origin}/v1/demo-account/demo-project/chat`,
  chatHeaders: demoChatHeaders,
  headerTitle: "Cap demo",
};
