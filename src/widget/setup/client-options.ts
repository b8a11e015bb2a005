import type { WidgetOptions } from "../widget-types.ts";

/**
 * The options a widget's client is created with: `tokenUrl` and `chatUrl` default to the companion's
 * routes, `{companionUrl}/access-token` and `{companionUrl}/chat`, unless given.
 */
export function clientOptions(options: WidgetOptions): WidgetOptions {
  const companion = options.companionUrl?.replace(/\/+$/, "");
  return companion
    ? { ...options, tokenUrl: options.tokenUrl ?? `${companion}/access-token`, chatUrl: options.chatUrl ?? `${companion}/chat` }
    : options;
}
