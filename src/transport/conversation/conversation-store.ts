import { describeChanges } from "./conversation-changes.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import { initialConversationState, reduceConversation, type ConversationState } from "./conversation-reducer.ts";
import { retryTarget } from "./retry-offers.ts";
import type { ChatClientEvents, ConversationSnapshot, HandoffPhase } from "../conversation.ts";
import { createEmitter, type EventHandler } from "../emitter.ts";

/** The one place both transports write the conversation to, and the widget reads it from. */
export interface ConversationStore {
  /** The current snapshot: a new object after every change, the same object otherwise. */
  getSnapshot(): ConversationSnapshot;
  /** Calls `listener` with the new snapshot after every change (never when nothing changed); returns the remover. */
  subscribe(listener: (snapshot: ConversationSnapshot) => void): () => void;
  /** Reduces one domain event, then notifies subscribers and event handlers if anything changed. */
  apply(event: ConversationEvent): void;
  /**
   * An agent is engaged: it is thinking or typing, a message of it is still streaming (a
   * stream missing a chunk stays open until the whole message arrives), or a handoff to a live agent is
   * under way or answered. Moving the conversation to a new session now would lose that.
   */
  agentEngaged(): boolean;
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

  function drain(): void {
    draining = true;
    try {
      for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
        const previous = state.snapshot;
        state = reduceConversation(state, event, context);
        if (state.snapshot !== previous) notify(previous, state.snapshot);
      }
    } finally {
      draining = false;
    }
  }

  function notify(previous: ConversationSnapshot, next: ConversationSnapshot): void {
    events.emit("snapshot", next);
    for (const { name, detail } of describeChanges(previous, next)) events.emit(name, detail as never);
  }

  return {
    getSnapshot: () => state.snapshot,
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
    on: events.on,
    off: events.off,
  };
}
