import { TypingState, type TypingStateName } from "../protocol/index.ts";
import type { Environment } from "./environment.ts";

/** While the user types, `STARTED` goes out at most this often. */
export const typingStartedIntervalMilliseconds = 3000;
/** After this long without a keystroke, `STOPPED` goes out. */
export const typingIdleMilliseconds = 5000;

/**
 * Turns keystrokes into typing events: `STARTED` on the first keystroke and again at most every 3 s while
 * typing goes on; `STOPPED` after 5 s without a keystroke, or at once when the message is sent.
 */
export class TypingThrottle {
  private readonly environment: Environment;
  private readonly sendTyping: (state: TypingStateName) => void;
  private lastStartedAt: number | null = null;
  private idleTimer: unknown = null;

  constructor(environment: Environment, sendTyping: (state: TypingStateName) => void) {
    this.environment = environment;
    this.sendTyping = sendTyping;
  }

  /** The user pressed a key in the composer. */
  keystroke(): void {
    const now = this.environment.now();
    if (this.lastStartedAt === null || now - this.lastStartedAt >= typingStartedIntervalMilliseconds) {
      this.lastStartedAt = now;
      this.sendTyping(TypingState.Started);
    }
    this.clearIdleTimer();
    this.idleTimer = this.environment.setTimeout(() => {
      this.idleTimer = null;
      this.stop();
    }, typingIdleMilliseconds);
  }

  /** The message went out: typing is over. */
  messageSent(): void {
    this.clearIdleTimer();
    this.stop();
  }

  /** Forgets any typing in progress without telling anyone (the socket is gone). */
  reset(): void {
    this.clearIdleTimer();
    this.lastStartedAt = null;
  }

  private stop(): void {
    if (this.lastStartedAt === null) return;
    this.lastStartedAt = null;
    this.sendTyping(TypingState.Stopped);
  }

  private clearIdleTimer(): void {
    if (this.idleTimer === null) return;
    this.environment.clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
