import { getLauncherStyleSheet } from "../widget/styles/launcher-styles.ts";
import { hasStoredSession } from "../widget/memory/session-memory.ts";
import type { ChatController, WidgetOptions } from "../widget/widget-types.ts";
import { whenIdle, type AppModule, type AppSource } from "./app-source.ts";
import type { CommandListener, CommandTarget } from "./command-queue.ts";
import { showLoaderLauncher, type LoaderLauncher } from "./loader-launcher.ts";

/** The prefix every widget event name carries. */
export const EVENT_PREFIX = "cap-chat:";

/** Where a boot mounts the widget: a shadow root, and what to do once that mount is torn down. */
export interface EmbedPlace {
  root: ShadowRoot;
  detach?: () => void;
}

export interface EmbeddedWidgetOptions {
  /** Options read from the script tag; `boot` options are merged over them. */
  defaults: Partial<WidgetOptions>;
  /** Where the widget's app comes from. */
  source: AppSource;
  /** Gives each boot its place in the page (the caller owns where it goes). */
  attach(): EmbedPlace;
}

/** A widget that `<cap-chat>` or the script tag embeds: its commands work before it boots and before its app has loaded. */
export interface EmbeddedWidget extends CommandTarget {
  /** The mounted widget's controller; null until the app has loaded and mounted, and after `destroy`. */
  readonly controller: ChatController | null;
  /** Whether `boot` has been called at least once (even if `destroy` followed). */
  readonly booted: boolean;
  /** Whether a boot stands: booted, and not destroyed since. */
  readonly mounted: boolean;
  /** Applies options live, or keeps them for the mount to come; `undefined` removes one. */
  update(changes: Partial<WidgetOptions>): void;
}

/**
 * Whether the app must load at once: the panel is on show (open, inline, full screen), the widget connects
 * at load, or a session stored in the tab must resume (keeping its live stream and unread count).
 */
function needsAppAtLoad(options: Partial<WidgetOptions>): boolean {
  return (options.mode ?? "floating") !== "floating" || !!options.open || options.start === "load" || hasStoredSession(options);
}

/**
 * The widget `<cap-chat>` and the script tag embed. `boot(options)` mounts it with `options` merged over
 * `defaults`, in the place `attach` gives; a second `boot` replaces the first (which is how a page changes
 * options that cannot change live), and `destroy` takes it away. Listeners given to `on` (with or without
 * the `cap-chat:` prefix) hold through `destroy` and every boot; `off` removes them.
 *
 * A boot mounts the app of `source` at once when it is already there, else when it is needed. Until then a
 * floating widget shows the loader's launcher, and the app is fetched ahead of need: when the browser is
 * idle and on intent (pointer over, or focus on, the launcher) with `prefetch: "idle"` (the default), on
 * intent only with `"intent"`, never with `"none"`. It is mounted on `open`, `toggle`, `send`, `prompt` or a click, and
 * at once when the panel is on show or a stored session must resume (see {@link needsAppAtLoad}). A click,
 * `open`, `toggle` or `close` before then shows or hides the panel's frame at once (emitting `cap-chat:open`
 * or `cap-chat:close`), and the app mounts open or closed as the frame is, taking over the launcher's and the
 * frame's elements as they are, in one task: nothing flashes, and focus stays where it was. Other commands,
 * given before the boot or meanwhile, run in order once the app has mounted (`destroy` drops them). Should
 * the app fail to load, the frame closes, and the next command or click tries again. `setContext` gives the
 * widget its `context` option live, and keeps it for a later `boot`, whose own options may replace it.
 */
