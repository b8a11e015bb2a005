import type { ChatClient, ChatClientEvents, ContextResult, SendResult } from "../../../src/transport/chat-client-types.ts";
import type { ConversationSnapshot } from "../../../src/transport/conversation.ts";

/**
 * A ChatClient whose conversation the benchmark drives: `apply` publishes a new snapshot to subscribers,
 * as the client's store does after every event. Commands do nothing and no events are emitted.
 */
export class SnapshotClient implements ChatClient {
  private snapshot: ConversationSnapshot;
  private readonly listeners = new Set<(snapshot: ConversationSnapshot) => void>();

  constructor(initial: ConversationSnapshot) {
    this.snapshot = initial;
  }

  /** Publishes `snapshot` as the current one and notifies every subscriber synchronously. */
  apply(snapshot: ConversationSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of [...this.listeners]) listener(snapshot);
  }

  getSnapshot(): ConversationSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (snapshot: ConversationSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<Name extends keyof ChatClientEvents>(_name: Name, _handler: (detail: ChatClientEvents[Name]) => void): () => void {
    return () => undefined;
  }

  off(): void {}

  start(): void {}
  resume(): boolean {
    return false;
  }
  send(): SendResult {
    return { accepted: true };
  }
  setContext(): ContextResult {
    return { accepted: true };
  }
  typing(): void {}
  chooseSuggestion(): SendResult {
    return { accepted: true };
  }
  now(): number {
    return Date.now();
  }
  conversationId(): string | null {
    return null;
  }
  retry(): void {}
  retryNow(): void {}
  end(): void {}
  newConversation(): void {}
  destroy(): void {}
  reset(): void {}
}
