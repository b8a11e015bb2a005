/**
 * The script tag's loader, built into `dist/cap-chat.js`: the one small file a page loads. At evaluation it
 * registers `<cap-chat>`, reads the `data-` attributes of its own `<script>` element, defines
 * `window.CapChat(command, ...args)`, replays the calls the standard stub queued before it loaded, in
 * order, and then, when no queued `boot` has mounted the widget and the tag names a messaging or chat URL,
 * mounts a floating widget with the tag's options. Without such a URL it waits for
 * `CapChat('boot', options)`; `boot` options are merged over the tag's. The app (Preact, the widget, the
 * client) is a content-hashed ES module next to this file, imported when the widget needs it.
 */
import type { WidgetOptions } from "../widget/widget-types.ts";
import { appAt, type AppSource } from "./app-source.ts";
import { CAP_CHAT_TAG_NAME, createCapChatElementClass } from "./cap-chat-element.ts";
import { createCommandFunction, replayQueue, type CapChatFunction } from "./command-queue.ts";
import { createEmbeddedWidget } from "./embedded-widget.ts";
import { WIDGET_HOST_TAG_NAME } from "../widget/page/floating-host.ts";
import { optionsFromAttributes, warnInvalid } from "./options-from-attributes.ts";

/** The app's file name, and its Subresource Integrity value (empty outside a build), set by the build (see vite.config.ts). */
declare const __CAP_CHAT_APP_FILE__: string;
declare const __CAP_CHAT_APP_INTEGRITY__: string;
/** The package's version, set by the build. */
declare const __CAP_CHAT_VERSION__: string;

declare global {
  interface Window {
    CapChat?: CapChatFunction;
  }
}

function readScriptOptions(script: HTMLOrSVGScriptElement | null): Partial<WidgetOptions> {
  if (!script) return {};
  const { options, invalid } = optionsFromAttributes((name) => script.getAttribute(`data-${name}`));
  warnInvalid("cap-chat: ignoring data-", invalid);
  return options;
}

function start(script: HTMLOrSVGScriptElement | null, source: AppSource): void {
  const defaults = readScriptOptions(script);
  // Each boot mounts a floating widget in the shadow root of a `<cap-chat-host>` appended to `<body>`.
  const widget = createEmbeddedWidget({
    defaults,
    source,
    attach() {
      const host = document.body.appendChild(document.createElement(WIDGET_HOST_TAG_NAME));
      return { root: host.attachShadow({ mode: "open" }), detach: () => host.remove() };
    },
  });
  // Console methods need no `this`, so the function is handed over as it is.
  const capChat = createCommandFunction(widget, console.warn);
  capChat.version = __CAP_CHAT_VERSION__;
  const run = () => {
    // Read the queue only now: calls made while waiting for <body> joined it, in order.
    const queued = window.CapChat?.q;
    window.CapChat = capChat;
    replayQueue(queued, capChat);
    if (!widget.booted && (defaults.messagingUrl || defaults.chatUrl)) widget.boot({});
  };
  if (document.body) {
    run();
    return;
  }
  // The widget needs <body>; a tag in <head> runs before it exists, so calls keep queueing until then.
  window.CapChat ??= Object.assign((...args: unknown[]) => void (window.CapChat?.q ?? []).push(args), { q: [] });
  // DOMContentLoaded fires once per document.
  document.addEventListener("DOMContentLoaded", run);
}

const script = document.currentScript;
// Resolved against this file's own address, so the files work from any folder or CDN served together.
const source = appAt(
  new URL(__CAP_CHAT_APP_FILE__, (script as HTMLScriptElement | null)?.src || document.baseURI).href,
  __CAP_CHAT_APP_INTEGRITY__ || undefined,
);
// A page, unlike a server, always has custom elements; the first registration stays.
if (!customElements.get(CAP_CHAT_TAG_NAME)) customElements.define(CAP_CHAT_TAG_NAME, createCapChatElementClass(source));
// Loading the file twice must not mount a second widget.
if (!window.CapChat?.version) start(script, source);
