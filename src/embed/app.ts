/**
 * The app the script tag's loader imports when the widget is needed, built as a content-hashed ES module
 * next to `cap-chat.js`: Preact, the widget and the client. Evaluating it has no side effect and contacts
 * nothing, so the loader may fetch it ahead of need.
 */
import { mountStyledChat } from "../widget/setup/chat-controller.ts";
import { getPanelStyleSheet } from "../widget/styles/widget-styles.ts";
import type { ChatController, WidgetOptions } from "../widget/widget-types.ts";

export { pageLocale } from "../widget/locales/index.ts";
// The build makes the app's imports of its sibling files go through this, with each sibling's hash.
export { importVerified } from "./app-source.ts";
// The companion's calls, which the voice and feedback files share, stay in the app rather than in a third file.
export { callCompanion } from "../widget/companion/companion-calls.ts";
export { conversationIdentity } from "../widget/companion/conversation-identity.ts";

/**
 * Mounts the widget into `target` with the loader's stylesheet (the launcher's and the panel frame's rules)
 * followed by the rest of the panel's: those rules come once, in the loader, rather than in both files.
 */
export function mountChat(target: ShadowRoot, options: WidgetOptions, launcherSheet: CSSStyleSheet | null): ChatController {
  return mountStyledChat(target, options, [launcherSheet, getPanelStyleSheet()]);
}
