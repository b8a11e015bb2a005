import { describe, expect, it } from "vitest";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import { createDelivery, type Delivery, type OutboxEntry } from "../../../src/transport/delivery/delivery.ts";

/** A delivery whose store events and change calls are recorded. */
function setup(restored: OutboxEntry[] = []) {
  const events: string[] = [];
  let changes = 0;
  const delivery = createDelivery(
    (event: ConversationEvent) =>
      events.push(`${event.kind}:${"id" in event ? event.id : ""}${"history" in event && event.history ? ":history" : ""}`),
    () => (changes += 1),
    restored,
  );
  return { delivery, events, changes: () => changes };
}

const states = (delivery: Delivery) => delivery.entries().map((entry) => `${entry.id}:${entry.state}:${entry.attempts}`);
const ids = (entries: readonly OutboxEntry[]) => entries.map((entry) => entry.id);

describe("Delivery: the outbox", () => {
  it("hands out queued messages once, oldest first, all at once or one at a time, and keeps one message per id", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "first", 1);
    delivery.enqueue("b", "second", 2);
    delivery.enqueue("a", "first again", 3);
    expect(delivery.takeSendable(0, 1)[0]?.id).toBe("a");
    expect(ids(delivery.takeSendable(0))).toEqual(["b"]);
    expect(delivery.takeSendable(0)).toEqual([]);
    expect(delivery.takeSendable(0, 1)).toEqual([]);
    expect(events).toEqual(["user-message-queued:a", "user-message-queued:b"]);
  });

  it("tells the lifecycle what waits, what awaits a replay, and since when the oldest send waits for its receipt", () => {
    const { delivery } = setup();
    expect(delivery.facts()).toEqual({
      queued: false,
      awaitingReplay: false,
      oldestInFlightSentAt: null,
      lastMessageId: null,
      lastMessageAnswered: false,
    });
    delivery.enqueue("a", "first", 1);
    expect(delivery.facts().queued).toBe(true);
    delivery.takeSendable(1000);
    delivery.enqueue("b", "second", 2);
    delivery.takeSendable(2000);
    expect(delivery.facts()).toEqual({
      queued: false,
      awaitingReplay: false,
      oldestInFlightSentAt: 1000,
      lastMessageId: null,
      lastMessageAnswered: false,
    });
    delivery.received({ kind: "user-message-replayed", id: "a", text: "", time: 5 });
    expect(delivery.facts()).toMatchObject({ oldestInFlightSentAt: 2000, lastMessageId: "a" });
    delivery.socketLost();
    expect(delivery.facts()).toMatchObject({ awaitingReplay: true, oldestInFlightSentAt: null });
  });

  it("does not send again what was in flight on a dropped socket until the replay has settled", () => {
    const { delivery } = setup();
    delivery.enqueue("a", "first", 1);
    delivery.takeSendable(0);
    delivery.socketLost();
    expect(delivery.takeSendable(0)).toEqual([]);
    delivery.replaySettled(3);
    expect(states(delivery)).toEqual(["a:queued:1"]);
    expect(ids(delivery.takeSendable(0))).toEqual(["a"]);
  });

  it("fails a message once it has had the attempts the lifecycle gives it; the user's retry starts a fresh count", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "first", 1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      delivery.takeSendable(0);
      delivery.socketLost();
      delivery.replaySettled(3);
    }
    expect(states(delivery)).toEqual(["a:failed:3"]);
    expect(events.at(-1)).toBe("user-message-failed:a");
    expect(delivery.retry("a")).toBe(true);
    expect(states(delivery)).toEqual(["a:queued:0"]);
    expect(delivery.retry("a")).toBe(false);
    expect(events.at(-1)).toBe("user-message-retrying:a");
  });

  it("makes what may have reached a session left unconfirmed, placing restored messages so, and sends it only on the user's retry", () => {
    const { delivery, events } = setup([{ id: "r", text: "in flight at reload", time: 1, attempts: 0, state: "in-flight", shown: true }]);
    delivery.enqueue("a", "in flight", 2);
    delivery.enqueue("b", "on a dropped socket", 3);
    delivery.enqueue("c", "still queued", 4);
    delivery.takeSendable(0, 1);
    delivery.takeSendable(0, 1);
    delivery.socketLost();
    expect(states(delivery)).toEqual(["r:awaiting-replay:0", "a:awaiting-replay:0", "b:awaiting-replay:0", "c:queued:0"]);
    delivery.sessionLeft();
    expect(states(delivery)).toEqual(["r:unconfirmed:0", "a:unconfirmed:0", "b:unconfirmed:0", "c:queued:0"]);
    expect(events.slice(-4)).toEqual([
      "user-message-unconfirmed:a",
      "user-message-unconfirmed:b",
      "user-message-queued:r",
      "user-message-unconfirmed:r",
    ]);
    expect(delivery.facts()).toMatchObject({ awaitingReplay: false, queued: true });
    expect(ids(delivery.takeSendable(0))).toEqual(["c"]);
    expect(delivery.retry("a")).toBe(true);
    expect(ids(delivery.takeSendable(0))).toEqual(["a"]);
  });

  it("marks one message unconfirmed when it may have left and nothing will tell", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "one", 1);
    delivery.takeSendable(0);
    delivery.unconfirm("a");
    expect(states(delivery)).toEqual(["a:unconfirmed:0"]);
    expect(events.at(-1)).toBe("user-message-unconfirmed:a");
  });

  it("puts an in-flight message back in its place, and fails every queued one at once", () => {
    const { delivery, events, changes } = setup();
    for (const id of ["a", "b", "c"]) delivery.enqueue(id, id, 0);
    delivery.takeSendable(0, 1);
    delivery.requeue("a");
    expect(delivery.takeSendable(0, 1)[0]?.id).toBe("a");
    delivery.failQueued();
    expect(states(delivery)).toEqual(["a:in-flight:0", "b:failed:0", "c:failed:0"]);
    expect(events.slice(-2)).toEqual(["user-message-failed:b", "user-message-failed:c"]);
    const before = changes();
    delivery.failQueued();
    expect(changes()).toBe(before);
  });
});

