/**
 * The app the script tag's loader imports when the widget is needed, built as a content-hashed ES module
 * next to `cap-chat.js`: Preact, the widget and the client. Evaluating it has no side effect and contacts
 * nothing, so the loader may fetch it ahead of need.
 */
export { mountChat } from "../widget/chat-controller.ts";
export { loadLocale, preferredLocaleCode } from "../widget/locales/index.ts";
