import { batch } from "@preact/signals";
import { createChatClient } from "../../index.ts";
import { clientOptions } from "./client-options.ts";
import { switchLocale } from "../locales/index.ts";
import { mountWidget } from "./mount-widget.ts";
import { changedOptions } from "./option-changes.ts";
import { resolveRelativeUrls } from "./relative-urls.ts";
import { sessionMemoryFor } from "../memory/session-memory.ts";
import { getWidgetStyleSheet } from "../styles/widget-styles.ts";
import type { ChatController, WidgetOptions } from "../widget-types.ts";

// Every other option belongs to the client: changing one means another conversation endpoint.
const liveOptions = [
  "headerTitle",
  "avatarUrl",
  "welcomeText",
  "locale",
  "strings",
  "mode",
  "position",
  "open",
  "start",
  "prefetch",
  "voice",
  "notify",
  "feedback",
  "context",
];

/**
 * Mounts the chat widget as `mountWidget` does, with a controller that also applies options live: an option
 * given with the value it already has changes nothing; a changed presentation option changes the widget in
 * place; a changed connection option, or a given `client`, replaces the client; `open` opens or closes the
 * panel whenever given. A relative `messagingUrl` or `chatUrl` is resolved against the document's URL.
 */
export function mountChat(target: HTMLElement | ShadowRoot, options: WidgetOptions): ChatController {
  return mountStyledChat(target, options, [getWidgetStyleSheet()]);
}

/**
 * {@link mountChat} with the widget's rules given as `styleSheets`, adopted in order: the script tag's app
 * passes its loader's sheet and the rest of the panel's, so it does not carry the loader's rules twice.
 */
export function mountStyledChat(
  target: HTMLElement | ShadowRoot,
  options: WidgetOptions,
  styleSheets: readonly (CSSStyleSheet | null)[],
): ChatController {
  const base = target.ownerDocument.baseURI;
  const widget = mountWidget(target, resolveRelativeUrls(options, base), styleSheets, sessionMemoryFor(options));
  const { model } = widget;
  let { client: _injected, ...settings } = resolveRelativeUrls(options, base);
  widget.freshClient = () => createChatClient(clientOptions(settings));
  const controller: ChatController = Object.assign(widget.controller, {
    setContext: (context: Record<string, unknown> | null) => controller.update({ context: context ?? undefined }),
    update(next: Partial<WidgetOptions>) {
      if (widget.destroyed) return;
      const { client: nextClient, open, ...given } = next;
      const previous = settings;
      settings = resolveRelativeUrls({ ...settings, ...given }, base);
      const changes: Partial<WidgetOptions> = changedOptions(previous, settings) ?? {};
      batch(() => {
        if ("headerTitle" in changes) model.title.value = changes.headerTitle;
        if ("avatarUrl" in changes) model.avatarUrl.value = changes.avatarUrl;
        if ("welcomeText" in changes) model.welcomeText.value = changes.welcomeText;
        if ("locale" in changes) switchLocale(model.language, changes.locale);
        if ("strings" in changes) model.strings.value = changes.strings;
        if (changes.mode) model.mode.value = changes.mode;
        if ("position" in changes) model.position.value = changes.position;
        if (changes.notify) model.notify.value = changes.notify;
        if ("feedback" in changes) model.feedback.value = Boolean(changes.feedback);
      });
      if ("context" in changes) {
        const result = widget.controller.client.setContext(changes.context);
        if (!result.accepted) {
          // The refused context must not come back with a client made from the settings later.
          settings.context = previous.context;
          console.error("cap-chat: context refused:", result.code);
        }
      }
      if (open !== undefined) model.setOpen(open);
      widget.applyOptions(settings);
      const replacement =
        nextClient ?? (Object.keys(changes).some((key) => !liveOptions.includes(key)) ? createChatClient(clientOptions(settings)) : null);
      if (replacement && replacement !== widget.controller.client) widget.replaceClient(replacement);
    },
  });
  return controller;
}
