import type { ConversationEvent } from "../conversation/conversation-events.ts";

/** Whether the agent is answering, as the events of one session show it. */
export interface AnswerTracker {
  /** The agent is thinking or typing, or a message of it is streaming and not yet whole. */
  readonly answering: boolean;
  /** Reads one event applied in order. */
  see(event: ConversationEvent): void;
}

/**
 * Follows the agent's answers through a session's events. A streamed message is whole at its last chunk
 * only when no chunk went missing before it: a platform whose history holds assembled messages sends no
 * missed chunk again after a reconnect, but the whole message, which is then what ends the answer.
 */
export function createAnswerTracker(): AnswerTracker {
  let answering = false;
  /** The stream being received: its message, the chunk index due next, and whether one went missing. */
  let stream: { id: string; nextIndex: number; gap: boolean } | null = null;
  return {
    get answering() {
      return answering;
    },
    see(event) {
      switch (event.kind) {
        case "agent-thinking":
          answering = true;
          return;
        case "live-agent-typing":
          answering = event.typing;
          return;
        case "agent-message-chunk": {
          if (stream?.id !== event.id) stream = { id: event.id, nextIndex: 1, gap: false };
          if (event.chunkIndex === stream.nextIndex) stream.nextIndex += 1;
          else if (event.chunkIndex > stream.nextIndex) stream.gap = true;
          answering = !event.isComplete || stream.gap;
          if (!answering) stream = null;
          return;
        }
        case "agent-message":
        case "live-agent-message":
        case "agent-left":
        case "live-agent-left":
          answering = false;
          stream = null;
          return;
        case "notice":
          if (event.answersTurn) answering = false;
      }
    },
  };
}
