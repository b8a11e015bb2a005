/**
 * `cap-chat/element`: importing this module registers `<cap-chat>` (the only module of the package with a
 * side effect). On a server, where there are no custom elements, importing it does nothing. The widget is
 * imported with it, so a bundler resolves everything statically; only locales other than English and the
 * Chat API fallback load on demand.
 */
import { mountChat } from "../widget/index.ts";
import { pageLocale } from "../widget/locales/index.ts";
import type { WidgetEventName, WidgetEvents } from "../widget/index.ts";
import { presentApp } from "./app-source.ts";
import { createCapChatElementClass, registerCapChatElement, type CapChatElement } from "./cap-chat-element.ts";

export { CAP_CHAT_TAG_NAME, DISCONNECT_GRACE_MILLISECONDS, type CapChatElement } from "./cap-chat-element.ts";
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

let elementClass: (new () => CapChatElement) | undefined;

/**
 * The `<cap-chat>` class, created on first call so that merely importing this module on a server (no
 * `HTMLElement`) does not throw. Throws if called where `HTMLElement` does not exist.
 */
export function getCapChatElementClass(): new () => CapChatElement {
  elementClass ??= createCapChatElementClass(presentApp({ mountChat, pageLocale }));
  return elementClass;
}

/**
 * Registers `<cap-chat>` when the page has custom elements, and returns the registered class; returns
 * undefined (and does nothing) on a server. Registering twice, or after the script tag registered it, is
 * harmless: the first registration stays.
 */
export function defineCapChatElement(): CustomElementConstructor | undefined {
  return registerCapChatElement(getCapChatElementClass);
}

defineCapChatElement();
