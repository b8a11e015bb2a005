import type { WidgetOptions } from "../widget-types.ts";

/**
 * The options of `next` whose value differs from `previous` (a removed one as undefined), or null when
 * none does. Values compare by content, so repeating an object option is no change; a function (such as
 * `getAccessToken`) and the `environment`, which holds functions, compare by identity.
 */
export function changedOptions(previous: Partial<WidgetOptions>, next: Partial<WidgetOptions>): Record<string, unknown> | null {
  let changed: Record<string, unknown> | null = null;
  for (const key of Object.keys({ ...previous, ...next }) as (keyof WidgetOptions)[]) {
    const before = previous[key];
    const after = next[key];
    const byIdentity = key === "environment" || typeof before === "function" || typeof after === "function";
    if (before !== after && (byIdentity || JSON.stringify(before) !== JSON.stringify(after))) (changed ??= {})[key] = after;
  }
  return changed;
}
