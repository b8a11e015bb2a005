// Type-checked by `npm run typecheck` against Preact's own types: `<cap-chat>` in Preact JSX.
import type {} from "../../../src/embed/framework-types/preact.ts";
import { useRef } from "preact/hooks";
import type { CapChatElement } from "../../../src/embed/element.ts";

export function SupportChat() {
  const chat = useRef<CapChatElement>(null);
  return <cap-chat ref={chat} messaging-url="https://us-1.messaging.example" open mode="floating" config={{ locale: "fr" }} />;
}

// @ts-expect-error `persist` takes only session or none.
export const wrongPersist = <cap-chat persist="forever" />;
