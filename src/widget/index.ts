/**
 * The chat widget: `mountChat(target, options)` renders the Preact widget into a shadow root and returns its
 * controller. The stylesheet is exported so a custom element can adopt the same sheet.
 */
export { mountChat } from "./setup/chat-controller.ts";
export { adoptWidgetStyles, getWidgetStyleSheet, widgetStyles } from "./styles/widget-styles.ts";
export type {
  BasicChatController,
  CallEvent,
  ChatController,
  WidgetEventHandler,
  WidgetEventName,
  WidgetEvents,
  WidgetMode,
  WidgetOptions,
  NotifyMode,
} from "./widget-types.ts";
export type { PluralText } from "./locales/locale-strings.ts";
export type { TextKey, TextOverrides } from "./locales/text-overrides.ts";
