/**
 * The script-tag delivery (built into the self-contained `dist/cap-chat.js`). At evaluation it reads the
 * `data-` attributes of its own `<script>` element, defines `window.CapChat(command, ...args)`, replays
 * the calls the standard stub queued before it loaded, in order, and then, when no queued `boot` has
 * mounted the widget and the tag names a messaging or chat URL, mounts a floating widget with the tag's
 * options. Without such a URL it waits for `CapChat('boot', options)`; `boot` options are merged over
 * the tag's.
 */
import { mountWidget } from "../widget/mount-widget.ts";
import type { BasicChatController, WidgetOptions } from "../widget/widget-types.ts";
import { createCommandFunction, replayQueue, type CapChatFunction } from "./command-queue.ts";
import { createEmbedSession } from "./embed-session.ts";
import { optionsFromAttributes, resolveRelativeUrls } from "./options-from-attributes.ts";

declare global {
  interface Window {
    CapChat?: CapChatFunction;
  }
}

/** Marks the element the script tag mounts its widget into. */
export const SCRIPT_TAG_HOST_ATTRIBUTE = "data-cap-chat-host";

function readScriptOptions(script: HTMLOrSVGScriptElement | null): Partial<WidgetOptions> {
  if (!script) return {};
  const { options, invalid } = optionsFromAttributes((name) => script.getAttribute(`data-${name}`));
  for (const problem of invalid) {
    console.warn(`cap-chat: ignoring data-${problem.attribute}="${problem.value}": ${problem.reason}`);
  }
  return options;
}

// The page replaces the widget with a new `boot` rather than updating it, so live updates are left out.
function mountFloating(options: Partial<WidgetOptions>): BasicChatController {
  const host = document.createElement("div");
  host.setAttribute(SCRIPT_TAG_HOST_ATTRIBUTE, "");
  document.body.append(host);
  const root = host.attachShadow({ mode: "open" });
  const { controller } = mountWidget(root, { mode: "floating", ...resolveRelativeUrls(options, document.baseURI) } as WidgetOptions);
  const destroy = controller.destroy.bind(controller);
  return Object.assign(controller, {
    destroy() {
      destroy();
      host.remove();
    },
  });
}

function start(): void {
  const defaults = readScriptOptions(document.currentScript);
  const session = createEmbedSession({ defaults, mount: mountFloating });
  const capChat = createCommandFunction(session, (message) => console.warn(message));
  capChat.loaded = true;
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

// Loading the bundle twice must not mount a second widget.
if (!window.CapChat?.loaded) start();
