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
  /** The `chunkIndex` the assembly applies next; chunks past it wait (see `heldChunks`). */
  readonly nextIndex: number;
  /**
   * Chunks that arrived ahead of a gap, by `chunkIndex`, each with the count of chunks held once it came.
   * One map serves all the assemblies of a stream, so holding a chunk copies nothing: an assembly sees the
   * chunks that came by its own count, and only the newest (whose count is the map's size) adds to it.
   */
  readonly held: ReadonlyMap<number, readonly [StreamChunk, number]>;
  readonly arrivals: number;
  readonly text: string;
  readonly attachments: readonly Attachment[];
  readonly suggestions: readonly string[];
  /** True once the chunk carrying `isComplete` has been applied, or the stream was closed early. */
  readonly complete: boolean;
}

/** An empty assembly for `messageId`, waiting for chunk 1. */
export function startStream(messageId: string): StreamAssembly {
  return { messageId, nextIndex: 1, held: new Map(), arrivals: 0, text: "", attachments: [], suggestions: [], complete: false };
}

/** The chunks `assembly` holds ahead of a gap, in ascending `chunkIndex`. */
export function heldChunks({ held, nextIndex, arrivals }: StreamAssembly): StreamChunk[] {
  return [...held.values()]
    .filter(([chunk, arrival]) => chunk.chunkIndex >= nextIndex && arrival <= arrivals)
    .map(([chunk]) => chunk)
    .sort((left, right) => left.chunkIndex - right.chunkIndex);
}

/**
 * Adds one chunk. Chunks apply in `chunkIndex` order: one ahead of a gap is held until the gap fills; one
 * already applied or already held (a duplicate, for example a replay overlapping what arrived live) is
 * ignored; anything after completion is ignored. Text is concatenated; attachments and suggestions are
 * appended. Returns the same object when the chunk changed nothing. Holding a chunk costs constant time
 * however many wait (adding to an assembly that is not the newest of its stream first copies what it holds).
 */
export function addChunk(assembly: StreamAssembly, chunk: StreamChunk): StreamAssembly {
  const { chunkIndex } = chunk;
  const heldBy = assembly.held.get(chunkIndex)?.[1] ?? Infinity;
  if (assembly.complete || chunkIndex < assembly.nextIndex || heldBy <= assembly.arrivals) return assembly;
  if (chunkIndex > assembly.nextIndex) {
    const held =
      assembly.held.size === assembly.arrivals
        ? (assembly.held as Map<number, readonly [StreamChunk, number]>)
        : new Map(heldChunks(assembly).map((waiting, index) => [waiting.chunkIndex, [waiting, index + 1] as const]));
    held.set(chunkIndex, [chunk, held.size + 1]);
    return { ...assembly, held, arrivals: held.size };
  }
  // The chunk, then those held after it without a gap, up to a completing one.
  let next = append(assembly, chunk);
  for (let waiting; !next.complete && (waiting = assembly.held.get(next.nextIndex)) && waiting[1] <= assembly.arrivals;)
    next = append(next, waiting[0]);
  // Whatever waits beyond the completing chunk does not belong to the message.
  return next.complete ? { ...next, held: new Map(), arrivals: 0 } : next;
}

/**
 * Ends a stream that will get no more chunks (a newer message abandoned it, or the session ended): keeps
 * everything that arrived, applying held chunks in `chunkIndex` order across the gaps, and marks it
 * complete. A complete assembly comes back unchanged.
 */
export function closeStream(assembly: StreamAssembly): StreamAssembly {
  if (assembly.complete) return assembly;
  return { ...heldChunks(assembly).reduce(append, assembly), held: new Map(), arrivals: 0, complete: true };
}

/**
 * Applies a chunk: the next one in order, or a held one. Written out rather than spread from `assembly`,
 * which V8 does many times slower, as every chunk of every stream passes here.
 */
function append(assembly: StreamAssembly, chunk: StreamChunk): StreamAssembly {
  return {
    messageId: assembly.messageId,
    held: assembly.held,
    arrivals: assembly.arrivals,
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
