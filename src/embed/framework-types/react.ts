/**
 * `cap-chat/types/react`: declares `<cap-chat>` for React 19 JSX (`React.JSX.IntrinsicElements`). Load it
 * once with `import type {} from "cap-chat/types/react";` or in `compilerOptions.types`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { CapChatElement } from "../cap-chat-element.ts";
import type { CapChatConfig, CapChatPropertyAttributes } from "./attributes.ts";

/** The props of `<cap-chat>` in React: the attributes, the `config` property, a ref to the element. */
export type CapChatReactProps = DetailedHTMLProps<HTMLAttributes<CapChatElement>, CapChatElement> &
  CapChatPropertyAttributes & { config?: CapChatConfig };

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "cap-chat": CapChatReactProps;
    }
  }
}
