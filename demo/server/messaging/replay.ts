import { EventType, limits } from "../../../src/protocol/index.ts";
import type { PlatformBehaviour } from "../platform/platform-behaviour.ts";
import { createServerEvent, type StoredEventRecord } from "./server-event.ts";

/** A fault applied to one replay, set through the fault controls. */
export type ReplayFault = "duplicate" | "reorder";

/**
 * The events one replay carries: `SESSION_START` first, always, then every stored event with a
 * sequence above `cursor` in ascending order (`SESSION_START` itself is not repeated when the cursor is
 * 0). A fault duplicates every event after the first, or shuffles them (guaranteed out of order when
 * there are at least two).
 */
export function replayEvents(
  stored: readonly StoredEventRecord[],
  cursor: number,
  fault: ReplayFault | undefined,
  random: () => number = Math.random,
): StoredEventRecord[] {
  const [sessionStart, ...rest] = stored;
  if (!sessionStart) return [];
  const after = rest.filter((event) => event.sequence > cursor);
  if (fault === "duplicate") return [sessionStart, sessionStart, ...after.flatMap((event) => [event, event])];
  if (fault === "reorder") return [sessionStart, ...shuffleOutOfOrder(after, random)];
  return [sessionStart, ...after];
}

function shuffleOutOfOrder<Item>(items: readonly Item[], random: () => number): Item[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as Item, shuffled[index] as Item];
  }
  if (shuffled.length >= 2 && shuffled.every((item, index) => item === items[index])) shuffled.reverse();
  return shuffled;
}

/** How a replay is cut into `EVENT_BATCH` frames. */
export interface ReplayPacking {
  /** Most events in one batch; absent, only the frame limit cuts. */
  maxEventsPerBatch?: number;
  /** The batch wrapper carries only `type` and `payload`. */
  batchWithoutId?: boolean;
  /** When the batches are stamped (milliseconds); default now. */
  now?: number;
}

/**
 * Cuts events into batches of serialised events, in order. A new batch starts when adding the next
 * event would push its frame over `limits.maxFrameBytes`, or the batch already holds `maxEventsPerBatch`
 * events; an event too large for any batch goes alone in its own. There is always at least one batch.
 */
export function packReplayBatches(events: readonly StoredEventRecord[], packing: ReplayPacking = {}): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let batchBytes = 0;
  const emptyFrameBytes = Buffer.byteLength(replayBatchFrame([], packing));
  const maxEvents = packing.maxEventsPerBatch ?? Number.POSITIVE_INFINITY;
  for (const event of events) {
    const text = JSON.stringify(event);
    const bytes = Buffer.byteLength(text);
    const separator = batch.length > 0 ? 1 : 0;
    const tooLarge = emptyFrameBytes + batchBytes + separator + bytes > limits.maxFrameBytes;
    if (batch.length > 0 && (tooLarge || batch.length >= maxEvents)) {
      batches.push(batch);
      batch = [];
      batchBytes = 0;
    }
    batchBytes += (batch.length > 0 ? 1 : 0) + bytes;
    batch.push(text);
  }
  if (batch.length > 0 || batches.length === 0) batches.push(batch);
  return batches;
}

/** One `EVENT_BATCH` frame around already serialised events, stamped at `packing.now`. */
export function replayBatchFrame(serialisedEvents: readonly string[], packing: ReplayPacking = {}): string {
  const envelope = packing.batchWithoutId
    ? { type: EventType.EventBatch, payload: { events: [] } }
    : createServerEvent(EventType.EventBatch, { events: [] }, null, packing.now ?? Date.now());
  return JSON.stringify(envelope).replace('"events":[]', `"events":[${serialisedEvents.join(",")}]`);
}

/** The whole replay as `EVENT_BATCH` frames, all stamped at once; see `packReplayBatches`. */
export function packReplayFrames(events: readonly StoredEventRecord[], packing: ReplayPacking = {}): string[] {
  return packReplayBatches(events, packing).map((batch) => replayBatchFrame(batch, packing));
}

/**
 * The frames of the replay a socket opened at `cursor` is sent, cut as the platform does, without the
 * events' metadata when the platform keeps none in history, and none at all to a cursor already at the
 * latest event when the platform resumes silently. Each batch's frame is stamped by `now` when it is built,
 * as it goes out, so a paced replay shows its pauses.
 */
export function replayFrames(
  stored: readonly StoredEventRecord[],
  cursor: number,
  fault: ReplayFault | undefined,
  platform: PlatformBehaviour,
  now: () => number,
): (() => string)[] {
  const batchWithoutId = platform.batchWithoutId;
  const replayed = replayEvents(stored, cursor, fault);
  const history = platform.historyWithoutMetadata ? replayed.map(({ metadata: _metadata, ...event }) => event) : replayed;
  const nothingNew = cursor > 0 && stored.every((event) => event.sequence <= cursor);
  const batches = packReplayBatches(history, {
    ...(platform.replayBatchSize !== undefined && { maxEventsPerBatch: platform.replayBatchSize }),
    batchWithoutId,
  });
  if (platform.silentResume && nothingNew) batches.length = 0;
  return batches.map((batch) => () => replayBatchFrame(batch, { batchWithoutId, now: now() }));
}
