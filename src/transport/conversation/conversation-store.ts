import { describeChanges } from "./conversation-changes.ts";
import { messageIdOf, type ConversationEvent } from "./conversation-events.ts";
import {
  initialConversationSnapshot,
  initialConversationState,
  reduceConversation,
  type ConversationState,
} from "./conversation-reducer.ts";
import { retryTarget } from "./retry-offers.ts";
import { positionOf, setDraft } from "./transcript-array.ts";
import type { ChatClientEvents, ChatMessage, ConversationSnapshot, HandoffPhase } from "../conversation.ts";
import { createEmitter, type EventHandler } from "../emitter.ts";

/** The one place both transports write the conversation to, and the widget reads it from. */
export interface ConversationStore {
  /** The current snapshot: a new object after every change, the same object otherwise. */
  getSnapshot(): ConversationSnapshot;
  /**
   * Calls `listener` with the new snapshot after every change (never when nothing changed), except that
   * within a `batch` a run of changes to the transcript alone is told once, with the change that ends it;
   * returns the remover.
   */
  subscribe(listener: (snapshot: ConversationSnapshot) => void): () => void;
  /** Reduces one domain event, then notifies subscribers and event handlers if anything changed. */
  apply(event: ConversationEvent): void;
  /**
   * Runs `run`, whose applied events (a frame of history, thousands of them after a reload) reduce as one
   * batch: each still makes its events, in order, and subscribers see every change to more than the
   * transcript; the changes to the transcript alone between those are told with the next one, or at the end
   * of the batch. So a long transcript is not copied at every event. Batches may nest.
   */
  batch(run: () => void): void;
  /**
   * An agent is engaged: it is thinking or typing, a message of it is still streaming (a
   * stream missing a chunk stays open until the whole message arrives), or a handoff to a live agent is
   * under way or answered. Moving the conversation to a new session now would lose that.
   */
  agentEngaged(): boolean;
  /** The reducer state, for another tab to mirror: plain data a structured clone carries. */
  exportState(): ConversationState;
  /**
   * Takes over another tab's reducer state: subscribers see the new snapshot, and no event fires (what it
   * holds is history to this tab).
   */
  replaceState(next: ConversationState): void;
  /**
   * The user message a Try again of `id` sends again: the one a notice's offer names, or the question
   * before an agent message whose answer was cut; null when `id` offers nothing.
   */
  retryTarget(id: string): string | null;
  /** Listens to one derived event (see `describeChanges`); returns the remover. */
  on<Name extends keyof ChatClientEvents>(name: Name, handler: EventHandler<ChatClientEvents[Name]>): () => void;
  /** Stops `handler` listening to `name`. */
  off<Name extends keyof ChatClientEvents>(name: Name, handler: EventHandler<ChatClientEvents[Name]>): void;
}

/** Options of `createConversationStore`. */
export interface ConversationStoreOptions {
  /** Epoch milliseconds; `Date.now` by default. */
  now?: () => number;
  /** Uniform in [0, 1); `Math.random` by default. */
  random?: () => number;
}

/** The store's events: every derived event, and `snapshot` for subscribers, emitted first. */
type StoreEvents = ChatClientEvents & { snapshot: ConversationSnapshot };

/** Handoff phases in which a live agent is on the way or with the visitor. */
const handoffsUnderWay: readonly HandoffPhase["phase"][] = ["triggered", "accepted", "queued", "live-agent"];

/**
 * Creates an empty conversation store. Events apply strictly in the order given: an event applied from
 * inside a listener waits until the current event's notifications are done, so every listener sees
 * snapshots in order. Subscribers run before event handlers. A listener or handler that throws does not
 * stop the others or the transport that applied the event (see `Emitter.emit`).
 */
export function createConversationStore(options: ConversationStoreOptions = {}): ConversationStore {
  const context = { now: options.now ?? (() => Date.now()), random: options.random ?? Math.random };
  let state: ConversationState = initialConversationState;
  const events = createEmitter<StoreEvents>();
  const queue: ConversationEvent[] = [];
  let draining = false;
  let batches = 0;
  /** The snapshot subscribers were last given. */
  let told = state.snapshot;

  function drain(): void {
    draining = true;
    try {
      for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
        const previous = state.snapshot;
        // The messages a step may change, as they were: the event's own, and the stream it may close.
        const touched = new Map<string, ChatMessage | undefined>();
        const touch = (id: string) => touched.set(id, previous.messages[positionOf(previous.messages, id)]);
        if (state.openStream) touch(state.openStream.messageId);
        const messageId = messageIdOf(event);
        if (messageId !== undefined) touch(messageId);
        state = reduceConversation(state, event, context);
        const next = state.snapshot;
        if (next === previous) continue;
        if (batches === 0 || beyondTranscript(previous, next)) tell(next);
        // Seen by nobody yet, the transcript may grow in place until it is.
        else setDraft(next.messages, true);
        for (const { name, detail } of describeChanges(previous, next, touched)) events.emit(name, detail as never);
      }
    } finally {
      draining = false;
    }
  }

  function tell(snapshot: ConversationSnapshot): void {
    setDraft(snapshot.messages, false);
    told = snapshot;
    events.emit("snapshot", snapshot);
  }

  return {
    getSnapshot() {
      setDraft(state.snapshot.messages, false);
      return state.snapshot;
    },
    agentEngaged: () => {
      const { typing, handoff } = state.snapshot;
      return typing.kind !== "none" || state.openStream !== null || handoffsUnderWay.includes(handoff.phase);
    },
    subscribe: (listener) => events.on("snapshot", listener),
    retryTarget: (id) => retryTarget(state.snapshot, state.offers, id),
    apply(event) {
      queue.push(event);
      if (!draining) drain();
    },
    batch(run) {
      batches++;
      try {
        run();
      } finally {
        if (--batches === 0 && state.snapshot !== told) tell(state.snapshot);
      }
    },
    exportState() {
      setDraft(state.snapshot.messages, false);
      return state;
    },
    replaceState(next) {
      state = next;
      tell(next.snapshot);
    },
    on: events.on,
    off: events.off,
  };
}

/** The snapshot's parts but its transcript. */
const partsBeyondTranscript = Object.keys(initialConversationSnapshot).filter(
  (part) => part !== "messages",
) as (keyof ConversationSnapshot)[];

/** Whether a step changed more of the snapshot than its transcript. */
function beyondTranscript(previous: ConversationSnapshot, next: ConversationSnapshot): boolean {
  return partsBeyondTranscript.some((part) => next[part] !== previous[part]);
}
