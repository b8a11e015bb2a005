import { describe, expect, it } from "vitest";
import { createOutbox, type Outbox } from "../../src/transport/outbox.ts";

const states = (outbox: Outbox) => outbox.entries().map((entry) => `${entry.id}:${entry.state}:${entry.attempts}`);

describe("Outbox", () => {
  it("hands out queued messages once, oldest first", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    outbox.enqueue("b", "second", 2);
    expect(outbox.takeSendable(0).map((entry) => entry.id)).toEqual(["a", "b"]);
    expect(outbox.takeSendable(0)).toEqual([]);
  });

  it("knows since when the oldest message on the current socket has waited for its echo", () => {
    const outbox = createOutbox();
    expect(outbox.oldestInFlightSentAt()).toBeNull();
    outbox.enqueue("a", "first", 1);
    outbox.takeSendable(1000);
    outbox.enqueue("b", "second", 2);
    outbox.takeSendable(2000);
    expect(outbox.oldestInFlightSentAt()).toBe(1000);
    outbox.confirm("a");
    expect(outbox.oldestInFlightSentAt()).toBe(2000);
    outbox.socketLost();
    expect(outbox.oldestInFlightSentAt()).toBeNull();
  });

  it("lets a message go only on its echo", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    outbox.takeSendable(0);
    expect(outbox.confirm("a")?.text).toBe("first");
    expect(outbox.entries()).toEqual([]);
    expect(outbox.confirm("a")).toBeUndefined();
  });

  it("does not re-send what was in flight on a dropped socket until the replay is checked", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    outbox.takeSendable(0);
    outbox.socketLost();
    expect(outbox.takeSendable(0)).toEqual([]);
    expect(outbox.replayChecked()).toEqual([]);
    expect(states(outbox)).toEqual(["a:queued:1"]);
    expect(outbox.takeSendable(0).map((entry) => entry.id)).toEqual(["a"]);
  });

  it("fails a message on its third lost attempt and restarts the count on retry", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    const failures: string[][] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      outbox.takeSendable(0);
      outbox.socketLost();
      failures.push(outbox.replayChecked().map((entry) => entry.id));
    }
    expect(failures).toEqual([[], [], ["a"]]);
    expect(states(outbox)).toEqual(["a:failed:3"]);
    expect(outbox.retry("a")).toBe(true);
    expect(states(outbox)).toEqual(["a:queued:0"]);
    expect(outbox.retry("a")).toBe(false);
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
  });
});
