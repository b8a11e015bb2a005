import type { ChatController, WidgetOptions } from "../widget/widget-types.ts";

/** What an embedded widget needs of the app (see `app.ts`). */
export interface AppModule {
  /**
   * Mounts the widget. `launcherSheet` holds the rules of the launcher and the panel's frame, which the
   * loader already has: the script tag's app takes them rather than carrying them too.
   */
  mountChat(target: ShadowRoot, options: WidgetOptions, launcherSheet: CSSStyleSheet | null): ChatController;
  /** Loads the locale the widget shows for the option `locale` (see `pageLocale` in widget/locales). */
  pageLocale(tag: string | undefined): Promise<unknown>;
}

/**
 * Where an embedded widget's app comes from: already imported (the npm entries, which a bundler resolves),
 * or a file loaded on demand (the script tag).
 */
export interface AppSource {
  /** The app once it has loaded; null before. */
  readonly loaded: AppModule | null;
  /** Loads the app once and resolves to it; after a failure, the next call tries again. */
  load(): Promise<AppModule>;
  /** Fetches the app ahead of need without running it, so an idle page pays no script time or heap for it. */
  prefetch(): void;
}

/** An app that is already there. */
export function presentApp(app: AppModule): AppSource {
  return { loaded: app, load: () => Promise.resolve(app), prefetch() {} };
}

/**
 * Fetches the ES module at `url` ahead of its import, as a module preload that the import then reuses. With
 * `integrity` (a Subresource Integrity value), the browser checks the file against it before the module may
 * run: the promise resolves once the file has arrived and passed, and rejects when it failed either way, so
 * the caller imports only a checked module. Where the browser has no module preloads, and so no way to check,
 * it resolves at once.
 */
export function preloadModule(url: string, document: Document, integrity = "", lowPriority = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement("link"), {
      rel: "modulepreload",
      href: url,
      integrity,
      // Ahead of need, never ahead of the page's own resources.
      fetchPriority: lowPriority ? "low" : "auto",
      onload: () => resolve(),
      // The error event says nothing more than that, so it is the reason the promise rejects with.
      onerror: reject,
    });
    if (link.relList.supports("modulepreload")) document.head.append(link);
    else resolve();
  });
}

/** Imports the ES module at `url` once a module preload has checked it against `integrity` (see {@link preloadModule}). */
export function importVerified<Module>(url: string, integrity: string): Promise<Module> {
  return preloadModule(url, document, integrity).then(() => import(/* @vite-ignore */ url));
}

/**
 * The app of the ES module at `url`, imported on the first `load`. Importing only fetches and evaluates
 * it: nothing in it contacts the platform. A prefetch is a module preload, which the later import reuses.
 * With `integrity`, the import waits for the preload, which checks the file (see {@link preloadModule}).
 */
export function appAt(
  url: string,
  integrity?: string,
  importModule = (address: string): Promise<AppModule> => import(/* @vite-ignore */ address),
  document: Document | undefined = globalThis.document,
): AppSource {
  let loaded: AppModule | null = null;
  let loading: Promise<AppModule> | null = null;
  // A failed check stays failed: the file is never imported.
  let preloading: Promise<void> | null = null;
  const preload = (lowPriority: boolean) => (preloading ??= preloadModule(url, document as Document, integrity, lowPriority));
  return {
    prefetch() {
      if (!loading && document) preload(true).catch(() => {});
    },
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= (integrity ? preload(false) : Promise.resolve())
        .then(() => importModule(url))
        .then(
          (app) => (loaded = app),
          (error: unknown) => {
            loading = null;
            throw error;
          },
        );
      return loading;
    },
  };
}

/** Runs `task` once the browser is idle (after a short delay where it cannot tell); returns the canceller. */
export function whenIdle(task: () => void): () => void {
  const idle = typeof requestIdleCallback === "function";
  const handle = idle ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1000);
  return () => (idle ? cancelIdleCallback : clearTimeout)(handle as number);
}