describe("Delivery: receipts", () => {
  it("shows a new message as sending, and delivered on its receipt, telling the transport each time", () => {
    const { delivery, events, changes } = setup();
    delivery.enqueue("a", "hello", 1);
    expect(delivery.takeSendable(10, 1)[0]?.id).toBe("a");
    delivery.received({ kind: "user-message-replayed", id: "a", text: "hello", time: 20 });
    expect(events).toEqual(["user-message-queued:a", "user-message-sent:a"]);
    expect(changes()).toBe(2);
    expect(delivery.entries()).toEqual([]);
    // A second receipt finds nothing to deliver: the store sees a message it already shows.
    delivery.received({ kind: "user-message-replayed", id: "a", text: "hello", time: 30 });
    expect(events.at(-1)).toBe("user-message-replayed:a");
    expect(changes()).toBe(2);
  });

  it("reads the server's echo: its own message is delivered, another tab's is shown as sent, history stays history", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "mine", 1);
    delivery.takeSendable(1);
    delivery.received({ kind: "user-message-replayed", id: "a", text: "mine", time: 5 });
    delivery.received({ kind: "user-message-replayed", id: "other", text: "theirs", time: 6, history: true });
    expect(events).toEqual(["user-message-queued:a", "user-message-sent:a", "user-message-replayed:other:history"]);
    expect(delivery.entries()).toEqual([]);
  });

  it("holds restored messages, in flight ones awaiting the replay, and places them from their echo or once the replay settles", () => {
    const { delivery, events } = setup([
      { id: "a", text: "in flight at reload", time: 1, attempts: 0, state: "in-flight", shown: true },
      { id: "b", text: "queued at reload", time: 2, attempts: 0, state: "queued", shown: true },
    ]);
    expect(states(delivery)).toEqual(["a:awaiting-replay:0", "b:queued:0"]);
    delivery.received({ kind: "user-message-replayed", id: "a", text: "in flight at reload", time: 3 });
    delivery.replaySettled(3);
    delivery.replaySettled(3);
    expect(events).toEqual(["user-message-replayed:a", "user-message-queued:b"]);
    expect(delivery.facts().queued).toBe(true);
  });
});

