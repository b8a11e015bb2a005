import { callCompanion } from "../companion/companion-calls.ts";

/** How long after each answer the next status read goes out: within the 2 to 5 s the platform advises. */
export const pollMilliseconds = 3000;

/** The longest wait between two reads after errors. */
export const maximumBackoffMilliseconds = 30_000;

/** A callback's statuses while the platform has it, and the one of a status it no longer keeps. */
export type CallbackStatus = "queued" | "calling" | "success" | "failure" | "unavailable";

/** What one read of the status gave: a status (a failure's `reason` with it), or an error to wait out. */
export type CallUpdate = { status: CallbackStatus; reason?: string } | { status: "checking" };

/**
 * Reads the status at `url` every {@link pollMilliseconds} after the previous answer, reporting each
 * answer, until the call is `success` or `failure`, or its status has expired or is not this visitor's
 * (`unavailable`, from a 404 or 403). After an error (no answer, a 5xx, a 429) it reports `checking` and
 * waits twice as long each time, up to {@link maximumBackoffMilliseconds}. Returns the function that stops
 * it.
 */
export function followCall(url: string, report: (update: CallUpdate) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let errors = 0;
  const read = async () => {
    const answer = await callCompanion(url);
    if (stopped) return;
    const status = answer.body?.status;
    if (answer.status === 200 && ["queued", "calling", "success", "failure"].includes(status)) {
      errors = 0;
      report(status === "failure" ? { status, reason: String(answer.body.reason ?? "") } : { status });
      if (status === "queued" || status === "calling") wait(pollMilliseconds);
    } else if (answer.status === 404 || answer.status === 403) {
      report({ status: "unavailable" });
    } else {
      errors += 1;
      report({ status: "checking" });
      wait(Math.min(maximumBackoffMilliseconds, pollMilliseconds * 2 ** errors));
    }
  };
  const wait = (milliseconds: number) => (timer = setTimeout(read, milliseconds));
  wait(pollMilliseconds);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
