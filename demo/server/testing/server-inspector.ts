import type { ServerInspector, StoredEventView } from "../reference-server-types.ts";
import type { ChatConversations } from "../chat/chat-conversations.ts";
import type { SessionRegistry } from "../messaging/session-registry.ts";
import type { ServerContext } from "../server-context.ts";

/**
 * Read-only views of the sessions, the Chat API conversations and the voice doors' records for tests. Stored events and received
 * messages are copies, and stay readable for a while after a session expired; unknown ids give empty lists
 * and zero sockets.
 */
export function createServerInspector(sessions: SessionRegistry, chat: ChatConversations, voice: ServerContext["voice"]): ServerInspector {
  return {
    chatConversations() {
      return structuredClone(chat.list().map(({ id, integrationAttributes }) => ({ id, integrationAttributes })));
    },
    outboundCalls: () => voice.calls.views(),
    dniReservations: () => voice.reservations.views(),
    externalEvents: () => voice.events.views(),
    storedEvents(sessionId: string): readonly StoredEventView[] {
      const session = sessions.inspectable(sessionId);
      return session ? (structuredClone(session.storedEvents()) as StoredEventView[]) : [];
    },
    receivedUserMessages(sessionId: string) {
      return structuredClone(sessions.inspectable(sessionId)?.receivedUserMessages ?? []);
    },
    sessionIds() {
      return sessions.ids();
    },
    openSocketCount(sessionId: string) {
      return sessions.get(sessionId)?.openSocketCount ?? 0;
    },
    droppedFrameCount(sessionId: string) {
      return sessions.inspectable(sessionId)?.droppedFrames ?? 0;
    },
    whenAgentIdle(sessionId: string) {
      return sessions.get(sessionId)?.timeline.whenIdle() ?? Promise.resolve();
    },
  };
}
