/** A handler of one event: it receives that event's detail. */
export type EventHandler<Detail> = (detail: Detail) => void;

/**
 * Named events with typed details, the one listener registry of the client, the widget and the embeddings.
 * A handler is registered once per name however often it is given (as with `addEventListener`); `on`
 * returns its remover, and `off` removes it too.
 */
export interface Emitter<Events> {
  on<Name extends keyof Events>(name: Name, handler: EventHandler<Events[Name]>): () => void;
  off<Name extends keyof Events>(name: Name, handler: EventHandler<Events[Name]>): void;
  /**
   * Calls each handler of `name` in the order they were added, those added meanwhile not included. A
   * handler that throws stops neither the others nor the caller: its error surfaces asynchronously, as an
   * unhandled rejection.
   */
  emit<Name extends keyof Events>(name: Name, detail: Events[Name]): void;
  /** Removes every handler. */
  clear(): void;
}

/** Creates an emitter with no handlers. */
export function createEmitter<Events>(): Emitter<Events> {
  const handlers = new Map<keyof Events, Set<EventHandler<never>>>();
  const emitter: Emitter<Events> = {
    on(name, handler) {
      let named = handlers.get(name);
      if (!named) handlers.set(name, (named = new Set()));
      named.add(handler);
      return () => emitter.off(name, handler);
    },
    off(name, handler) {
      handlers.get(name)?.delete(handler);
    },
    emit(name, detail) {
      const named = handlers.get(name);
      if (!named) return;
      for (const handler of [...named]) {
        try {
          (handler as EventHandler<typeof detail>)(detail);
        } catch (error) {
          void Promise.reject(error);
        }
      }
    },
    clear() {
      handlers.clear();
    },
  };
  return emitter;
}
