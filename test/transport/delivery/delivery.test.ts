import { describe, expect, it } from "vitest";
import type { ConversationEvent } from "../../../src/transport/conversation/conversation-events.ts";
import { createDelivery } from "../../../src/transport/delivery/delivery.ts";

/** A delivery whose store events and change calls are recorded. */
function setup(restored: Parameters<typeof createDelivery>[2] = []) {
  const events: string[] = [];
  let changes = 0;
  const delivery = createDelivery(
    (event: ConversationEvent) => events.push(`${event.kind}:${"id" in event ? event.id : ""}${"history" in event && event.history ? ":history" : ""}`),
    () => (changes += 1),
    restored,
  );
  return { delivery, events, changes: () => changes };
}

describe("Delivery", () => {
  it("shows a new message as sending, and delivered on its receipt, telling the transport each time", () => {
    const { delivery, events, changes } = setup();
    delivery.enqueue("a", "hello", 1);
    expect(delivery.takeNext(10)?.id).toBe("a");
    delivery.confirm("a", 20);
    expect(events).toEqual(["user-message-queued:a", "user-message-sent:a"]);
    expect(changes()).toBe(2);
    expect(delivery.facts()).toEqual({ queued: false, unconfirmed: false, oldestInFlightSentAt: null, lastMessageId: "a" });
  });

  it("reads the server's echo: its own message is delivered, another tab's is shown as sent, history stays history", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "mine", 1);
    delivery.takeSendable(1);
    delivery.echoed({ kind: "user-message-replayed", id: "a", text: "mine", time: 5 });
    delivery.echoed({ kind: "user-message-replayed", id: "other", text: "theirs", time: 6, history: true });
    expect(events).toEqual(["user-message-queued:a", "user-message-sent:a", "user-message-replayed:other:history"]);
    expect(delivery.entries()).toEqual([]);
  });

  it("places a restored message from its echo in the replay's order, and the rest once the replay settles", () => {
    const restored = [
      { id: "a", text: "in flight at reload", time: 1, attempts: 0, state: "in-flight" as const, shown: true },
      { id: "b", text: "queued at reload", time: 2, attempts: 0, state: "queued" as const, shown: true },
    ];
    const { delivery, events } = setup(restored);
    delivery.echoed({ kind: "user-message-replayed", id: "a", text: "in flight at reload", time: 3 });
    delivery.settleUnconfirmed(3);
    expect(events).toEqual(["user-message-replayed:a", "user-message-queued:b"]);
    expect(delivery.facts().queued).toBe(true);
  });

  it("lets the user retry only a failed message, moving it back to sending", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "hello", 1);
    expect(delivery.retry("a")).toBe(false);
    delivery.fail("a");
    expect(delivery.retry("a")).toBe(true);
    expect(events).toEqual(["user-message-queued:a", "user-message-failed:a", "user-message-retrying:a"]);
    expect(delivery.facts().queued).toBe(true);
  });

  it("sends the last delivered message again with its id, once, when the server lost its conversation", () => {
    const { delivery } = setup();
    delivery.enqueue("a", "hello", 1);
    delivery.takeNext(1);
    delivery.confirm("a", 2);
    expect(delivery.resend("other")).toBe(false);
    expect(delivery.resend("a")).toBe(true);
    expect(delivery.takeSendable(3).map((entry) => [entry.id, entry.text])).toEqual([["a", "hello"]]);
    expect(delivery.resend("a")).toBe(false);
  });

  it("offers the user a retry of the last delivered message the server did not answer, never queuing it by itself", () => {
    const { delivery, events } = setup();
    delivery.enqueue("a", "hello", 1);
    delivery.takeNext(1);
    delivery.confirm("a", 2);
    expect(delivery.offerRetry("a")).toBe(true);
    expect(delivery.facts().queued).toBe(false);
    expect(events.at(-1)).toBe("user-message-failed:a");
    expect(delivery.retry("a")).toBe(true);
    expect(delivery.takeSendable(3).map((entry) => entry.id)).toEqual(["a"]);
  });

  it("fails what waits when the conversation cannot go on, and forgets everything for a new one", () => {
    const { delivery, events, changes } = setup();
    delivery.enqueue("a", "one", 1);
    delivery.enqueue("b", "two", 2);
    delivery.takeNext(2);
    delivery.failQueued();
    expect(events.slice(2)).toEqual(["user-message-failed:b"]);
    const before = changes();
    delivery.failQueued();
    expect(changes()).toBe(before);
    delivery.clear();
    expect(delivery.entries()).toEqual([]);
    expect(delivery.facts().lastMessageId).toBeNull();
  });
});
