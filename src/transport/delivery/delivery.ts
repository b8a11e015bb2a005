import type { ConversationEvent } from "../conversation/conversation-events.ts";

/**
 * Where a user message stands on its way to the server:
 * `queued` waits to be sent; `in-flight` went out (on the current socket, or as the current Chat API
 * call), its receipt not yet seen; `awaiting-replay` went out on a socket that dropped before its echo, to
 * be checked against the next replay; `failed` did not arrive, until the user retries; `unconfirmed` may
 * have arrived and nothing can tell any more: only the user sends it again.
 */
export type OutboxEntryState = "queued" | "in-flight" | "awaiting-replay" | "failed" | "unconfirmed";

/** One user message on its way; the outbox of these is stored with the session. */
export interface OutboxEntry {
  /** The `client_event_id`, also the message id in the transcript. */
  id: string;
  text: string;
  /** When the user wrote it (epoch milliseconds). */
  time: number;
  /** Sends that ended on a dropped socket with no echo in the next replay. */
  attempts: number;
  state: OutboxEntryState;
  /** Whether the transcript shows it already (false for entries restored after a reload, until placed). */
  shown: boolean;
  /** When it last went out (epoch milliseconds), while `in-flight`. */
  sentAt?: number;
}

/** What the lifecycle reads of delivery with every input. */
export interface DeliveryFacts {
  /** Some message waits to be sent. */
  queued: boolean;
  /** Some message went out on a socket that dropped before its echo, and waits for the next replay. */
  awaitingReplay: boolean;
  /** When the oldest message still waiting for its receipt went out, or null. */
  oldestInFlightSentAt: number | null;
  /** The user message delivered last in this client, which a server error without a reference answers. */
  lastMessageId: string | null;
  /** Whether the agent has answered since (a whole message, or a warning or error that answers the turn). */
  lastMessageAnswered: boolean;
}

/**
 * The one delivery state of the client's user messages, shared by both transports: the exactly-once
 * outbox, kept in step with the transcript. A message leaves the outbox only when its receipt is seen;
 * one sent on a socket that drops is never sent again blindly, but checked against the next replay, and
 * one whose arrival nothing can tell any more is `unconfirmed`, never sent again but by the user.
 * Every change reaches the store here, and nothing reads delivery back from the store. `changed` runs after
 * every change a transport may act on (a message to send, a receipt to keep).
 */
export interface Delivery {
  facts(): DeliveryFacts;
  /** Every undelivered entry, in order, for persistence; read them, do not change them. */
  entries(): readonly OutboxEntry[];
  /** A new message: shown at once as `sending`, queued. */
  enqueue(id: string, text: string, time: number): void;
  /**
   * The queued messages, oldest first, at most `limit` of them (Messaging sends them all, the Chat API one
   * turn at a time), now in flight as sent at `now`.
   */
  takeSendable(now: number, limit?: number): OutboxEntry[];
  /**
   * A receipt arrived (the server's echo of a user message, or a Chat API answer): ours is delivered; one
   * this client did not send is shown as sent. A receipt without the client's id (a platform's history
   * may keep no metadata) is ours when its text is that of a message whose receipt is due (in flight, or
   * awaiting the replay: the oldest such first), unless it is history this tab received before a reload.
   */
  received(receipt: Extract<ConversationEvent, { kind: "user-message-replayed" }>): void;
  /** The agent answered the turn: the last delivered message has its answer. */
  answered(): void;
  /** `id` did not arrive: it fails until the user retries it. */
  fail(id: string): void;
  /** `id` may have arrived, and nothing will tell: it is `unconfirmed` until the user sends it again. */
  unconfirm(id: string): void;
  /**
   * The platform refused message `id`, or the oldest message in flight when it named none: it was not
   * delivered, and fails for the user to retry, even if its receipt had already come.
   */
  notDelivered(id: string | null): void;
  /** An in-flight message provably did not arrive: it waits to be sent again, in its place. */
  requeue(id: string): void;
  /**
   * The user sends a failed or unconfirmed message again, with a fresh count of attempts; false when `id`
   * is neither here.
   */
  retry(id: string): boolean;
  /**
   * Puts the last delivered message back: `queued` to send it again with its id (the server lost the
   * conversation it reached), `failed` for the user to retry (the server did not answer it). False when
   * `id` is not the last delivered message.
   */
  placeBack(id: string, state: "queued" | "failed"): boolean;
  /** The socket dropped: what was in flight may or may not have arrived; the next replay tells. */
  socketLost(): void;
  /**
   * The replay has settled (its echoes already confirmed): every message still awaiting it did not arrive,
   * and is queued again, or fails once it has had `maxAttempts`; messages restored from storage then take
   * their place in the transcript.
   */
  replaySettled(maxAttempts: number): void;
  /**
   * The session is left with no replay to come: every message in flight or awaiting a replay may have
   * arrived in it, and is `unconfirmed`; messages restored from storage then take their place.
   */
  sessionLeft(): void;
  /** Every queued message fails (the conversation ended or cannot work). */
  failQueued(): void;
  /** Forgets every message (a new conversation). */
  clear(): void;
}

