import { describe, expect, it } from "vitest";
import { createOutbox, type Outbox } from "../../../src/transport/delivery/outbox.ts";

const states = (outbox: Outbox) => outbox.entries().map((entry) => `${entry.id}:${entry.state}:${entry.attempts}`);

describe("Outbox", () => {
  it("hands out queued messages once, oldest first, all at once or one at a time", () => {
    const outbox = createOutbox();
    outbox.add({ id: "a", text: "first", time: 1 });
    outbox.add({ id: "b", text: "second", time: 2 });
    outbox.add({ id: "a", text: "first again", time: 3 });
    expect(outbox.takeNext(0)?.id).toBe("a");
    expect(outbox.takeSendable(0).map((entry) => entry.id)).toEqual(["b"]);
    expect(outbox.takeSendable(0)).toEqual([]);
    expect(outbox.takeNext(0)).toBeUndefined();
  });

  it("tells the lifecycle what waits, what is unconfirmed, and since when the oldest send waits for its receipt", () => {
    const outbox = createOutbox();
    expect(outbox.facts()).toEqual({ queued: false, unconfirmed: false, oldestInFlightSentAt: null });
    outbox.add({ id: "a", text: "first", time: 1 });
    expect(outbox.facts().queued).toBe(true);
    outbox.takeSendable(1000);
    outbox.add({ id: "b", text: "second", time: 2 });
    outbox.takeSendable(2000);
    expect(outbox.facts()).toEqual({ queued: false, unconfirmed: false, oldestInFlightSentAt: 1000 });
    outbox.confirm("a");
    expect(outbox.facts().oldestInFlightSentAt).toBe(2000);
    outbox.socketLost();
    expect(outbox.facts()).toEqual({ queued: false, unconfirmed: true, oldestInFlightSentAt: null });
  });

  it("lets a message go only on its receipt", () => {
    const outbox = createOutbox();
    outbox.add({ id: "a", text: "first", time: 1 });
    outbox.takeSendable(0);
    expect(outbox.confirm("a")?.text).toBe("first");
    expect(outbox.entries()).toEqual([]);
    expect(outbox.confirm("a")).toBeUndefined();
  });

  it("does not send again what was in flight on a dropped socket until the replay has settled", () => {
    const outbox = createOutbox();
    outbox.add({ id: "a", text: "first", time: 1 });
    outbox.takeSendable(0);
    outbox.socketLost();
    expect(outbox.takeSendable(0)).toEqual([]);
    expect(outbox.settleUnconfirmed(3)).toEqual([]);
    expect(states(outbox)).toEqual(["a:queued:1"]);
    expect(outbox.takeSendable(0).map((entry) => entry.id)).toEqual(["a"]);
  });

  it("fails a message once it has had the attempts it is given, and queued again it starts a fresh count", () => {
    const outbox = createOutbox();
    outbox.add({ id: "a", text: "first", time: 1 });
    const failures: string[][] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      outbox.takeSendable(0);
      outbox.socketLost();
      failures.push(outbox.settleUnconfirmed(3).map((entry) => entry.id));
    }
    expect(failures).toEqual([[], [], ["a"]]);
    expect(states(outbox)).toEqual(["a:failed:3"]);
    expect(outbox.move("a", "queued")).toBe(true);
    expect(states(outbox)).toEqual(["a:queued:0"]);
    expect(outbox.move("missing", "queued")).toBe(false);
  });

  it("puts an in-flight message back in its place, and fails every queued one at once", () => {
    const outbox = createOutbox();
    for (const id of ["a", "b", "c"]) outbox.add({ id, text: id, time: 0 });
    outbox.takeNext(0);
    outbox.move("a", "queued");
    expect(outbox.takeNext(0)?.id).toBe("a");
    expect(outbox.failQueued().map((entry) => entry.id)).toEqual(["b", "c"]);
    expect(states(outbox)).toEqual(["a:in-flight:0", "b:failed:0", "c:failed:0"]);
  });

  it("treats restored in-flight messages as unconfirmed and not yet shown", () => {
    const outbox = createOutbox([
      { id: "a", text: "sent before reload", time: 1, attempts: 0, state: "in-flight", shown: true },
      { id: "b", text: "queued before reload", time: 2, attempts: 0, state: "queued", shown: true },
    ]);
    expect(states(outbox)).toEqual(["a:unconfirmed:0", "b:queued:0"]);
    expect(outbox.entries().map((entry) => entry.shown)).toEqual([false, false]);
    expect(outbox.takeUnshown().map((entry) => entry.id)).toEqual(["a", "b"]);
    expect(outbox.entries().map((entry) => entry.shown)).toEqual([true, true]);
    expect(outbox.takeUnshown()).toEqual([]);
    outbox.clear();
    expect(outbox.entries()).toEqual([]);
  });
});
