import { describe, expect, it } from "vitest";
import { createEventSequencer } from "../../../src/transport/messaging/event-sequencer.ts";
import type { ReceivedEvent, ReceivedFrame } from "../../../src/transport/messaging/read-frame.ts";

const event = (sequence: number | null, id: string | null = `e-${sequence}`): ReceivedEvent => ({
  id,
  sequence,
  change: null,
  signal: null,
  whole: true,
});
const batch = (...events: ReceivedEvent[]): ReceivedFrame => ({ batch: true, heartbeatEcho: false, events });
const live = (item: ReceivedEvent): ReceivedFrame => ({ batch: false, heartbeatEcho: false, events: [item] });
const ids = (events: ReceivedEvent[]) => events.map((item) => item.id);

describe("EventSequencer", () => {
  it("applies a batch in sequence order, moving the cursor to the highest sequence", () => {
    const sequencer = createEventSequencer();
    expect(ids(sequencer.accept(batch(event(4), event(2), event(1), event(5), event(3))))).toEqual(["e-1", "e-2", "e-3", "e-4", "e-5"]);
    expect(sequencer.cursor).toBe(5);
  });

  it("puts the events of a batch without a sequence after those with one, keeping their own order", () => {
    const sequencer = createEventSequencer();
    const ordered = sequencer.accept(batch(event(null, "first"), event(3), event(null, "second"), event(1)));
    expect(ids(ordered)).toEqual(["e-1", "e-3", "first", "second"]);
  });

  it("drops an event whose sequence was applied before, whatever its id", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(batch(event(1), event(2)));
    expect(ids(sequencer.accept(batch(event(1), event(2), event(2), event(3), event(3))))).toEqual(["e-3"]);
    expect(sequencer.accept(live(event(3, "other-id-same-sequence")))).toEqual([]);
    expect(sequencer.accept(batch(event(2, null), event(3, null)))).toEqual([]);
  });

  it("knows an event with a sequence by its sequence alone, within the session", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(live(event(1, "shared")));
    expect(ids(sequencer.accept(live(event(2, "shared"))))).toEqual(["shared"]);
  });

  it("drops an event with a sequence whose id an event without one had", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(live(event(null, "t")));
    expect(sequencer.accept(live(event(4, "t")))).toEqual([]);
    expect(sequencer.cursor).toBe(0);
  });

  it("de-duplicates reordered, overlapping replays across skipped sequences", () => {
    const sequencer = createEventSequencer();
    expect(ids(sequencer.accept(batch(event(7), event(1), event(3))))).toEqual(["e-1", "e-3", "e-7"]);
    expect(ids(sequencer.accept(live(event(9))))).toEqual(["e-9"]);
    expect(ids(sequencer.accept(live(event(5))))).toEqual(["e-5"]);
    expect(ids(sequencer.accept(batch(event(9), event(5), event(4), event(3), event(1), event(11))))).toEqual(["e-4", "e-11"]);
    expect(sequencer.cursor).toBe(11);
  });

  it("knows an event with a sequence by its sequence alone, keeping one key per event", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(batch(event(2), event(1), event(3)));
    for (let sequence = 4; sequence <= 2000; sequence++) sequencer.accept(live(event(sequence, `chunk-${sequence}`)));
    expect(sequencer.size).toBe(2000);
    expect(sequencer.accept(live(event(1000, "chunk-1000")))).toEqual([]);
    expect(sequencer.accept(live(event(1000, "another-id")))).toEqual([]);
    expect(sequencer.cursor).toBe(2000);
  });

  it("knows an event without a sequence by its id, and lets one with neither pass every time", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(batch(event(1), event(null, "transient"), event(null, null)));
    sequencer.accept(live(event(3)));
    expect(sequencer.size).toBe(3);
    expect(sequencer.accept(live(event(null, "transient")))).toEqual([]);
    expect(sequencer.accept(live(event(null, null)))).toHaveLength(1);
  });

  it("applies live events in arrival order and never holds them for a gap, since sequences may skip", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(batch(event(1)));
    expect(ids(sequencer.accept(live(event(5))))).toEqual(["e-5"]);
    expect(ids(sequencer.accept(live(event(3))))).toEqual(["e-3"]);
    expect(sequencer.cursor).toBe(5);
  });

  it("takes a sequence without an id, and an id without a sequence, as keys alike", () => {
    const sequencer = createEventSequencer();
    expect(sequencer.accept(batch(event(1, null), event(1, null)))).toHaveLength(1);
    expect(sequencer.accept(live(event(null, "t")))).toHaveLength(1);
    expect(sequencer.accept(live(event(null, "t")))).toEqual([]);
  });

  it("lets transient events without an id through every time, never counted in the cursor", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(live(event(2)));
    expect(sequencer.accept(live(event(null, null)))).toEqual([event(null, null)]);
    expect(sequencer.accept(live(event(null, null)))).toEqual([event(null, null)]);
    expect(sequencer.cursor).toBe(2);
  });
});
