import { signal, type ReadonlySignal } from "@preact/signals";
import type { SessionRecord } from "../memory/session-record.ts";
import type { FeedbackDetail } from "../widget-types.ts";

/** The visitor's choice on one answer: its value, and what they wrote after "not helpful". */
export type FeedbackChoice = Omit<FeedbackDetail, "messageId">;

/** The feedback given in this conversation, by message id. */
export interface FeedbackChoices {
  readonly chosen: ReadonlySignal<Readonly<Record<string, FeedbackChoice>>>;
  /**
   * Records `choice` for the message, keeps it in the record and fires `detail`; a choice equal to the one
   * recorded changes nothing and fires nothing.
   */
  choose(messageId: string, choice: FeedbackChoice): void;
}

/**
 * The feedback choices of a conversation, kept in `record` beside the stored session (see
 * `sessionRecordFor`), so they survive a reload and go with it; each new choice goes to `fire`.
 */
export function createFeedbackChoices(record: SessionRecord, fire: (detail: FeedbackDetail) => void): FeedbackChoices {
  const { kept } = record;
  const chosen = signal((kept && typeof kept === "object" ? kept : {}) as Record<string, FeedbackChoice>);
  return {
    chosen,
    choose(messageId, choice) {
      const previous = chosen.value[messageId];
      if (previous?.value === choice.value && previous.comment === choice.comment) return;
      chosen.value = { ...chosen.value, [messageId]: choice };
      record.keep(chosen.value);
      fire({ messageId, ...choice });
    },
  };
}
