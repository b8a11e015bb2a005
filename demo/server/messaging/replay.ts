import { EventType, limits } from "../../../src/protocol/index.ts";
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

/**
 * Packs events into `EVENT_BATCH` frames (serialised JSON), in order. A new batch starts only when adding
 * the next event would push the frame over `limits.maxFrameBytes`; an event too large for any batch goes
 * alone in its own.
 */
export function packReplayFrames(events: readonly StoredEventRecord[]): string[] {
  const frames: string[] = [];
  let batch: string[] = [];
  let batchBytes = 0;
  const emptyFrameBytes = Buffer.byteLength(batchFrame([]));
  for (const event of events) {
    const text = JSON.stringify(event);
    const bytes = Buffer.byteLength(text);
    const separator = batch.length > 0 ? 1 : 0;
    if (batch.length > 0 && emptyFrameBytes + batchBytes + separator + bytes > limits.maxFrameBytes) {
      frames.push(batchFrame(batch));
      batch = [];
      batchBytes = 0;
    }
    batchBytes += (batch.length > 0 ? 1 : 0) + bytes;
    batch.push(text);
  }
  if (batch.length > 0 || frames.length === 0) frames.push(batchFrame(batch));
  return frames;
}

function batchFrame(serialisedEvents: readonly string[]): string {
  const envelope = createServerEvent(EventType.EventBatch, { events: [] }, null);
  return JSON.stringify(envelope).replace('"events":[]', `"events":[${serialisedEvents.join(",")}]`);
}
