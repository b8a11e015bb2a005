/**
 * `cap-chat/types/preact`: declares `<cap-chat>` for Preact JSX (`preact.JSX.IntrinsicElements`). Load it
 * once with `import type {} from "cap-chat/types/preact";` or in `compilerOptions.types`.
 */
import type { JSX } from "preact";
import type { CapChatElement } from "../cap-chat-element.ts";
import type { CapChatAttributes, CapChatConfig } from "./attributes.ts";

/**
 * The props of `<cap-chat>` in Preact: the attributes, the `config` property, a ref to the element.
 * Preact sets `open` as an attribute when given a boolean, so it is allowed here.
 */
export type CapChatPreactProps = Omit<JSX.HTMLAttributes<CapChatElement>, keyof CapChatAttributes> &
  CapChatAttributes & { config?: CapChatConfig };

declare module "preact" {
  namespace JSX {
    interface IntrinsicElements {
      "cap-chat": CapChatPreactProps;
    }
  }
}
