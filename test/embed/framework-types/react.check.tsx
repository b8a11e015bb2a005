/** @jsxImportSource react */
// Type-checked by `npm run typecheck` against React's own types: `<cap-chat>` in React 19 JSX.
import type {} from "../../../src/embed/framework-types/react.ts";
import { useRef } from "react";
import type { CapChatElement } from "../../../src/embed/element.ts";

export function SupportChat({ userName }: { userName: string }) {
  const chat = useRef<CapChatElement>(null);
  return (
    <cap-chat
      ref={chat}
      messaging-url="https://us-1.messaging.example"
      token-url="/chat/access-token"
      header-title={`Help for ${userName}`}
      mode="inline"
      streaming={false}
      id="support"
      className="chat"
      config={{ chatHeaders: { "X-Site": "shop" }, locale: "fr" }}
    />
  );
}

export const wrongMode = (
  // @ts-expect-error `mode` takes only floating, inline or fullscreen.
  <cap-chat mode="sidebar" />
);

export const openAsProp = (
  // @ts-expect-error React 19 would assign `open` over the element's `open()` method: use `config`.
  <cap-chat open />
);

export const wrongConfig = (
  // @ts-expect-error `config` takes the widget's options.
  <cap-chat config={{ transport: "carrier-pigeon" }} />
);