export function createEmbeddedWidget({ defaults, source, attach }: EmbeddedWidgetOptions): EmbeddedWidget {
  let booted = false;
  let context: Partial<WidgetOptions> = {};
  let options = defaults;
  let place: EmbedPlace | null = null;
  let controller: ChatController | null = null;
  let launcher: LoaderLauncher | null = null;
  let frameOpen = false;
  let loading = false;
  let cancelPrefetch = () => {};
  let pending: ((current: ChatController) => void)[] = [];
  const listeners = new Map<string, Set<CommandListener>>();
  const fullName = (event: string) => (event.startsWith(EVENT_PREFIX) ? event : EVENT_PREFIX + event);

  const teardown = () => {
    cancelPrefetch();
    launcher?.remove();
    controller?.destroy();
    place?.detach?.();
    place = controller = launcher = null;
    frameOpen = loading = false;
  };
  const mount = (app: AppModule) => {
    cancelPrefetch();
    launcher?.handOver();
    launcher = null;
    const current = app.mountChat(place!.root, { ...options, open: frameOpen || options.open } as WidgetOptions, getLauncherStyleSheet());
    controller = current;
    for (const [name, set] of listeners) for (const listener of set) current.on(name as never, listener);
    const actions = pending;
    pending = [];
    for (const run of actions) run(current);
  };
  const require = () => {
    if (!place || controller || loading) return;
    loading = true;
    // Each boot attaches a place of its own: a load that a newer boot or a destroy overtook mounts nothing.
    const boot = place;
    source
      .load()
      // The page's locale comes with the app, so the widget never shows English first.
      .then((app) =>
        app.pageLocale(options.locale).then(
          () => app,
          () => app,
        ),
      )
      .then(
        (app) => boot === place && mount(app),
        (error: unknown) => {
          if (boot !== place) return;
          loading = false;
          showFrame(false);
          console.error("cap-chat: chat not loaded", error);
        },
      );
  };
  // Before the app has mounted, the loader's frame is the panel.
  const showFrame = (open: boolean) => {
    if (!launcher || open === frameOpen) return;
    frameOpen = open;
    launcher.frame(open);
    if (open) require();
    for (const listener of listeners.get(open ? "cap-chat:open" : "cap-chat:close") ?? []) (listener as () => void)();
  };
  const whenMounted = (run: (current: ChatController) => void, needsApp: boolean) => {
    if (controller) return run(controller);
    pending.push(run);
    if (needsApp) require();
  };

  const widget: EmbeddedWidget = {
    get controller() {
      return controller;
    },
    get booted() {
      return booted;
    },
    get mounted() {
      return place !== null;
    },
    boot(given) {
      booted = true;
      teardown();
      options = { ...defaults, ...context, ...(given as Partial<WidgetOptions>) };
      place = attach();
      const { root } = place;
      if (source.loaded) return mount(source.loaded);
      if (needsAppAtLoad(options)) return require();
      launcher = showLoaderLauncher(root, options, () => showFrame(!frameOpen));
      // Loading is done once: later intents find it under way or done.
      if (options.prefetch !== "none") launcher.button.onpointerenter = launcher.button.onfocus = () => void source.load().catch(() => {});
      if (!options.prefetch || options.prefetch === "idle") cancelPrefetch = whenIdle(() => source.prefetch());
      // Commands given before the boot ask for the app now.
      if (pending.length) require();
    },
    open: () => (launcher ? showFrame(true) : whenMounted((current) => current.open(), true)),
    toggle: () => (launcher ? showFrame(!frameOpen) : whenMounted((current) => current.toggle(), true)),
    close: () => (launcher ? showFrame(false) : whenMounted((current) => current.close(), false)),
    send: (text) => whenMounted((current) => current.send(text), true),
    end: () => whenMounted((current) => current.end(), false),
    // A reset removes what every tab stored, which needs the app.
    reset: () => whenMounted((current) => current.reset(), true),
    // The bubble is the app's: it loads, which contacts nothing.
    prompt: (text) => whenMounted((current) => current.prompt(text), true),
    setContext(value) {
      context = { context: value as WidgetOptions["context"] };
      widget.update(context);
    },
    update(changes) {
      if (controller) return controller.update(changes);
      options = { ...options, ...changes };
      if (needsAppAtLoad(options)) require();
    },
    on(event, listener) {
      const name = fullName(event);
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set.add(listener));
      controller?.on(name as never, listener);
      return () => widget.off(name, listener);
    },
    off(event, listener) {
      const name = fullName(event);
      listeners.get(name)?.delete(listener);
      controller?.off(name as never, listener);
    },
    destroy() {
      pending = [];
      teardown();
    },
  };
  return widget;
}
