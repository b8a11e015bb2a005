import type { ConversationEvent } from "../conversation/conversation-events.ts";
import { createOutbox, type OutboxEntry, type OutboxFacts } from "./outbox.ts";

/** What the lifecycle reads of delivery with every input: the outbox, and the message answered last. */
export interface DeliveryFacts extends OutboxFacts {
  /** The user message delivered last in this client, which a server error without a reference answers. */
  lastMessageId: string | null;
}

/**
 * The one delivery state of the client's user messages, shared by both transports: the outbox, kept in
 * step with the transcript. Every change reaches the store here, and nothing reads delivery back from the
 * store. `changed` runs after every change a transport may act on (a message to send, a receipt to keep).
 */
export interface Delivery {
  facts(): DeliveryFacts;
  /** Every undelivered entry, for persistence. */
  entries(): readonly OutboxEntry[];
  /** A new message: shown at once as `sending`, queued. */
  enqueue(id: string, text: string, time: number): void;
  /** Every queued message, now in flight (Messaging sends them all on the live socket). */
  takeSendable(now: number): OutboxEntry[];
  /** The oldest queued message, now in flight (the Chat API sends one turn at a time). */
  takeNext(now: number): OutboxEntry | undefined;
  /** The receipt of `id` arrived (a Chat API answer): delivered. */
  confirm(id: string, time: number): void;
  /** The server's echo of a user message: ours is delivered; one this client did not send is shown as sent. */
  echoed(echo: Extract<ConversationEvent, { kind: "user-message-replayed" }>): void;
  /** Gives up on `id` until the user retries it. */
  fail(id: string): void;
  /** An in-flight message provably did not arrive: it waits to be sent again, in its place. */
  requeue(id: string): void;
  /** The user retries a failed message; false when `id` is not a failed message here. */
  retry(id: string): boolean;
  /** The last delivered message goes out again with its id (the server lost the conversation it reached). */
  resend(id: string): boolean;
  /** The last delivered message was not answered (high load): it shows failed, for the user to retry. */
  offerRetry(id: string): boolean;
  /** The socket dropped: what was in flight may or may not have arrived. */
  socketLost(): void;
  /**
   * The replay has settled: unconfirmed messages are queued again or fail after `maxAttempts`, and
   * messages restored from storage take their place in the transcript.
   */
  settleUnconfirmed(maxAttempts: number): void;
  /** Every queued message fails (the conversation ended or cannot work). */
  failQueued(): void;
  /** Forgets every message (a new conversation). */
  clear(): void;
}

/** Creates the delivery state, holding the messages `restored` with a stored session. */
export function createDelivery(
  apply: (event: ConversationEvent) => void,
  changed: () => void,
  restored: readonly OutboxEntry[] = [],
): Delivery {
  const outbox = createOutbox(restored);
  let lastDelivered: OutboxEntry | null = null;
  const failed = (entries: readonly Pick<OutboxEntry, "id">[]) => {
    for (const { id } of entries) apply({ kind: "user-message-failed", id });
  };
  /** Puts the last delivered message back in the outbox as `state`. */
  const placeBack = (id: string, state: "queued" | "failed") => {
    if (lastDelivered?.id !== id) return false;
    outbox.add({ ...lastDelivered, attempts: 0, state, shown: true });
    lastDelivered = null;
    changed();
    return true;
  };

  return {
    facts: () => ({ ...outbox.facts(), lastMessageId: lastDelivered?.id ?? null }),
    entries: outbox.entries,
    enqueue(id, text, time) {
      apply({ kind: "user-message-queued", id, text, time });
      outbox.add({ id, text, time });
      changed();
    },
    takeSendable: outbox.takeSendable,
    takeNext: outbox.takeNext,
    confirm(id, time) {
      const entry = outbox.confirm(id);
      if (!entry) return;
      lastDelivered = entry;
      apply({ kind: "user-message-sent", id, time });
      changed();
    },
    echoed(echo) {
      const entry = outbox.confirm(echo.id);
      if (entry) lastDelivered = entry;
      // A restored message not placed yet takes its place from its echo, in the replay's order.
      apply(entry?.shown ? { kind: "user-message-sent", id: echo.id, time: echo.time } : echo);
      if (entry) changed();
    },
    fail(id) {
      if (outbox.move(id, "failed")) failed([{ id }]);
      changed();
    },
    requeue(id) {
      if (outbox.move(id, "queued")) changed();
    },
    retry(id) {
      if (outbox.entries().find((entry) => entry.id === id)?.state !== "failed") return false;
      outbox.move(id, "queued");
      apply({ kind: "user-message-retrying", id });
      changed();
      return true;
    },
    resend: (id) => placeBack(id, "queued"),
    offerRetry(id) {
      if (!placeBack(id, "failed")) return false;
      failed([{ id }]);
      return true;
    },
    socketLost: outbox.socketLost,
    settleUnconfirmed(maxAttempts) {
      failed(outbox.settleUnconfirmed(maxAttempts));
      for (const entry of outbox.takeUnshown()) {
        apply({ kind: "user-message-queued", id: entry.id, text: entry.text, time: entry.time });
        if (entry.state === "failed") failed([entry]);
      }
      changed();
    },
    failQueued() {
      const given = outbox.failQueued();
      failed(given);
      if (given.length > 0) changed();
    },
    clear() {
      outbox.clear();
      lastDelivered = null;
      changed();
    },
  };
}
