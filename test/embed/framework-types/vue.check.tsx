/** @jsxImportSource vue */
// Type-checked by `npm run typecheck` against Vue's own types: `<cap-chat>` in Vue templates and JSX.
import type {} from "../../../src/embed/framework-types/vue.ts";
import type { IntrinsicElementAttributes, NativeElements } from "vue";

export const inJsx = <cap-chat messaging-url="https://us-1.messaging.example" mode="inline" config={{ headerTitle: "Help" }} />;

// Vue's template checker reads the same interface.
export const templateAttributes: NativeElements["cap-chat"] = { "chat-url": "/chat", transport: "chat", class: "chat" };

// @ts-expect-error `transport` takes only auto, messaging or chat.
export const wrongTransport: IntrinsicElementAttributes["cap-chat"] = { transport: "pigeon" };
