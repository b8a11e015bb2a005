import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { Delivery } from "../delivery/delivery.ts";
import type { LifecycleSignal } from "../lifecycle/lifecycle-types.ts";
import { createEventSequencer } from "./event-sequencer.ts";
import type { ReceivedFrame } from "./read-frame.ts";

/** Where the events of one session go once read: the store, delivery, and the lifecycle. */
export interface SessionFeedTargets {
  apply(event: ConversationEvent): void;
  delivery: Delivery;
  /** An event told the lifecycle something; `history` when this tab had received it before a reload. */
  signal(signal: LifecycleSignal, history: boolean): void;
}

/** The events of the current session, in order, and how far this tab has received them. */
export interface SessionFeed {
  /** The highest sequence applied: the `cursor` of the next reconnect. */
  readonly cursor: number;
  /** The highest sequence this tab received whole, a reload included: see `PersistedSession`. */
  readonly historyThrough: number;
  /** Applies a frame's new events in order. */
  accept(frame: ReceivedFrame): void;
  /** Forgets the session: its order and its history start again (a new session follows). */
  forget(): void;
}

/** Whether an event answers the user's last turn: a whole agent message, or a server warning or error. */
function answers(event: ConversationEvent | null): boolean {
  switch (event?.kind) {
    case "agent-message":
    case "live-agent-message":
      return true;
    case "agent-message-chunk":
      return event.isComplete;
    case "notice":
      return event.answersTurn === true;
    default:
      return false;
  }
}

/**
 * Feeds a session's ordered, de-duplicated events to their targets: each signal to the lifecycle, a
 * user-message echo to delivery, every other change to the store. An event at or below the history mark
 * (a reload's replay of what the tab had received) is marked `history`; the mark moves past every stored
 * event received whole. `resumeCursor`: the store already holds the session's events up to it (another tab
 * received them), so the first socket resumes after it rather than replaying from the start.
 */
export function createSessionFeed(targets: SessionFeedTargets, historyThrough = 0, resumeCursor = 0): SessionFeed {
  let sequencer = createEventSequencer(resumeCursor);
  return {
    get cursor() {
      return sequencer.cursor;
    },
    get historyThrough() {
      return historyThrough;
    },
    accept(frame) {
      for (const { sequence, signal, change, whole } of sequencer.accept(frame)) {
        const history = sequence !== null && sequence <= historyThrough;
        if (signal) targets.signal(signal, history);
        // Only messages, notices and the end read the mark; the rest of the store ignores it.
        const marked = (change && history ? { ...change, history } : change) as ConversationEvent | null;
        if (marked?.kind === "user-message-replayed") targets.delivery.received(marked);
        else if (marked) targets.apply(marked);
        if (answers(marked)) targets.delivery.answered();
        if (sequence !== null && whole) historyThrough = Math.max(historyThrough, sequence);
      }
    },
    forget() {
      sequencer = createEventSequencer();
      historyThrough = 0;
    },
  };
}
