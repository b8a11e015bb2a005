import { EventType, type ServerPayloads } from "../../../src/protocol/index.ts";

type Chunk = ServerPayloads[typeof EventType.ServiceAgentMessageChunk];
type WholeMessage = ServerPayloads[typeof EventType.ServiceAgentMessage];

/**
 * Collects the chunks of streamed agent messages, for a platform whose history holds assembled messages:
 * chunks are appended by `message_id` in `chunk_index` order, and the chunk that completes a message, or
 * the cut of its stream, returns the whole message so far (its text, and every attachment and suggestion
 * the chunks carried).
 */
export class StreamAssembly {
  private readonly open = new Map<string, Chunk[]>();

  /** Adds a chunk; returns the assembled message when this chunk completes it. */
  add(chunk: Chunk): WholeMessage | undefined {
    const chunks = this.open.get(chunk.message_id) ?? [];
    chunks.push(chunk);
    this.open.set(chunk.message_id, chunks);
    return chunk.is_complete ? this.cut(chunk.message_id) : undefined;
  }

  /** Ends the message `messageId` where it stands: what its chunks assembled so far, if any arrived. */
  cut(messageId: string): WholeMessage | undefined {
    const chunks = this.open.get(messageId);
    if (!chunks) return undefined;
    this.open.delete(messageId);
    chunks.sort((first, second) => first.chunk_index - second.chunk_index);
    return {
      message_id: messageId,
      text: chunks.map((part) => part.text).join(""),
      attachments: chunks.flatMap((part) => part.attachments),
      response_suggestions: chunks.flatMap((part) => part.response_suggestions),
    };
  }
}
