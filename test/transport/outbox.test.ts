import { describe, expect, it } from "vitest";
import { createOutbox, type Outbox } from "../../src/transport/outbox.ts";

const states = (outbox: Outbox) => outbox.entries().map((entry) => `${entry.id}:${entry.state}:${entry.attempts}`);

describe("Outbox", () => {
  it("hands out queued messages once, oldest first", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    outbox.enqueue("b", "second", 2);
    expect(outbox.takeSendable().map((entry) => entry.id)).toEqual(["a", "b"]);
    expect(outbox.takeSendable()).toEqual([]);
  });

  it("lets a message go only on its echo", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    outbox.takeSendable();
    expect(outbox.confirm("a")?.text).toBe("first");
    expect(outbox.entries()).toEqual([]);
    expect(outbox.confirm("a")).toBeUndefined();
  });

  it("does not re-send what was in flight on a dropped socket until the replay is checked", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    outbox.takeSendable();
    outbox.socketLost();
    expect(outbox.takeSendable()).toEqual([]);
    expect(outbox.replayChecked()).toEqual([]);
    expect(states(outbox)).toEqual(["a:queued:1"]);
    expect(outbox.takeSendable().map((entry) => entry.id)).toEqual(["a"]);
  });

  it("fails a message on its third lost attempt and restarts the count on retry", () => {
    const outbox = createOutbox();
    outbox.enqueue("a", "first", 1);
    const failures: string[][] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      outbox.takeSendable();
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
