import type { ConversationStore } from "../conversation/conversation-store.ts";

/**
 * The store a tab's client feeds when the tab takes over a dormant conversation: its session was forgotten
 * while it waited for the visitor, so nothing starts until the visitor engages, and the new session it then
 * starts says why it is a new one, as it would have in the tab the conversation went dormant in. The notice
 * comes once, just before the connection first leaves `idle`.
 */
export function wakingStore(store: ConversationStore, now: () => number): ConversationStore {
  let dormant = true;
  return {
    ...store,
    apply(event) {
      if (dormant && event.kind === "connection-changed" && event.connection.status !== "idle") {
        dormant = false;
        const time = now();
        const code = "session-not-resumed";
        store.apply({ kind: "notice", id: `${code}-${time}`, level: "info", code, time });
      }
      store.apply(event);
    },
  };
}
