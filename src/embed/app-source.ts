import type { ChatController, WidgetOptions } from "../widget/widget-types.ts";

/** What an embedded widget needs of the app (see `app.ts`). */
export interface AppModule {
  mountChat(target: ShadowRoot, options: WidgetOptions): ChatController;
  loadLocale(code: string): Promise<unknown>;
  preferredLocaleCode(code: string | undefined): string;
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
}

/** An app that is already there. */
export function presentApp(app: AppModule): AppSource {
  return { loaded: app, load: () => Promise.resolve(app) };
}

/**
 * The app of the ES module at `url`, imported on the first `load`. Importing only fetches and evaluates
 * it: nothing in it contacts the platform.
 */
export function appAt(url: string, importModule = (address: string): Promise<AppModule> => import(/* @vite-ignore */ address)): AppSource {
  let loaded: AppModule | null = null;
  let loading: Promise<AppModule> | null = null;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= importModule(url).then(
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
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1000);
  return () => clearTimeout(handle);
}
