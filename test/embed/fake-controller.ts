import type { ChatController, WidgetOptions } from "../../src/widget/index.ts";

/** A stand-in for the widget's controller that records what the embed layer asks of it. */
export interface FakeController {
  controller: ChatController;
  options: Partial<WidgetOptions>;
  calls: unknown[][];
  /** Emits a widget event to the listeners registered through `on`. */
  emit(name: string, detail: unknown): void;
  destroyed: boolean;
}

/** Creates a fake controller mounted with `options`. */
export function createFakeController(options: Partial<WidgetOptions>): FakeController {
  const listeners = new Map<string, Set<(detail: unknown) => void>>();
  const fake: FakeController = {
    options,
    calls: [],
    destroyed: false,
    emit(name, detail) {
      for (const listener of listeners.get(name) ?? []) listener(detail);
    },
    controller: undefined as unknown as ChatController,
  };
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void fake.calls.push([name, ...args]);
  const off = (name: string, listener: (detail: unknown) => void) => void listeners.get(name)?.delete(listener);
  fake.controller = {
    open: record("open"),
    close: record("close"),
    toggle: record("toggle"),
    send: record("send"),
    end: record("end"),
    update: record("update"),
    destroy: () => {
      // As the widget's controller does: its listeners go with it.
      listeners.clear();
      fake.destroyed = true;
      fake.calls.push(["destroy"]);
    },
    on: (name: string, listener: (detail: unknown) => void) => {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => off(name, listener);
    },
    off,
    client: {},
  } as unknown as ChatController;
  return fake;
}
