import type { ChatFeedback } from "../../src/server/index.ts";

/** Where the demo site answers what its companion's `onFeedback` received, when the server exposes its faults. */
export const feedbackLogPath = "/demo-site/feedback";

/** The demo site's record of the visitors' feedback, as a real site would store it in its own database. */
export interface FeedbackLog {
  /** The companion's `onFeedback` hook: keeps each choice, in the order received. */
  record(feedback: ChatFeedback): void;
  /** `GET /demo-site/feedback`: every choice received, as `{feedback: ChatFeedback[]}`. */
  answer(): Response;
}

/**
 * The demo site's feedback, kept in memory for the life of the process. It is answered only where the
 * reference server exposes its fault controls (as for the end-to-end tests): a real site never shows one
 * visitor's comments to another.
 */
export function createFeedbackLog(): FeedbackLog {
  const received: ChatFeedback[] = [];
  return {
    record: (feedback) => void received.push(feedback),
    answer: () =>
      new Response(JSON.stringify({ feedback: received }), {
        headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
      }),
  };
}
