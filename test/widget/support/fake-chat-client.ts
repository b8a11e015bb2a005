import type { ChatClient, ChatClientEvents, ContextResult, SendResult } from "../../../src/transport/chat-client-types.ts";
import { describeChanges } from "../../../src/transport/conversation/conversation-changes.ts";
import type { ChatMessage, ConversationSnapshot } from "../../../src/transport/conversation.ts";

/** A snapshot of a connected conversation with nothing in it yet. */
export function createSnapshot(changes: Partial<ConversationSnapshot> = {}): ConversationSnapshot {
  return {
    messages: [],
    typing: { kind: "none" },
    agent: null,
    liveAgent: null,
    handoff: { phase: "none" },
    notices: [],
    language: null,
    ended: null,
    connection: { status: "connected" },
    transport: "messaging",
    ...changes,
  };
}

/** A finished message by the platform's agent unless `changes` say otherwise. */
export function agentMessage(id: string, text: string, changes: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    role: "agent",
    text,
    attachments: [],
    suggestions: [],
    streaming: false,
    time: Date.UTC(2026, 0, 5, 9, 30),
    author: { name: "Ava" },
    ...changes,
  };
}

/** A user message, delivered unless `status` says otherwise. */
export function userMessage(id: string, text: string, status: ChatMessage["status"] = "sent"): ChatMessage {
  return { id, role: "user", text, attachments: [], suggestions: [], streaming: false, status, time: Date.UTC(2026, 0, 5, 9, 31) };
}

type Handler = (detail: never) => void;

/**
 * A ChatClient whose snapshot the test sets; every command is recorded in `calls` in order, with its
 * arguments, and changes nothing by itself.
 */
export class FakeChatClient implements ChatClient {
  snapshot: ConversationSnapshot;
  readonly calls: unknown[][] = [];
  private readonly listeners = new Set<(snapshot: ConversationSnapshot) => void>();
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(snapshot: ConversationSnapshot = createSnapshot()) {
    this.snapshot = snapshot;
  }

  /**
   * Applies `changes` as a new snapshot object, notifies subscribers, then emits the events that step
   * means, as the store does.
   */
  set(changes: Partial<ConversationSnapshot>): void {
    const previous = this.snapshot;
    this.snapshot = { ...previous, ...changes };
    for (const listener of [...this.listeners]) listener(this.snapshot);
    // Any message may have changed: the old ones are given as they were, the new ones as absent.
    const touched = new Map<string, ChatMessage | undefined>(this.snapshot.messages.map((message) => [message.id, undefined]));
    for (const message of previous.messages) touched.set(message.id, message);
    for (const change of describeChanges(previous, this.snapshot, touched)) this.emit(change.name, change.detail as never);
  }

  /** Emits one client event to its handlers. */
  emit<Name extends keyof ChatClientEvents>(name: Name, detail: ChatClientEvents[Name]): void {
    for (const handler of [...(this.handlers.get(name) ?? [])]) (handler as (value: ChatClientEvents[Name]) => void)(detail);
  }

  /** The recorded calls of one command, each as its argument list. */
  callsOf(name: string): unknown[][] {
    return this.calls.filter(([called]) => called === name).map(([, ...rest]) => rest);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  getSnapshot(): ConversationSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (snapshot: ConversationSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<Name extends keyof ChatClientEvents>(name: Name, handler: (detail: ChatClientEvents[Name]) => void): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  off<Name extends keyof ChatClientEvents>(name: Name, handler: (detail: ChatClientEvents[Name]) => void): void {
    this.handlers.get(name)?.delete(handler as Handler);
  }

  start(): void {
    this.calls.push(["start"]);
  }
  /** What `resume` answers: whether the stored conversation could be resumed. */
  resumable = false;
  resume(): boolean {
    this.calls.push(["resume"]);
    return this.resumable;
  }
  send(text: string): SendResult {
    this.calls.push(["send", text]);
    return { accepted: true };
  }
  setContext(context: Record<string, unknown> | null | undefined): ContextResult {
    this.calls.push(["setContext", context]);
    return { accepted: true };
  }
  typing(): void {
    this.calls.push(["typing"]);
  }
  chooseSuggestion(text: string): SendResult {
    this.calls.push(["chooseSuggestion", text]);
    return { accepted: true };
  }
  retry(messageId: string): void {
    this.calls.push(["retry", messageId]);
  }
  retryNow(): void {
    this.calls.push(["retryNow"]);
  }
  end(): void {
    this.calls.push(["end"]);
  }
  newConversation(): void {
    this.calls.push(["newConversation"]);
  }
  /** The test's clock (fake timers move it). */
  now(): number {
    return Date.now();
  }
  reset(): void {
    this.calls.push(["reset"]);
  }

  /** The conversation's id, as a test sets it. */
  conversation: string | null = null;
  conversationId(): string | null {
    return this.conversation;
  }
  destroy(): void {
    this.calls.push(["destroy"]);
  }
}
