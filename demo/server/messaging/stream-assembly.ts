import { EventType, type ServerPayloads } from "../../../src/protocol/index.ts";

type Chunk = ServerPayloads[typeof EventType.ServiceAgentMessageChunk];
type WholeMessage = ServerPayloads[typeof EventType.ServiceAgentMessage];

/**
 * Collects the chunks of streamed agent messages, for a platform whose history holds assembled messages:
 * chunks are appended by `message_id` in `chunk_index` order, and the chunk that completes a message
 * returns the whole message (its text, and every attachment and suggestion the chunks carried).
 */
export class StreamAssembly {
  private readonly open = new Map<string, Chunk[]>();

  /** Adds a chunk; returns the assembled message when this chunk completes it. */
  add(chunk: Chunk): WholeMessage | undefined {
    const chunks = this.open.get(chunk.message_id) ?? [];
    chunks.push(chunk);
    if (!chunk.is_complete) {
      this.open.set(chunk.message_id, chunks);
      return undefined;
    }
    this.open.delete(chunk.message_id);
    chunks.sort((first, second) => first.chunk_index - second.chunk_index);
    return {
      message_id: chunk.message_id,
      text: chunks.map((part) => part.text).join(""),
      attachments: chunks.flatMap((part) => part.attachments),
      response_suggestions: chunks.flatMap((part) => part.response_suggestions),
    };
  }
}
