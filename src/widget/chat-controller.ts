import { batch } from "@preact/signals";
import { createChatClient } from "../index.ts";
import { clientOptions } from "./client-options.ts";
import { switchLocale } from "./locales/index.ts";
import { mountWidget } from "./mount-widget.ts";
import { changedOptions } from "./option-changes.ts";
import { sessionMemoryFor, type SessionMemory } from "./session-memory.ts";
import { getWidgetStyleSheet } from "./styles.ts";
import type { ChatController, WidgetOptions } from "./widget-types.ts";

// Every other option belongs to the client: changing one means another conversation endpoint.
const liveOptions = [
  "headerTitle",
  "avatarUrl",
  "welcomeText",
  "locale",
  "strings",
  "mode",
  "open",
  "start",
  "prefetch",
  "voice",
  "notify",
  "feedback",
  "context",
];

/**
 * Mounts the chat widget as `mountWidget` does, with a controller that also applies options live: a
 * presentation option changes the widget in place; a changed connection option, or a given `client`,
 * replaces the client.
 */
export function mountChat(target: HTMLElement | ShadowRoot, options: WidgetOptions): ChatController {
  return mountStyledChat(target, options, [getWidgetStyleSheet()], sessionMemoryFor(options));
}

/**
 * {@link mountChat} with the widget's rules given as `styleSheets`, adopted in order, and the tab's `memory`
 * for the widget: the script tag's app passes its loader's launcher sheet and the panel's, and the memory
 * the loader reads, so it carries neither the launcher's rules nor the code that reads the memory twice.
 */
export function mountStyledChat(
  target: HTMLElement | ShadowRoot,
  options: WidgetOptions,
  styleSheets: readonly (CSSStyleSheet | null)[],
  memory: SessionMemory,
): ChatController {
  const widget = mountWidget(target, options, styleSheets, memory);
  const { model } = widget;
  let { client: _injected, ...settings } = options;
  widget.freshClient = () => createChatClient(clientOptions(settings));
  const controller: ChatController = Object.assign(widget.controller, {
    setContext: (context: Record<string, unknown> | null) => controller.update({ context: context ?? undefined }),
    update(next: Partial<WidgetOptions>) {
      if (widget.destroyed) return;
      const { client: nextClient, ...changes } = next;
      const previous = settings;
      settings = { ...settings, ...changes };
      batch(() => {
        if ("headerTitle" in changes) model.title.value = changes.headerTitle;
        if ("avatarUrl" in changes) model.avatarUrl.value = changes.avatarUrl;
        if ("welcomeText" in changes) model.welcomeText.value = changes.welcomeText;
        if ("locale" in changes) switchLocale(model.language, changes.locale);
        if ("strings" in changes) model.strings.value = changes.strings;
        if (changes.mode) model.mode.value = changes.mode;
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
      if (changes.open !== undefined) model.setOpen(changes.open);
      widget.applyOptions(settings);
      const replacement =
        nextClient ??
        (Object.keys(changedOptions(previous, settings) ?? {}).some((key) => !liveOptions.includes(key))
          ? createChatClient(clientOptions(settings))
          : null);
      if (replacement && replacement !== widget.controller.client) widget.replaceClient(replacement);
    },
  });
  return controller;
}