/** Creates the delivery state, holding the messages `restored` with a stored session; what had been in flight is unconfirmed. */
export function createDelivery(
  apply: (event: ConversationEvent) => void,
  changed: () => void,
  restored: readonly OutboxEntry[] = [],
): Delivery {
  const queue: OutboxEntry[] = restored.map((entry) => ({
    ...entry,
    state: entry.state === "in-flight" ? "awaiting-replay" : entry.state,
    shown: false,
  }));
  let lastDelivered: OutboxEntry | null = null;
  let lastAnswered = false;
  const find = (id: string) => queue.find((entry) => entry.id === id);
  const inState = (state: OutboxEntryState) => queue.filter((entry) => entry.state === state);
  const send = (now: number) => (entry: OutboxEntry) => {
    entry.state = "in-flight";
    entry.sentAt = now;
    return entry;
  };
  const give = (state: "failed" | "unconfirmed") => (entries: readonly OutboxEntry[]) => {
    for (const entry of entries) {
      entry.state = state;
      apply({ kind: state === "failed" ? "user-message-failed" : "user-message-unconfirmed", id: entry.id });
    }
  };
  const fail = give("failed");
  const unconfirm = give("unconfirmed");
  /** Messages restored from storage take their place in the transcript, in their state. */
  const placeRestored = () => {
    for (const entry of queue.filter((candidate) => !candidate.shown)) {
      entry.shown = true;
      apply({ kind: "user-message-queued", id: entry.id, text: entry.text, time: entry.time });
      if (entry.state === "failed" || entry.state === "unconfirmed") give(entry.state)([entry]);
    }
    changed();
  };
  const placeBack = (id: string, state: "queued" | "failed") => {
    if (lastDelivered?.id !== id) return false;
    const entry: OutboxEntry = { ...lastDelivered, attempts: 0, state: "queued", shown: true };
    queue.push(entry);
    lastDelivered = null;
    if (state === "failed") fail([entry]);
    changed();
    return true;
  };
  /** The outbox entry a receipt confirms, if any. */
  const receiptOf = ({ id, text, withoutClientId, history }: Extract<ConversationEvent, { kind: "user-message-replayed" }>) =>
    withoutClientId
      ? history
        ? undefined
        : queue.find((entry) => (entry.state === "in-flight" || entry.state === "awaiting-replay") && entry.text === text)
      : find(id);

  return {
    facts() {
      const sentTimes = inState("in-flight").map((entry) => entry.sentAt ?? 0);
      return {
        queued: inState("queued").length > 0,
        awaitingReplay: inState("awaiting-replay").length > 0,
        oldestInFlightSentAt: sentTimes.length > 0 ? Math.min(...sentTimes) : null,
        lastMessageId: lastDelivered?.id ?? null,
        lastMessageAnswered: lastAnswered,
      };
    },
    entries: () => queue.slice(),
    enqueue(id, text, time) {
      if (find(id)) return;
      apply({ kind: "user-message-queued", id, text, time });
      queue.push({ id, text, time, attempts: 0, state: "queued", shown: true });
      changed();
    },
    takeSendable: (now, limit) => inState("queued").slice(0, limit).map(send(now)),
    received(receipt) {
      const entry = receiptOf(receipt);
      if (!entry) return apply(receipt);
      // Delivered: it leaves the outbox, and is the last delivered message now.
      queue.splice(queue.indexOf(entry), 1);
      [lastDelivered, lastAnswered] = [entry, false];
      // A restored message not placed yet takes its place from its echo, in the replay's order.
      const { id, text, time } = { ...receipt, id: entry.id };
      apply(entry.shown ? { kind: "user-message-sent", id, time } : { kind: "user-message-replayed", id, text, time });
      changed();
    },
    answered() {
      lastAnswered = true;
    },
    fail(id) {
      fail(queue.filter((entry) => entry.id === id));
      changed();
    },
    unconfirm(id) {
      unconfirm(queue.filter((entry) => entry.id === id));
      changed();
    },
    notDelivered(id) {
      const entry = id === null ? inState("in-flight")[0] : find(id);
      if (entry) {
        fail([entry]);
        changed();
      } else if (id !== null) placeBack(id, "failed");
    },
    requeue(id) {
      const entry = find(id);
      if (entry) entry.state = "queued";
      changed();
    },
    retry(id) {
      const entry = find(id);
      if (entry?.state !== "failed" && entry?.state !== "unconfirmed") return false;
      entry.state = "queued";
      entry.attempts = 0;
      apply({ kind: "user-message-retrying", id });
      changed();
      return true;
    },
    placeBack,
    socketLost() {
      for (const entry of inState("in-flight")) entry.state = "awaiting-replay";
    },
    replaySettled(maxAttempts) {
      for (const entry of inState("awaiting-replay")) {
        entry.attempts += 1;
        if (entry.attempts < maxAttempts) entry.state = "queued";
        else fail([entry]);
      }
      placeRestored();
    },
    sessionLeft() {
      unconfirm(queue.filter((entry) => entry.state === "in-flight" || entry.state === "awaiting-replay"));
      placeRestored();
    },
    failQueued() {
      const queued = inState("queued");
      fail(queued);
      if (queued.length > 0) changed();
    },
    clear() {
      queue.length = 0;
      lastDelivered = null;
      changed();
    },
  };
}
