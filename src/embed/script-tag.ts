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
import { createCapChatElementClass, registerCapChatElement } from "./cap-chat-element.ts";
import { createCommandFunction, replayQueue, type CapChatFunction } from "./command-queue.ts";
import { mountEmbeddedWidget, type EmbeddedWidget } from "./embedded-widget.ts";
import { createEmbedSession } from "./embed-session.ts";
import { optionsFromAttributes, resolveRelativeUrls } from "./options-from-attributes.ts";

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

/** Marks the element the script tag mounts its widget into. */
const SCRIPT_TAG_HOST_ATTRIBUTE = "data-cap-chat-host";

function readScriptOptions(script: HTMLOrSVGScriptElement | null): Partial<WidgetOptions> {
  if (!script) return {};
  const { options, invalid } = optionsFromAttributes((name) => script.getAttribute(`data-${name}`));
  for (const problem of invalid) {
    console.warn(`cap-chat: ignoring data-${problem.attribute}="${problem.value}": ${problem.reason}`);
  }
  return options;
}

/** Mounts a floating widget in a shadow root appended to `<body>`; destroying it removes the host. */
function mountFloating(options: Partial<WidgetOptions>, source: AppSource): EmbeddedWidget {
  const host = document.createElement("div");
  host.setAttribute(SCRIPT_TAG_HOST_ATTRIBUTE, "");
  document.body.append(host);
  const root = host.attachShadow({ mode: "open" });
  const widget = mountEmbeddedWidget(root, { mode: "floating", ...resolveRelativeUrls(options, document.baseURI) }, source);
  const destroy = widget.destroy;
  return Object.assign(widget, {
    destroy() {
      destroy();
      host.remove();
    },
  });
}

function start(script: HTMLOrSVGScriptElement | null, source: AppSource): void {
  const defaults = readScriptOptions(script);
  const session = createEmbedSession({ defaults, mount: (options) => mountFloating(options, source) });
  // Console methods need no `this`, so the function is handed over as it is.
  const capChat = createCommandFunction(session, console.warn);
  capChat.version = __CAP_CHAT_VERSION__;
  const run = () => {
    // Read the queue only now: calls made while waiting for <body> joined it, in order.
    const queued = window.CapChat?.q;
    window.CapChat = capChat;
    replayQueue(queued, capChat);
    if (!session.booted && (defaults.messagingUrl || defaults.chatUrl)) session.boot({});
  };
  if (document.body) {
    run();
    return;
  }
  // The widget needs <body>; a tag in <head> runs before it exists, so calls keep queueing until then.
  window.CapChat ??= Object.assign((...args: unknown[]) => void (window.CapChat?.q ?? []).push(args), { q: [] });
  document.addEventListener("DOMContentLoaded", run, { once: true });
}

const script = document.currentScript;
// Resolved against this file's own address, so the files work from any folder or CDN served together.
const source = appAt(
  new URL(__CAP_CHAT_APP_FILE__, (script as HTMLScriptElement | null)?.src || document.baseURI).href,
  __CAP_CHAT_APP_INTEGRITY__ || undefined,
);
registerCapChatElement(() => createCapChatElementClass(source));
// Loading the file twice must not mount a second widget.
if (!window.CapChat?.version) start(script, source);
