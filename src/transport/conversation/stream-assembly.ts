import type { Attachment } from "../../protocol/index.ts";

/** One streamed fragment of an agent message, as the store receives it. */
export interface StreamChunk {
  /** 1-based position of the fragment in its message. */
  chunkIndex: number;
  text: string;
  attachments: readonly Attachment[];
  suggestions: readonly string[];
  isComplete: boolean;
}

/**
 * What has been assembled of one streamed message so far. Immutable: every function here returns a new
 * assembly when something changed and the very same object when nothing did, so a caller can compare
 * identities to know whether the visible message moved.
 */
export interface StreamAssembly {
  readonly messageId: string;
  /** The `chunkIndex` the assembly applies next; chunks past it wait in `held`. */
  readonly nextIndex: number;
  /** Chunks that arrived ahead of a gap, in ascending `chunkIndex`. */
  readonly held: readonly StreamChunk[];
  readonly text: string;
  readonly attachments: readonly Attachment[];
  readonly suggestions: readonly string[];
  /** True once the chunk carrying `isComplete` has been applied, or the stream was closed early. */
  readonly complete: boolean;
}

/** An empty assembly for `messageId`, waiting for chunk 1. */
export function startStream(messageId: string): StreamAssembly {
  return { messageId, nextIndex: 1, held: [], text: "", attachments: [], suggestions: [], complete: false };
}

/**
 * Adds one chunk. Chunks apply in `chunkIndex` order: one ahead of a gap is held until the gap fills; one
 * already applied or already held (a duplicate, for example a replay overlapping what arrived live) is
 * ignored; anything after completion is ignored. Text is concatenated; attachments and suggestions are
 * appended. Returns the same object when the chunk changed nothing.
 */
export function addChunk(assembly: StreamAssembly, chunk: StreamChunk): StreamAssembly {
  const known = chunk.chunkIndex < assembly.nextIndex || assembly.held.some((held) => held.chunkIndex === chunk.chunkIndex);
  if (assembly.complete || known) return assembly;
  // The usual case, a chunk in order with none held, applies at once.
  if (chunk.chunkIndex === assembly.nextIndex && assembly.held.length === 0) return applyChunk(assembly, chunk);
  let next: StreamAssembly = { ...assembly, held: [...assembly.held, chunk].sort((left, right) => left.chunkIndex - right.chunkIndex) };
  for (let first = next.held[0]; !next.complete && first?.chunkIndex === next.nextIndex; first = next.held[0])
    next = applyChunk(next, first);
  // Whatever waits beyond the completing chunk does not belong to the message.
  return next.complete ? { ...next, held: [] } : next;
}

/**
 * Ends a stream that will get no more chunks (a newer message abandoned it, or the session ended): keeps
 * everything that arrived, applying held chunks in `chunkIndex` order across the gaps, and marks it
 * complete. A complete assembly comes back unchanged.
 */
export function closeStream(assembly: StreamAssembly): StreamAssembly {
  return assembly.complete ? assembly : { ...assembly.held.reduce(applyChunk, assembly), held: [], complete: true };
}

/**
 * Applies a held chunk (taking it out of `held`) or the next one in order. Written out rather than spread
 * from `assembly`, which V8 does many times slower, as every chunk of every stream passes here.
 */
function applyChunk(assembly: StreamAssembly, chunk: StreamChunk): StreamAssembly {
  return {
    messageId: assembly.messageId,
    held: assembly.held.length === 0 ? assembly.held : assembly.held.filter((held) => held !== chunk),
    nextIndex: chunk.chunkIndex + 1,
    text: assembly.text + chunk.text,
    attachments: appendAll(assembly.attachments, chunk.attachments),
    suggestions: appendAll(assembly.suggestions, chunk.suggestions),
    complete: chunk.isComplete,
  };
}

/** Appends, keeping the original array when there is nothing to add so unchanged lists keep identity. */
function appendAll<Item>(list: readonly Item[], additions: readonly Item[]): readonly Item[] {
  return additions.length === 0 ? list : [...list, ...additions];
}
