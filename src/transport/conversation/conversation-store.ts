import { describeChanges } from "./conversation-changes.ts";
import { messageIdOf, type ConversationEvent } from "./conversation-events.ts";
import { initialConversationState, reduceConversation, type ConversationState } from "./conversation-reducer.ts";
import { retryTarget } from "./retry-offers.ts";
import { positionOf, setDraft } from "./transcript-array.ts";
import { sameBeyondTranscript } from "./transcript-messages.ts";
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
  /** The transcript drafted since then, if any. */
  let drafted: readonly ChatMessage[] | null = null;
  /**
   * The messages a step may change, as they were: the event's own, and the stream it may close. One map
   * serves every step, as steps never overlap.
   */
  const touched = new Map<string, ChatMessage | undefined>();

  function drain(): void {
    draining = true;
    try {
      for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
        const previous = state.snapshot;
        touched.clear();
        if (state.openStream) touch(previous.messages, state.openStream.messageId);
        const messageId = messageIdOf(event);
        if (messageId !== undefined) touch(previous.messages, messageId);
        state = reduceConversation(state, event, context);
        const next = state.snapshot;
        if (next === previous) continue;
        if (batches === 0 || !sameBeyondTranscript(previous, next)) tell(next);
        // Seen by nobody yet, the transcript may grow in place until it is.
        else if (next.messages !== drafted) {
          show();
          setDraft((drafted = next.messages), true);
        }
        const changes = describeChanges(previous, next, touched);
        for (let index = 0; index < changes.length; index++) events.emit(changes[index]!.name, changes[index]!.detail as never);
      }
    } finally {
      draining = false;
    }
  }

  function touch(messages: readonly ChatMessage[], id: string): void {
    touched.set(id, messages[positionOf(messages, id)]);
  }

  function tell(snapshot: ConversationSnapshot): void {
    show();
    told = snapshot;
    events.emit("snapshot", snapshot);
  }

  /** The transcript drafted is shown: from now on it is copied before it changes. */
  function show(): void {
    if (drafted) setDraft(drafted, false);
    drafted = null;
  }

  return {
    getSnapshot() {
      show();
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
      show();
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
