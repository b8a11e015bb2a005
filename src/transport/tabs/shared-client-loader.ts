import type { ChatClientOptions } from "../chat-client-types.ts";
import { buildChatClient, checkMessage, type DiagnosableChatClient } from "../chat-client.ts";
import { checkContext } from "../conversation-context.ts";
import { createSessionPersistence } from "../delivery/session-persistence.ts";
import { sessionStorageKeyFor } from "../session-storage-key.ts";
import { isResumable } from "./resumable-session.ts";
import { createConversationStore } from "../conversation/conversation-store.ts";
import type { Environment, KeyValueStorage, TabChannel } from "../environment.ts";

/** What sharing a conversation across tabs needs of the environment. */
export type SharingEnvironment = Environment & { sharedStorage: KeyValueStorage; openChannel: (name: string) => TabChannel };

/** Whether `environment` lets the tabs of a browser share one conversation. */
export function canShare(environment: Environment): environment is SharingEnvironment {
  return Boolean(environment.sharedStorage && environment.openChannel);
}

/** The actions asked before the shared client has arrived, run in order once it has. */
const forwarded = ["start", "typing", "retry", "retryNow", "end", "newConversation", "reset"] as const;

/**
 * The client of `persist: "local"`, returned at once while the code that shares a conversation across tabs
 * (`shared-chat-client.ts`, a file of its own that only such a client loads) arrives. The snapshot, its
 * listeners and events are those of the store it hands that code, so nothing is missed; the actions asked
 * meanwhile run in order once it has arrived, and a message is checked at once, as `send` always does.
 * Where that file cannot be loaded, the conversation is kept per tab, as with `persist: "session"`.
 */
export function loadSharedChatClient(environment: SharingEnvironment, options: ChatClientOptions): DiagnosableChatClient {
  const store = createConversationStore({ now: environment.now });
  const key = sessionStorageKeyFor(options.id);
  let client: DiagnosableChatClient | null = null;
  let destroyed = false;
  let waiting: ((loaded: DiagnosableChatClient) => void)[] = [];
  const later = (action: (loaded: DiagnosableChatClient) => void) => (client ? action(client) : void waiting.push(action));
  import("./shared-chat-client.ts")
    .then(({ buildSharedChatClient }) => buildSharedChatClient(environment, options, store))
    .catch(() => buildChatClient(environment, { ...options, persist: "session" }, { store }))
    .then((loaded) => {
      if (destroyed) return loaded.destroy();
      client = loaded;
      for (const action of waiting) action(loaded);
      waiting = [];
    });
  let context: ChatClientOptions["context"] | null = options.context;
  const send = (text: string) => {
    if (client) return client.send(text);
    const result = checkMessage(text.trim(), environment.createId(), destroyed || store, context ?? undefined);
    if (result.accepted) later((loaded) => loaded.send(text));
    return result;
  };
  const deferred = {
    get diagnostics() {
      return client?.diagnostics ?? { invalidFrames: 0, lifecycle: [] };
    },
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    on: store.on,
    off: store.off,
    resume() {
      if (client) return client.resume();
      waiting.push((loaded) => loaded.resume());
      // Decided now, as the shared client will: the widget restores an open panel only for a live conversation.
      return isResumable(
        createSessionPersistence(environment.sharedStorage, true, key).load(),
        environment.sharedStorage,
        key,
        environment.now(),
      );
    },
    send,
    setContext(next) {
      if (client) return client.setContext(next);
      const result = checkContext(next);
      if (!result.accepted) return result;
      context = next;
      later((loaded) => loaded.setContext(next));
      return result;
    },
    chooseSuggestion: send,
    conversationId: () => client?.conversationId() ?? null,
    now: environment.now,
    destroy() {
      destroyed = true;
      waiting = [];
      client?.destroy();
    },
  } as DiagnosableChatClient;
  for (const name of forwarded)
    deferred[name] = (...values: never[]) => later((loaded) => (loaded[name] as (...values: never[]) => void)(...values));
  return deferred;
}
