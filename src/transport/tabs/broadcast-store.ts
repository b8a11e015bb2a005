import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { ConversationStore } from "../conversation/conversation-store.ts";
import type { TabMessage } from "./tab-messages.ts";

/**
 * The store the holding tab's client feeds: `store` itself, which also tells every event to the other tabs
 * with `post`, in the order it applies them. The events of a batch (a frame's, a reload's history) go as one
 * message once the outermost batch ends, and a batch that applied nothing posts nothing.
 */
export function broadcastStore(store: ConversationStore, post: (message: TabMessage) => void): ConversationStore {
  /** The events of the batch under way. */
  let batched: ConversationEvent[] | null = null;
  return {
    ...store,
    apply(event) {
      store.apply(event);
      if (batched) batched.push(event);
      else post({ type: "events", events: [event] });
    },
    batch(run) {
      if (batched) return store.batch(run);
      batched = [];
      try {
        store.batch(run);
      } finally {
        const events = batched;
        batched = null;
        if (events.length > 0) post({ type: "events", events });
      }
    },
  };
}
