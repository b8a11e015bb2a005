import { batch } from "@preact/signals";
import { h, render } from "preact";
import { createChatClient } from "../index.ts";
import type { ChatClient, ChatClientOptions } from "../transport/chat-client-types.ts";
import { ChatApp } from "./components/chat-app.tsx";
import { resolveLocale } from "./locales/index.ts";
import { createChatModel } from "./model/chat-model.ts";
import { adoptWidgetStyles } from "./styles.ts";
import { followVisualViewport } from "./viewport-follower.ts";
import type { ChatController, WidgetEventHandler, WidgetEventName, WidgetEvents, WidgetOptions } from "./widget-types.ts";

// Changing any of these means another conversation endpoint, so the client is replaced.
const connectionOptions: readonly (keyof ChatClientOptions)[] = [
  "messagingUrl",
  "connectorToken",
  "host",
  "streaming",
  "transport",
  "chatUrl",
  "chatHeaders",
  "variantId",
  "integrationAttributes",
  "persist",
  "platform",
  "environment",
];

// Client events the controller re-emits under the design.md names.
const forwardedEvents = ["message", "state", "handoff", "handoff-required", "end", "error"] as const;

function sameOption(key: keyof ChatClientOptions, before: unknown, after: unknown): boolean {
  return before === after || (key !== "environment" && typeof after === "object" && JSON.stringify(before) === JSON.stringify(after));
}

function isShadowRoot(target: HTMLElement | ShadowRoot): target is ShadowRoot {
  return target.nodeType === 11;
}

/**
 * Mounts the chat widget. Given an element, appends a host `<div>` to it with an open shadow root, which
 * keeps page CSS out; given a shadow root (the custom element's own), renders into it. Styles are adopted
 * as a constructable stylesheet. The client (created from `options`, or `options.client`) is started at
 * once and owned by the widget: `destroy()` destroys it. `cap-chat:ready` is emitted in a microtask, so a
 * handler added right after mounting receives it.
 */
export function mountChat(target: HTMLElement | ShadowRoot, options: WidgetOptions): ChatController {
  const { client: injected, ...initial } = options;
  let settings: Omit<WidgetOptions, "client"> = initial;
  let ownHost: HTMLElement | null = null;
  let root: ShadowRoot;
  if (isShadowRoot(target)) root = target;
  else {
    ownHost = target.ownerDocument.createElement("div");
    target.appendChild(ownHost);
    root = ownHost.attachShadow({ mode: "open" });
  }
  const handlers = new Map<WidgetEventName, Set<(detail: never) => void>>();
  const emit = <Name extends WidgetEventName>(name: Name, detail: WidgetEvents[Name]) => {
    for (const handler of [...(handlers.get(name) ?? [])]) {
      try {
        (handler as WidgetEventHandler<Name>)(detail);
      } catch (error) {
        // A failing page handler must not break the widget or the other handlers; it still surfaces.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  let client = injected ?? createChatClient(initial);
  const model = createChatModel(client, {
    open: Boolean(initial.open),
    mode: initial.mode ?? "floating",
    locale: resolveLocale(initial.locale),
    title: initial.headerTitle,
    onOpenChange: (open) => emit(open ? "cap-chat:open" : "cap-chat:close", undefined),
  });
  const forward = (source: ChatClient) => {
    const removers = forwardedEvents.map((name) =>
      source.on(name, (detail: unknown) => emit(`cap-chat:${name}`, detail as WidgetEvents[`cap-chat:${typeof name}`])),
    );
    return () => removers.forEach((remove) => remove());
  };
  const ready = () => {
    const announced = client;
    queueMicrotask(() => {
      if (announced === client && !destroyed) emit("cap-chat:ready", { client: announced });
    });
  };
  let stopForwarding = forward(client);
  let destroyed = false;
  adoptWidgetStyles(root);
  render(h(ChatApp, { model }), root);
  const stopFollowing = followVisualViewport(ownHost ?? (root.host as HTMLElement));
  client.start();
  ready();

  const replaceClient = (next: ChatClient) => {
    stopForwarding();
    client.destroy();
    client = next;
    model.attach(next);
    stopForwarding = forward(next);
    next.start();
    ready();
  };

  return {
    get client() {
      return client;
    },
    open: () => model.setOpen(true),
    close: () => model.setOpen(false),
    toggle: () => model.setOpen(!model.open.value),
    send: (text) => client.send(text),
    end: () => client.end(),
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    off(name, handler) {
      handlers.get(name)?.delete(handler);
    },
    update(next) {
      if (destroyed) return;
      const { client: nextClient, ...changes } = next;
      const previous = settings;
      settings = { ...settings, ...changes };
      batch(() => {
        if ("headerTitle" in changes) model.title.value = changes.headerTitle;
        if ("locale" in changes) model.locale.value = resolveLocale(changes.locale);
        if (changes.mode) model.mode.value = changes.mode;
      });
      if (changes.open !== undefined) model.setOpen(changes.open);
      if (nextClient && nextClient !== client) replaceClient(nextClient);
      else if (connectionOptions.some((key) => key in changes && !sameOption(key, previous[key], changes[key]))) {
        replaceClient(createChatClient(settings));
      }
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopForwarding();
      model.dispose();
      client.destroy();
      render(null, root);
      stopFollowing();
      ownHost?.remove();
      handlers.clear();
    },
  };
}
