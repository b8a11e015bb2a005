import type { ChatController, WidgetOptions } from "../widget/index.ts";
import type { CommandListener, CommandTarget } from "./command-queue.ts";

/** The prefix every widget event name carries. */
export const EVENT_PREFIX = "cap-chat:";

export interface EmbedSessionOptions {
  /** Options read from the script tag; `boot` options are merged over them. */
  defaults: Partial<WidgetOptions>;
  /** Mounts a widget with the final options (the caller owns where it goes in the page). */
  mount(options: Partial<WidgetOptions>): ChatController;
}

export interface EmbedSession extends CommandTarget {
  /** The mounted widget's controller, or null before `boot` and after `destroy`. */
  readonly controller: ChatController | null;
  /** Whether `boot` has been called at least once (even if `destroy` followed). */
  readonly booted: boolean;
}

/**
 * The target of the script tag's commands. `boot` mounts a widget (a second `boot` replaces the first,
 * which is how a page changes options that cannot change live); `open`, `close`, `toggle`, `send` and
 * `end` given before `boot` wait for it and run in order right after it; listeners registered with `on`
 * survive `destroy` and a new `boot`, and `off` removes them. Event names may be given with or without
 * the `cap-chat:` prefix.
 */
export function createEmbedSession({ defaults, mount }: EmbedSessionOptions): EmbedSession {
  let controller: ChatController | null = null;
  let booted = false;
  let waiting: ((current: ChatController) => void)[] = [];
  const listeners = new Map<string, Set<CommandListener>>();
  const detachers = new Map<CommandListener, Map<string, () => void>>();

  const attach = (current: ChatController, event: string, listener: CommandListener): void => {
    const remove = current.on(event as Parameters<ChatController["on"]>[0], listener as never);
    const byEvent = detachers.get(listener) ?? new Map<string, () => void>();
    byEvent.set(event, remove);
    detachers.set(listener, byEvent);
  };
  const detach = (event: string, listener: CommandListener): void => {
    detachers.get(listener)?.get(event)?.();
    detachers.get(listener)?.delete(event);
  };
  const whenBooted = (action: (current: ChatController) => void): void => {
    if (controller) action(controller);
    else waiting.push(action);
  };
  const teardown = (): void => {
    if (!controller) return;
    for (const [event, set] of listeners) for (const listener of set) detach(event, listener);
    controller.destroy();
    controller = null;
  };

  const session: EmbedSession = {
    get controller() {
      return controller;
    },
    get booted() {
      return booted;
    },
    boot(options) {
      booted = true;
      teardown();
      const current = mount({ ...defaults, ...(options as Partial<WidgetOptions>) });
      controller = current;
      for (const [event, set] of listeners) for (const listener of set) attach(current, event, listener);
      const pending = waiting;
      waiting = [];
      for (const action of pending) action(current);
    },
    open: () => whenBooted((current) => current.open()),
    close: () => whenBooted((current) => current.close()),
    toggle: () => whenBooted((current) => current.toggle()),
    send: (text) => whenBooted((current) => current.send(text)),
    end: () => whenBooted((current) => current.end()),
    on(event, listener) {
      const name = fullEventName(event);
      const set = listeners.get(name) ?? new Set<CommandListener>();
      if (!set.has(listener)) {
        set.add(listener);
        listeners.set(name, set);
        if (controller) attach(controller, name, listener);
      }
      return () => session.off(name, listener);
    },
    off(event, listener) {
      const name = fullEventName(event);
      if (!listeners.get(name)?.delete(listener)) return;
      detach(name, listener);
    },
    destroy() {
      waiting = [];
      teardown();
    },
  };
  return session;
}

/** `message` and `cap-chat:message` name the same event. */
export function fullEventName(event: string): string {
  return event.startsWith(EVENT_PREFIX) ? event : `${EVENT_PREFIX}${event}`;
}