describe("Delivery: receipts without the client's id", () => {
  const replayed = (id: string, text: string, history?: true) =>
    ({ kind: "user-message-replayed", id, text, time: 9, withoutClientId: true, ...(history ? { history } : {}) }) as const;

  it("delivers the oldest message of that text whose receipt is due, under its own id", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "yes", 1);
    delivery.enqueue("b", "yes", 2);
    delivery.enqueue("c", "no", 3);
    delivery.takeSendable(1);
    delivery.socketLost();
    delivery.received(replayed("server-1", "yes"));
    expect(states(delivery)).toEqual(["b:awaiting-replay:0", "c:awaiting-replay:0"]);
    expect(events.at(-1)).toBe("user-message-sent:a");
    delivery.received(replayed("server-2", "yes"));
    delivery.replaySettled(3);
    expect(states(delivery)).toEqual(["c:queued:1"]);
    expect(delivery.facts().lastMessageId).toBe("b");
  });

  it("never takes history this tab received before a reload, nor a message not sent yet, for one of its own", () => {
    const { delivery, events } = setup([{ id: "r", text: "yes", time: 1, attempts: 0, state: "in-flight", shown: true }]);
    delivery.enqueue("q", "maybe", 2);
    delivery.received(replayed("server-1", "yes", true));
    delivery.received(replayed("server-2", "maybe"));
    expect(states(delivery)).toEqual(["r:awaiting-replay:0", "q:queued:0"]);
    expect(events.slice(-2)).toEqual(["user-message-replayed:server-1:history", "user-message-replayed:server-2"]);
    delivery.received(replayed("server-3", "yes"));
    expect(states(delivery)).toEqual(["q:queued:0"]);
    expect(events.at(-1)).toBe("user-message-replayed:r");
  });
});

describe("Delivery: a message the platform refused", () => {
  it("fails the message it names, or the oldest in flight, and one whose receipt had come is placed back as failed", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "one", 1);
    delivery.enqueue("b", "two", 2);
    delivery.takeSendable(1);
    delivery.notDelivered("b");
    delivery.notDelivered(null);
    expect(states(delivery)).toEqual(["a:failed:0", "b:failed:0"]);
    expect(delivery.retry("a")).toBe(true);
    delivery.takeSendable(3);
    delivery.received({ kind: "user-message-replayed", id: "a", text: "one", time: 4 });
    delivery.notDelivered("a");
    expect(states(delivery)).toEqual(["b:failed:0", "a:failed:0"]);
    expect(events.at(-1)).toBe("user-message-failed:a");
  });
});

describe("Delivery: the last delivered message", () => {
  it("goes out again with its id, once, when the server lost the conversation it reached", () => {
    const { delivery } = setup();
    delivery.enqueue("a", "hello", 1);
    delivery.takeSendable(1, 1);
    delivery.received({ kind: "user-message-replayed", id: "a", text: "", time: 2 });
    expect(delivery.placeBack("other", "queued")).toBe(false);
    expect(delivery.placeBack("a", "queued")).toBe(true);
    expect(delivery.takeSendable(3).map((entry) => [entry.id, entry.text])).toEqual([["a", "hello"]]);
    expect(delivery.placeBack("a", "queued")).toBe(false);
  });

  it("is offered to the user for a retry when the server did not answer it, never queued by itself", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "hello", 1);
    delivery.takeSendable(1, 1);
    delivery.received({ kind: "user-message-replayed", id: "a", text: "", time: 2 });
    expect(delivery.placeBack("a", "failed")).toBe(true);
    expect(delivery.facts().queued).toBe(false);
    expect(events.at(-1)).toBe("user-message-failed:a");
    expect(delivery.retry("a")).toBe(true);
    expect(ids(delivery.takeSendable(3))).toEqual(["a"]);
  });

  it("knows whether the agent answered the last delivered message, until the next one is delivered", () => {
    const { delivery } = setup();
    delivery.enqueue("a", "one", 1);
    delivery.takeSendable(1, 1);
    delivery.received({ kind: "user-message-replayed", id: "a", text: "", time: 2 });
    expect(delivery.facts()).toMatchObject({ lastMessageId: "a", lastMessageAnswered: false });
    delivery.answered();
    expect(delivery.facts()).toMatchObject({ lastMessageId: "a", lastMessageAnswered: true });
    delivery.enqueue("b", "two", 3);
    delivery.takeSendable(3, 1);
    delivery.received({ kind: "user-message-replayed", id: "b", text: "", time: 4 });
    expect(delivery.facts()).toMatchObject({ lastMessageId: "b", lastMessageAnswered: false });
  });

  it("is forgotten with everything else for a new conversation", () => {
    const { delivery } = setup();
    delivery.enqueue("a", "one", 1);
    delivery.takeSendable(1, 1);
    delivery.received({ kind: "user-message-replayed", id: "a", text: "", time: 2 });
    delivery.enqueue("b", "two", 2);
    delivery.clear();
    expect(delivery.entries()).toEqual([]);
    expect(delivery.facts().lastMessageId).toBeNull();
  });
});
