/**
 * `cap-chat/types/vue`: declares `<cap-chat>` for Vue 3 templates and JSX (`IntrinsicElementAttributes`).
 * Load it once with `import type {} from "cap-chat/types/vue";` or in `compilerOptions.types`, and tell
 * the compiler that the tag is a custom element (`isCustomElement`).
 */
import type { HTMLAttributes } from "vue";
import type { CapChatConfig, CapChatPropertyAttributes } from "./attributes.ts";

/** The attributes of `<cap-chat>` in Vue, with the `config` property (bind it with `:config`). */
export type CapChatVueAttributes = Omit<HTMLAttributes, keyof CapChatPropertyAttributes> &
  CapChatPropertyAttributes & { config?: CapChatConfig };

declare module "vue" {
  interface IntrinsicElementAttributes {
    "cap-chat": CapChatVueAttributes;
  }
}
