import { isHttpError, type ChatError } from "../errors.ts";

/** What becomes of a Chat API turn that failed once it may have reached the server. */
export type TurnFailureAction =
  /** It was refused, not acted on: it fails, and the user may send it again. */
  | "fail-message"
  /** It may have been acted on, and nothing will tell: it is unconfirmed, and only the user may send it again. */
  | "unconfirmed"
  /** The conversation is gone: the turn goes to a new conversation. */
  | "new-conversation"
  /** The credentials are refused: nothing will work. */
  | "fatal";

/** The Chat API's `error_code` when a conversation exceeded its timeout. */
const chatTimeoutCode = "CHAT_TIMEOUT";

/**
 * Decides what to do about a failed turn; `requestJson` has already repeated it if it provably never
 * reached the server. A turn that may have been acted on (no answer, or a 5xx) is unconfirmed; refused
 * credentials (401, 403) are final; a gone conversation (404, 410, a 400 `CHAT_TIMEOUT`) takes the turn to
 * a new one, unless it was `restarted` there already; any other refusal fails the turn. Either way the user
 * alone sends it again, never twice behind the user's back.
 */
export function classifyTurnFailure(error: ChatError, restarted: boolean): TurnFailureAction {
  if (!isHttpError(error) || error.status >= 500) return "unconfirmed";
  if (error.status === 401 || error.status === 403) return "fatal";
  const gone = error.status === 404 || error.status === 410 || (error.status === 400 && error.serverCode === chatTimeoutCode);
  return gone && !restarted ? "new-conversation" : "fail-message";
}
