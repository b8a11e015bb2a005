import type { TypingStateName } from "../../protocol/index.ts";
import type { Environment } from "../environment.ts";

/** While the user types, `STARTED` goes out at most this often. */
export const typingStartedIntervalMilliseconds = 3000;
/** After this long without a keystroke, `STOPPED` goes out. */
export const typingIdleMilliseconds = 5000;

/** What the composer's typing turns into; see `createTypingThrottle`. */
export interface TypingThrottle {
  /** The user pressed a key in the composer. */
  keystroke(): void;
  /** The message went out: typing is over. */
  messageSent(): void;
  /** Forgets any typing in progress without telling anyone (the socket is gone). */
  reset(): void;
}

/**
 * Turns keystrokes into typing events: `STARTED` on the first keystroke and again at most every 3 s while
 * typing goes on; `STOPPED` after 5 s without a keystroke, or at once when the message is sent.
 */
export function createTypingThrottle(environment: Environment, sendTyping: (state: TypingStateName) => void): TypingThrottle {
  let lastStartedAt: number | null = null;
  let idleTimer: unknown = null;

  const clearIdleTimer = () => {
    if (idleTimer !== null) environment.clearTimeout(idleTimer);
    idleTimer = null;
  };
  const stop = () => {
    if (lastStartedAt === null) return;
    lastStartedAt = null;
    sendTyping("TYPING_STATE_STOPPED");
  };

  return {
    keystroke() {
      const now = environment.now();
      if (lastStartedAt === null || now - lastStartedAt >= typingStartedIntervalMilliseconds) {
        lastStartedAt = now;
        sendTyping("TYPING_STATE_STARTED");
      }
      clearIdleTimer();
      idleTimer = environment.setTimeout(() => {
        idleTimer = null;
        stop();
      }, typingIdleMilliseconds);
    },
    messageSent() {
      clearIdleTimer();
      stop();
    },
    reset() {
      clearIdleTimer();
      lastStartedAt = null;
    },
  };
}
