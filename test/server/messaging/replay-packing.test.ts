import { describe, expect, it } from "vitest";
import { splitIntoFragments } from "../../../demo/server/agent/message-delivery.ts";
import { packReplayFrames, replayEvents } from "../../../demo/server/messaging/replay.ts";
import type { StoredEventRecord } from "../../../demo/server/messaging/server-event.ts";

function storedEvents(count: number, textBytes = 10): StoredEventRecord[] {
  return Array.from({ length: count }, (_, index): StoredEventRecord => {
    const envelope = { id: `id-${index + 1}`, sequence: index + 1, timestamp: new Date(0).toISOString() };
    return index === 0
      ? { ...envelope, type: "EVENT_TYPE_SESSION_START", payload: { capabilities: {} } }
      : { ...envelope, type: "EVENT_TYPE_USER_MESSAGE", payload: { text: "x".repeat(textBytes) } };
  });
}

describe("replay", () => {
  it("starts with SESSION_START and repeats it on a resume, followed by the events after the cursor", () => {
    const events = storedEvents(5);
    expect(replayEvents(events, 0, undefined).map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(replayEvents(events, 3, undefined).map((event) => event.sequence)).toEqual([1, 4, 5]);
    expect(replayEvents(events, 99, undefined).map((event) => event.sequence)).toEqual([1]);
  });

  it("duplicates every event or shuffles them out of order, keeping SESSION_START first", () => {
    const events = storedEvents(6);
    expect(replayEvents(events, 0, "duplicate").map((event) => event.sequence)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    const reordered = replayEvents(events, 0, "reorder", () => 0.999).map((event) => event.sequence);
    expect(reordered[0]).toBe(1);
    expect([...reordered].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(reordered).not.toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("packs a small history in one batch and splits only above the frame limit", () => {
    expect(packReplayFrames(storedEvents(20))).toHaveLength(1);
    const frames = packReplayFrames(storedEvents(10, 40_000));
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(131072);
    const sequences = frames.flatMap((frame) =>
      (JSON.parse(frame) as { payload: { events: StoredEventRecord[] } }).payload.events.map((event) => event.sequence),
    );
    expect(sequences).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("cuts batches of at most the given number of events, still within the frame limit", () => {
    const frames = packReplayFrames(storedEvents(8), { maxEventsPerBatch: 3 });
    const batches = frames.map((frame) => (JSON.parse(frame) as { payload: { events: StoredEventRecord[] } }).payload.events);
    expect(batches.map((events) => events.map((event) => event.sequence))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    const large = packReplayFrames(storedEvents(4, 60_000), { maxEventsPerBatch: 3 });
    for (const frame of large) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(131072);
  });

  it("wraps a batch in only type and payload when the platform sends it without id", () => {
    const [plain] = packReplayFrames(storedEvents(2), { now: 0 });
    expect(Object.keys(JSON.parse(plain as string))).toEqual(["type", "payload", "id", "sequence", "timestamp"]);
    const [bare] = packReplayFrames(storedEvents(2), { batchWithoutId: true });
    const parsed = JSON.parse(bare as string) as { payload: { events: StoredEventRecord[] } };
    expect(Object.keys(parsed)).toEqual(["type", "payload"]);
    expect(parsed.payload.events.map((event) => event.id)).toEqual(["id-1", "id-2"]);
  });

  it("splits text into fragments that join back into the original", () => {
    const text = "Hello  there, **world**!\n\nSecond paragraph here.";
    const fragments = splitIntoFragments(text);
    expect(fragments.length).toBeGreaterThan(2);
    expect(fragments.join("")).toBe(text);
  });
});
