import type { WidgetEventName } from "../widget/index.ts";

/** Every event the widget emits; `<cap-chat>` re-dispatches each as a bubbling, composed `CustomEvent`. */
export const WIDGET_EVENT_NAMES = [
  "cap-chat:ready",
  "cap-chat:open",
  "cap-chat:close",
  "cap-chat:call",
  "cap-chat:message",
  "cap-chat:state",
  "cap-chat:handoff",
  "cap-chat:handoff-required",
  "cap-chat:end",
  "cap-chat:error",
  "cap-chat:unread",
  "cap-chat:feedback",
] as const satisfies readonly WidgetEventName[];

// Fails to compile when the widget gains an event this list does not re-dispatch.
type Missing = Exclude<WidgetEventName, (typeof WIDGET_EVENT_NAMES)[number]>;
const everyEventListed: [Missing] extends [never] ? true : never = true;
void everyEventListed;

export type { WidgetEventName };
