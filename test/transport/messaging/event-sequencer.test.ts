import { describe, expect, it } from "vitest";
import { EventType, type InboundEvent } from "../../../src/protocol/index.ts";
import { createEventSequencer } from "../../../src/transport/messaging/event-sequencer.ts";

const event = (sequence: number | null, id = `e-${sequence}`): InboundEvent =>
  ({ id, sequence, timestamp: "", type: EventType.ServiceAgentThinking, payload: {} }) as InboundEvent;
const batch = (...events: InboundEvent[]): InboundEvent =>
  ({ id: "batch", sequence: null, timestamp: "", type: EventType.EventBatch, payload: { events } }) as InboundEvent;
const ids = (events: InboundEvent[]) => events.map((item) => item.id);

describe("EventSequencer", () => {
  it("flattens a batch and releases it in order, moving the cursor to the highest sequence", () => {
    const sequencer = createEventSequencer();
    expect(ids(sequencer.accept(batch(event(1), event(2), event(3))))).toEqual(["e-1", "e-2", "e-3"]);
    expect(sequencer.cursor).toBe(3);
  });

  it("drops an id seen before and a sequence at or below the cursor", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(batch(event(1), event(2)));
    expect(sequencer.accept(batch(event(1), event(2), event(2), event(3), event(3)))).toEqual([event(3)]);
    expect(sequencer.accept(event(3, "other-id-same-sequence"))).toEqual([]);
  });

  it("holds an event after a gap until the gap fills", () => {
    const sequencer = createEventSequencer();
    expect(sequencer.accept(batch(event(1), event(3), event(4)))).toEqual([event(1)]);
    expect(sequencer.hasHeld).toBe(true);
    expect(sequencer.cursor).toBe(1);
    expect(ids(sequencer.accept(event(2)))).toEqual(["e-2", "e-3", "e-4"]);
    expect(sequencer.cursor).toBe(4);
    expect(sequencer.hasHeld).toBe(false);
  });

  it("puts a shuffled replay back in order", () => {
    const sequencer = createEventSequencer();
    expect(ids(sequencer.accept(batch(event(4), event(2), event(1), event(5), event(3))))).toEqual(["e-1", "e-2", "e-3", "e-4", "e-5"]);
  });

  it("releases what a gap holds back when the replay ends", () => {
    const sequencer = createEventSequencer(2);
    expect(sequencer.accept(batch(event(5), event(4)))).toEqual([]);
    expect(ids(sequencer.endReplay())).toEqual(["e-4", "e-5"]);
    expect(sequencer.cursor).toBe(5);
  });

  it("lets transient events through at once, unordered and never counted in the cursor", () => {
    const sequencer = createEventSequencer();
    sequencer.accept(event(2));
    expect(sequencer.accept(event(null, "heartbeat"))).toEqual([event(null, "heartbeat")]);
    expect(sequencer.cursor).toBe(0);
  });
});
