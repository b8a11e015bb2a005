import { createEmitter } from "../transport/emitter.ts";
import { getLauncherStyleSheet } from "../widget/launcher-styles.ts";
import { sessionMemoryFor } from "../widget/session-memory.ts";
import type { ChatController, WidgetEvents, WidgetOptions } from "../widget/widget-types.ts";
import { whenIdle, type AppModule, type AppSource } from "./app-source.ts";
import { WIDGET_ACTIONS } from "./command-queue.ts";
import { WIDGET_EVENT_NAMES } from "./event-names.ts";
import { showLoaderLauncher, type LoaderLauncher } from "./loader-launcher.ts";

/** A widget that `<cap-chat>` or the script tag embeds: its commands work before its app has loaded. */
export interface EmbeddedWidget extends Omit<ChatController, "client" | "setContext"> {
  /** The mounted widget's controller; null until the app has loaded and mounted. */
  readonly controller: ChatController | null;
}

/**
 * Whether the app must load at once: the panel is on show (open, inline, full screen), the widget connects
 * at load, or a session stored in the tab must resume (keeping its live stream and unread count).
 */
function needsAppAtLoad(options: Partial<WidgetOptions>): boolean {
  return (
    (options.mode ?? "floating") !== "floating" || Boolean(options.open) || options.start === "load" || sessionMemoryFor(options).hasSession
  );
}

/**
 * Mounts the widget into `root` with the app of `source`: at once when the app is already there, else
 * when it is needed. Until then a floating widget shows the loader's launcher, and the app is fetched
 * ahead of need: when the browser is idle and on intent (pointer over, or focus on, the launcher) with
 * `prefetch: "idle"` (the default), on intent only with `"intent"`, never with `"none"`. It is mounted on
 * `open`, `toggle`, `send`, `prompt` or a click, at once when the panel is on show
 * or a stored session must resume (see {@link needsAppAtLoad}). Commands given meanwhile run in order
 * once it has mounted; listeners given to `on` hear its events; focus on the launcher stays on the
 * launcher. The swap happens in one task, so nothing flashes.
 */
export function mountEmbeddedWidget(root: ShadowRoot, initial: Partial<WidgetOptions>, source: AppSource): EmbeddedWidget {
  let options = initial;
  let controller: ChatController | null = null;
  let destroyed = false;
  let mounting = false;
  let launcher: LoaderLauncher | null = null;
  let cancelPrefetch = () => {};
  let pending: ((current: ChatController) => void)[] = [];
  // The page's listeners, which the mounted controller's events are passed on to.
  const events = createEmitter<WidgetEvents>();

  const mount = (app: AppModule) => {
    if (destroyed || controller) return;
    const launcherHadFocus = launcher !== null && root.activeElement === launcher.button;
    cancelPrefetch();
    launcher?.remove();
    launcher = null;
    const current = app.mountChat(root, options as WidgetOptions, getLauncherStyleSheet(), sessionMemoryFor(options));
    controller = current;
    for (const name of WIDGET_EVENT_NAMES) current.on(name, (detail) => destroyed || events.emit(name, detail as never));
    if (launcherHadFocus) root.querySelector<HTMLElement>('[part~="launcher"]')?.focus();
    const actions = pending;
    pending = [];
    for (const action of actions) action(current);
  };
  const prefetch = () => void source.load().catch(() => {});
  const require = () => {
    if (controller || mounting || destroyed) return;
    mounting = true;
    source
      .load()
      // The page's locale comes with the app, so the widget never shows English first.
      .then((app) =>
        app.pageLocale(options.locale).then(
          () => app,
          () => app,
        ),
      )
      .then(mount, (error: unknown) => {
        mounting = false;
        console.error("cap-chat: the chat could not be loaded", error);
      });
  };
  const whenMounted = (action: (current: ChatController) => void, needsApp: boolean) => {
    if (controller) return action(controller);
    pending.push(action);
    if (needsApp) require();
  };

  if (source.loaded) mount(source.loaded);
  else if (needsAppAtLoad(options)) require();
  else {
    launcher = showLoaderLauncher(root);
    launcher.button.addEventListener("click", () => whenMounted((current) => current.open(), true));
    if (options.prefetch !== "none") {
      for (const intent of ["pointerenter", "focus"]) launcher.button.addEventListener(intent, prefetch, { once: true });
    }
    if ((options.prefetch ?? "idle") === "idle") cancelPrefetch = whenIdle(() => source.prefetch());
  }

  const widget = {
    get controller() {
      return controller;
    },
    update(changes: Partial<WidgetOptions>) {
      if (controller) return controller.update(changes);
      options = { ...options, ...changes };
      if (needsAppAtLoad(options)) require();
    },
    on: events.on,
    off: events.off,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      pending = [];
      cancelPrefetch();
      launcher?.remove();
      controller?.destroy();
      events.clear();
    },
  } as EmbeddedWidget;
  // Closing or ending a conversation never loads the app; the others do (a reset removes what every tab stored;
  // the prompt's bubble is the app's, and loading it contacts nothing).
  for (const action of WIDGET_ACTIONS)
    widget[action] = (...values: never[]) =>
      whenMounted((current) => (current[action] as (...values: never[]) => void)(...values), action !== "close" && action !== "end");
  return widget;
}
