import type { ServerResponse } from "node:http";
import { sendErrorMessage } from "../http/http-utilities.ts";
import type { FaultEndpoint } from "../reference-server-types.ts";
import type { ServerContext } from "../server-context.ts";

/** The text of a forced 500 on each door, as the spec describes it. */
const internalTexts: Partial<Record<FaultEndpoint, string>> = {
  "outbound-call": "internal error",
  "outbound-status": "retrieval failed; retry with exponential backoff",
  "dni-reservation": "internal error",
  "external-event": "transient processing error",
};

/**
 * Answers a forced failure of one of the voice doors (fault controls) with 429 and `Retry-After`, or
 * with 500 and the door's text, in the `{error_message}` body; returns whether it did.
 */
export function answeredByVoiceFault(context: ServerContext, response: ServerResponse, endpoint: FaultEndpoint): boolean {
  const failure = context.faults.takeFailure(endpoint);
  if (!failure) return false;
  if (failure.status === 429) {
    sendErrorMessage(response, 429, "rate limit exceeded", { "Retry-After": String(failure.retryAfterSeconds) });
  } else {
    sendErrorMessage(response, 500, internalTexts[endpoint] ?? "internal error");
  }
  return true;
}
