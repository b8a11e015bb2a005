import { signal, type ReadonlySignal } from "@preact/signals";
import type { FeedbackDetail } from "../widget-types.ts";

/** The visitor's choice on one answer: its value, and what they wrote after "not helpful". */
export type FeedbackChoice = Omit<FeedbackDetail, "messageId">;

/** The feedback given in this conversation, by message id. */
export interface FeedbackChoices {
  readonly chosen: ReadonlySignal<Readonly<Record<string, FeedbackChoice>>>;
  /**
   * Records `choice` for the message, stores it and fires `cap-chat:feedback`; a choice equal to the one
   * recorded changes nothing and fires nothing.
   */
  choose(messageId: string, choice: FeedbackChoice): void;
  /** Forgets every choice and removes what was stored (a `reset`); fires nothing. */
  forget(): void;
}

/**
 * The feedback choices of a conversation, kept in `storage` under `key` next to the stored session, so they
 * survive a reload and go with it: with `keep` false (no session is stored) what the key holds is from a
 * conversation that is over, and is removed. Unreadable or failing storage only costs the choices after a
 * reload.
 */
export function createFeedbackChoices(
  storage: Storage | null,
  key: string,
  keep: boolean,
  emit: (detail: FeedbackDetail) => void,
): FeedbackChoices {
  const attempt = <Result>(call: (available: Storage) => Result): Result | undefined => {
    try {
      return storage ? call(storage) : undefined;
    } catch {
      return undefined;
    }
  };
  let stored: Record<string, FeedbackChoice> = {};
  if (keep) {
    const parsed = attempt((available) => JSON.parse(available.getItem(key) ?? "{}") as unknown);
    if (parsed && typeof parsed === "object") stored = parsed as Record<string, FeedbackChoice>;
  } else {
    attempt((available) => available.removeItem(key));
  }
  const chosen = signal(stored);
  return {
    chosen,
    choose(messageId, choice) {
      const previous = chosen.value[messageId];
      if (previous?.value === choice.value && previous.comment === choice.comment) return;
      chosen.value = { ...chosen.value, [messageId]: choice };
      attempt((available) => available.setItem(key, JSON.stringify(chosen.value)));
      emit({ messageId, ...choice });
    },
    forget() {
      chosen.value = {};
      attempt((available) => available.removeItem(key));
    },
  };
}
