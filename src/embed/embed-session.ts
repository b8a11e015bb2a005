import { createEmitter } from "../transport/emitter.ts";
import type { ChatController, WidgetOptions } from "../widget/widget-types.ts";

/** What a session asks of the widget it mounts: the commands, events and live options, not the client. */
export type SessionController = Omit<ChatController, "client" | "setContext">;
import { WIDGET_ACTIONS, type CommandTarget } from "./command-queue.ts";
import { WIDGET_EVENT_NAMES } from "./event-names.ts";

/** The prefix every widget event name carries. */
export const EVENT_PREFIX = "cap-chat:";

export interface EmbedSessionOptions<Controller extends SessionController> {
  /** Options read from the script tag; `boot` options are merged over them. */
  defaults: Partial<WidgetOptions>;
  /** Mounts a widget with the final options (the caller owns where it goes in the page). */
  mount(options: Partial<WidgetOptions>): Controller;
}

export interface EmbedSession<Controller extends SessionController> extends CommandTarget {
  /** The mounted widget's controller, or null before `boot` and after `destroy`. */
  readonly controller: Controller | null;
  /** Whether `boot` has been called at least once (even if `destroy` followed). */
  readonly booted: boolean;
}

/**
 * The target of the script tag's commands. `boot` mounts a widget (a second `boot` replaces the first,
 * which is how a page changes options that cannot change live); `open`, `close`, `toggle`, `send`, `end`
 * and `prompt` given before `boot` wait for it and run in order right after it; listeners registered with `on`
 * survive `destroy` and a new `boot`, and `off` removes them. Event names may be given with or without
 * the `cap-chat:` prefix. `setContext` gives the widget its `context` option live, and keeps it for a later
 * `boot`, whose own options may replace it.
 */
export function createEmbedSession<Controller extends SessionController>({
  defaults,
  mount,
}: EmbedSessionOptions<Controller>): EmbedSession<Controller> {
  let context: Partial<WidgetOptions> = {};
  let controller: Controller | null = null;
  let booted = false;
  let waiting: ((current: Controller) => void)[] = [];
  // The page's listeners, by full event name, which each booted controller's events are passed on to.
  const events = createEmitter<Record<string, unknown>>();
  const whenBooted = (action: (current: Controller) => void) => (controller ? action(controller) : void waiting.push(action));
  const teardown = () => {
    controller?.destroy();
    controller = null;
  };

  const session = {
    get controller() {
      return controller;
    },
    get booted() {
      return booted;
    },
    boot(options: Record<string, unknown>) {
      booted = true;
      teardown();
      const current = mount({ ...defaults, ...context, ...(options as Partial<WidgetOptions>) });
      controller = current;
      // Only the current controller is heard: one destroyed or replaced says nothing more.
      for (const name of WIDGET_EVENT_NAMES) current.on(name, (detail) => controller === current && events.emit(name, detail));
      const pending = waiting;
      waiting = [];
      for (const action of pending) action(current);
    },
    setContext(value: unknown) {
      context = { context: value as WidgetOptions["context"] };
      controller?.update(context);
    },
    on: (event, listener) => events.on(fullEventName(event), listener),
    off: (event, listener) => events.off(fullEventName(event), listener),
    destroy() {
      waiting = [];
      teardown();
    },
  } as EmbedSession<Controller>;
  for (const action of WIDGET_ACTIONS)
    session[action] = (...values: never[]) => whenBooted((current) => (current[action] as (...values: never[]) => void)(...values));
  return session;
}

/** `message` and `cap-chat:message` name the same event. */
export function fullEventName(event: string): string {
  return event.startsWith(EVENT_PREFIX) ? event : `${EVENT_PREFIX}${event}`;
}
