/**
 * `cap-chat/element`: importing this module registers `<cap-chat>` (the only module of the package with a
 * side effect). On a server, where there are no custom elements, importing it does nothing.
 */
import { defineCapChatElement, type CapChatElement } from "./cap-chat-element.ts";
import type { WidgetEventName, WidgetEvents } from "../widget/index.ts";

export {
  CAP_CHAT_TAG_NAME,
  DISCONNECT_GRACE_MILLISECONDS,
  defineCapChatElement,
  getCapChatElementClass,
  type CapChatElement,
} from "./cap-chat-element.ts";
export { WIDGET_EVENT_NAMES, type WidgetEventName } from "./event-names.ts";
export { OPTION_ATTRIBUTES, optionsFromAttributes, type OptionAttribute } from "./options-from-attributes.ts";

/** The element's events: each carries the widget event's detail. */
export type CapChatEventMap = { [Name in WidgetEventName]: CustomEvent<WidgetEvents[Name]> };

declare global {
  interface HTMLElementTagNameMap {
    "cap-chat": CapChatElement;
  }
  interface HTMLElementEventMap extends CapChatEventMap {}
}

defineCapChatElement();
