// Type-checked by `npm run typecheck` against Svelte's own types: `<cap-chat>` in Svelte 5 templates.
/// <reference path="../../../node_modules/svelte/svelte-html.d.ts" />
import type {} from "../../../src/embed/framework-types/svelte.ts";
import type { SvelteHTMLElements } from "svelte/elements";

// What the Svelte language server checks a `<cap-chat …>` tag against.
export const templateAttributes: svelteHTML.IntrinsicElements["cap-chat"] = {
  "messaging-url": "https://us-1.messaging.example",
  "welcome-text": "Hi! How can we help?",
  config: { chatHeaders: { "X-Site": "shop" } },
  class: "chat",
};

// @ts-expect-error `start` takes only open or load.
export const wrongStart: SvelteHTMLElements["cap-chat"] = { start: "later" };
