/**
 * What both transports do for the client. The client holds one at a time, swapping the Messaging
 * transport for the Chat API one on the hand-over; both deliver the messages of the client's one shared
 * delivery state, with the same rules, and feed the same conversation store.
 */
export interface Transport {
  /**
   * Starts connecting (resuming the stored session, if any); once started, the visitor engages: a
   * conversation that waits for the visitor goes on. Otherwise idempotent.
   */
  start(): void;
  /** The size decision for a message whose frame is `frameBytes` long: null when it may be queued. */
  admit(frameBytes: number): { limitBytes: number } | null;
  /** The shared outbox changed: send what can go now. */
  send(): void;
  /** Retries the connection at once, skipping a wait. */
  retry(): void;
  /** A keystroke in the composer. */
  typing(): void;
  /** Ends the conversation for the user. */
  end(): void;
  /** Ends the conversation for the platform, forgets it (transcript, outbox, stored session) and starts a fresh one. */
  newConversation(): void;
  /** The session id, or the Chat API's conversation id; null before there is one. */
  conversationId(): string | null;
  /** Stops everything: no further store event or timer, and no request but the close of a Chat API conversation. */
  destroy(): void;
}
