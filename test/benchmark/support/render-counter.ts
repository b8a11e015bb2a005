import { options, type VNode } from "preact";

/**
 * Preact's render hook: called just before a component's function runs, and not for a component skipped
 * because its props and signals are unchanged. It is published under its mangled name `__r` (the name
 * @preact/signals itself hooks), which is why it is reached by a cast.
 */
type RenderHookOptions = { __r?: (vnode: VNode) => void };

/** Counts how often chosen components actually render. */
export interface RenderCounter {
  /** Renders of `component` since the counter was installed or last reset. */
  count(component: unknown): number;
  reset(): void;
  /** Removes the hook, restoring the one that was there before. */
  uninstall(): void;
}

/** Hooks Preact's render step, keeping any hook already installed (such as @preact/signals') working. */
export function installRenderCounter(): RenderCounter {
  const hooks = options as RenderHookOptions;
  const previous = hooks.__r;
  let counts = new Map<unknown, number>();
  hooks.__r = (vnode) => {
    counts.set(vnode.type, (counts.get(vnode.type) ?? 0) + 1);
    previous?.(vnode);
  };
  return {
    count: (component) => counts.get(component) ?? 0,
    reset: () => {
      counts = new Map();
    },
    uninstall: () => {
      hooks.__r = previous;
    },
  };
}
