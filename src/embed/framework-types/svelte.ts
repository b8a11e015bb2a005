/**
 * `cap-chat/types/svelte`: declares `<cap-chat>` for Svelte 5 templates (`SvelteHTMLElements`, which
 * `svelteHTML.IntrinsicElements` extends). Load it once with `import type {} from "cap-chat/types/svelte";`
 * in a `.d.ts` or `.ts` file of the app, or in `compilerOptions.types`.
 */
import type { HTMLAttributes } from "svelte/elements";
import type { CapChatElement } from "../cap-chat-element.ts";
import type { CapChatConfig, CapChatPropertyAttributes } from "./attributes.ts";

/** The attributes of `<cap-chat>` in Svelte, with the `config` property and `bind:this`. */
export type CapChatSvelteAttributes = Omit<HTMLAttributes<CapChatElement>, keyof CapChatPropertyAttributes> &
  CapChatPropertyAttributes & { config?: CapChatConfig };

declare module "svelte/elements" {
  interface SvelteHTMLElements {
    "cap-chat": CapChatSvelteAttributes;
  }
}
