import {
  decodeServerFrame,
  EventType,
  isUnknownEvent,
  limits,
  SessionEndReason,
  type InboundEvent,
  type PlatformName,
} from "../protocol/index.ts";
import {
  toConnectionState,
  type LifecycleEffect,
  type LifecycleEvent,
  type LifecyclePhase,
  type LifecycleState,
} from "./connection-state.ts";
import type { ConversationStore } from "./conversation-store.ts";
import type { Environment } from "./environment.ts";
import { EventSequencer } from "./event-sequencer.ts";
import { MessagingConnection } from "./messaging-connection.ts";
import { readUserMessageEcho, toConversationEvents } from "./messaging-transport.ts";
import { Outbox, type OutboxEntry } from "./outbox.ts";
import { SessionPersistence } from "./session-persistence.ts";
import { TypingThrottle } from "./typing-throttle.ts";
import type { MessagingEndpoints } from "./url-policy.ts";

/** What the Messaging side needs: where and how to connect, and whether it may hand over. */
export interface MessagingClientConfig {
  endpoints: MessagingEndpoints;
  connectorToken: string;
  host: string;
  platform: PlatformName;
  streaming: boolean;
  persist: boolean;
  /** `auto` may hand over to the Chat API; `messaging` never does. */
  transport: "auto" | "messaging";
}

/** Frames that could not be decoded: counted and dropped, never a crash. */
export interface FrameDiagnostics {
  invalidFrames: number;
  lastReason: string | null;
}

/** Code of the notice raised when the conversation continues in a new session. */
export const newSessionNoticeCode = "new-session";
/** How many lifecycle phases the trace keeps. */
export const traceLimit = 200;
/** A gap in live events is waited for this long before the events behind it are applied anyway. */
export const liveGapWaitMilliseconds = 3000;

/**
 * The Messaging side of the client: the connection lifecycle, the sequencer, the outbox, persistence and
 * typing, writing into the shared store. `handOver` receives the undelivered messages when the lifecycle
 * falls back to the Chat API.
 */
export class MessagingClient {
  readonly diagnostics: FrameDiagnostics = { invalidFrames: 0, lastReason: null };
  /** The lifecycle phases in order, starting with `idle` (the most recent `traceLimit` of them). */
  readonly trace: LifecyclePhase[] = [];
  private readonly environment: Environment;
  private readonly store: ConversationStore;
  private readonly connection: MessagingConnection;
  private readonly persistence: SessionPersistence;
  private readonly throttle: TypingThrottle;
  private readonly handOver: (pending: readonly OutboxEntry[]) => void;
  private sequencer = new EventSequencer();
  private outbox: Outbox;
  private restored: { sessionId: string; joinRequested: boolean; lastActivityAt: number } | null;
  private gapTimer: unknown = null;
  private maxMessageBytes: number = limits.maxFrameBytes;
  private readonly removers: (() => void)[] = [];
  private readonly transport: "auto" | "messaging";
  private readonly host: string;

  constructor(environment: Environment, config: MessagingClientConfig, store: ConversationStore, handOver: (pending: readonly OutboxEntry[]) => void) {
    this.environment = environment;
    this.store = store;
    this.handOver = handOver;
    this.persistence = new SessionPersistence(environment.storage, config.persist);
    const saved = this.persistence.load();
    this.outbox = new Outbox(saved?.outbox ?? []);
    this.restored = saved ? { sessionId: saved.sessionId, joinRequested: saved.joinRequested, lastActivityAt: saved.lastActivityAt } : null;
    this.connection = new MessagingConnection(environment, config, {
      onFrame: (text) => this.receive(text),
      onEffect: (effect) => this.run(effect),
      cursor: () => this.sequencer.cursor,
      onTransition: (previous, next) => {
        if (previous.phase !== next.phase) this.record(next.phase);
      },
    });
    this.record(this.connection.state.phase);
    this.throttle = new TypingThrottle(environment, (state) => {
      this.connection.send({ type: EventType.UserTyping, payload: { state } });
    });
    this.transport = config.transport;
    this.host = config.host;
  }

  /** The lifecycle as it stands. */
  get state(): LifecycleState {
    return this.connection.state;
  }

  /** Starts the lifecycle (restoring a persisted session), or hands over at once when `useChatApi`. */
  start(useChatApi: boolean): void {
    this.removers.push(this.environment.onWake(() => this.dispatch({ type: "woke" })));
    this.removers.push(this.environment.onOffline(() => this.dispatch({ type: "went-offline" })));
    this.dispatch({
      type: "start",
      transport: this.transport,
      useChatApi,
      host: this.host,
      online: this.environment.isOnline(),
      restored: this.restored,
    });
  }

  /** Queues a user message (shown at once as `sending`) and sends it when a socket is live. */
  send(id: string, text: string): void {
    const time = this.environment.now();
    this.store.apply({ kind: "user-message-queued", id, text, time });
    if (utf8Length(text) > this.maxMessageBytes) {
      this.store.apply({ kind: "user-message-failed", id });
      this.store.apply({ kind: "notice", id: `message-too-large-${id}`, level: "error", text: "The message is too long to send.", time, code: "message-too-large" });
      return;
    }
    this.outbox.enqueue(id, text, time);
    this.persist();
    this.flushOutbox();
  }

  /** A keystroke in the composer. */
  typing(): void {
    if (this.connection.state.phase.name === "live") this.throttle.keystroke();
  }

  /** Retries a failed message; returns false when no such failed message is queued here. */
  retry(id: string): boolean {
    if (!this.outbox.retry(id)) return false;
    this.store.apply({ kind: "user-message-retrying", id });
    this.persist();
    this.flushOutbox();
    return true;
  }

  retryNow(): void {
    this.dispatch({ type: "retry-now" });
  }

  end(): void {
    this.dispatch({ type: "end-requested" });
  }

  /** Forgets the conversation (store, outbox, stored session) and starts a new session. */
  newConversation(): void {
    this.outbox = new Outbox();
    this.restored = null;
    this.persistence.clear();
    this.store.apply({ kind: "reset" });
    this.dispatch({ type: "new-conversation" });
    this.store.apply({ kind: "connection-changed", connection: toConnectionState(this.connection.state.phase), transport: "messaging" });
  }

  destroy(): void {
    this.connection.destroy();
    this.throttle.reset();
    this.clearGapTimer();
    for (const remove of this.removers.splice(0)) remove();
  }

  private record(phase: LifecyclePhase): void {
    this.trace.push(phase);
    if (this.trace.length > traceLimit) this.trace.shift();
  }

  private dispatch(event: LifecycleEvent): void {
    this.connection.dispatch(event);
  }

  private receive(text: string): void {
    const decoded = decodeServerFrame(text);
    if (decoded.kind === "invalid") {
      this.diagnostics.invalidFrames += 1;
      this.diagnostics.lastReason = decoded.reason;
      return;
    }
    const event = decoded.event;
    const isBatch = event.type === EventType.EventBatch;
    const carried = isBatch && "events" in event.payload ? (event.payload.events as InboundEvent[]) : [event];
    this.scanHistory(carried);
    if (!isBatch) {
      // A live frame means the replay is over: what it held is applied before the live event.
      this.dispatch({ type: "live-frame-received" });
      if (event.type === EventType.Heartbeat && event.sequence === null) {
        this.dispatch({ type: "heartbeat-echo" });
        return;
      }
    }
    for (const ready of this.sequencer.accept(event)) this.apply(ready);
    this.watchGap();
    // A batch close to the frame limit may have a sequel; a smaller one is the whole replay.
    if (isBatch) this.dispatch({ type: "batch-received", mayContinue: utf8Length(text) > limits.maxFrameBytes / 2 });
  }

  /** Reads what the lifecycle must know before ordering: capabilities, and whether a join is due. */
  private scanHistory(events: readonly InboundEvent[]): void {
    let agentJoined = false;
    let sessionEnded = false;
    for (const event of events) {
      if (isUnknownEvent(event)) continue;
      if (event.type === EventType.SessionStart) {
        this.maxMessageBytes = event.payload.capabilities.max_message_size_bytes ?? limits.maxFrameBytes;
        this.dispatch({ type: "session-started", capabilities: event.payload.capabilities });
      }
      if (event.type === EventType.ServiceAgentJoined || event.type === EventType.LiveAgentJoined) agentJoined = true;
      if (event.type === EventType.SessionEnd && event.sequence !== null) sessionEnded = true;
    }
    if (agentJoined || sessionEnded) this.dispatch({ type: "history-seen", agentJoined, sessionEnded });
  }

  /** Applies one ordered event: echoes settle the outbox, the session end reaches the lifecycle. */
  private apply(event: InboundEvent): void {
    const now = this.environment.now();
    const echo = readUserMessageEcho(event, now);
    if (echo) {
      const entry = echo.correlated ? this.outbox.confirm(echo.id) : undefined;
      if (entry?.shown) this.store.apply({ kind: "user-message-sent", id: echo.id, time: echo.time });
      else this.store.apply({ kind: "user-message-replayed", id: echo.id, text: echo.text, time: echo.time });
      if (entry) this.persist();
      return;
    }
    if (!isUnknownEvent(event) && event.type === EventType.SessionEnd) {
      // An abandoned session is replaced by a new one; the conversation itself goes on.
      if (event.payload.reason !== SessionEndReason.UserAbandoned) this.store.apply({ kind: "session-ended", reason: event.payload.reason });
      this.dispatch({ type: "session-ended", reason: event.payload.reason });
      return;
    }
    for (const domainEvent of toConversationEvents(event, now)) this.store.apply(domainEvent);
  }

  private run(effect: LifecycleEffect): void {
    switch (effect.type) {
      case "end-replay":
        this.endReplay();
        return;
      case "flush-outbox":
        this.flushOutbox();
        return;
      case "socket-lost":
        this.outbox.socketLost();
        this.throttle.reset();
        this.clearGapTimer();
        this.persist();
        return;
      case "forget-session":
        this.sequencer = new EventSequencer();
        this.clearGapTimer();
        this.restored = null;
        this.persistence.clear();
        return;
      case "persist-session":
        this.persist();
        return;
      case "notice":
        this.store.apply({
          kind: "notice",
          id: `${newSessionNoticeCode}-${this.environment.createId()}`,
          level: "info",
          text: "The previous conversation had expired, so a new one has started.",
          time: this.environment.now(),
          code: newSessionNoticeCode,
        });
        return;
      case "end-locally":
        this.store.apply({ kind: "session-ended", reason: effect.reason });
        return;
      case "hand-over":
        this.clearGapTimer();
        this.handOver(this.outbox.drain().filter((entry) => entry.state !== "failed"));
        this.persistence.clear();
        return;
      case "notify":
        // After the hand-over, the Chat API transport reports the connection itself.
        if (effect.connection.status !== "fallback") {
          this.store.apply({ kind: "connection-changed", connection: effect.connection, transport: "messaging" });
        }
        return;
      default:
        return;
    }
  }

  private endReplay(): void {
    this.clearGapTimer();
    for (const event of this.sequencer.endReplay()) this.apply(event);
    for (const failed of this.outbox.replayChecked()) this.store.apply({ kind: "user-message-failed", id: failed.id });
    for (const entry of this.outbox.takeUnshown()) {
      this.store.apply({ kind: "user-message-queued", id: entry.id, text: entry.text, time: entry.time });
      if (entry.state === "failed") this.store.apply({ kind: "user-message-failed", id: entry.id });
    }
    this.persist();
  }

  private flushOutbox(): void {
    if (this.connection.state.phase.name !== "live") return;
    const sendable = this.outbox.takeSendable();
    if (sendable.length > 0) this.throttle.messageSent();
    for (const entry of sendable) {
      this.connection.send({ type: EventType.UserMessage, payload: { text: entry.text }, metadata: { custom: { client_event_id: entry.id } } });
    }
    if (sendable.length > 0) this.persist();
  }

  /** Holds live events behind a gap for a while; the gap is then given up on. */
  private watchGap(): void {
    if (!this.sequencer.hasHeld || this.gapTimer !== null || this.connection.state.phase.name !== "live") return;
    this.gapTimer = this.environment.setTimeout(() => {
      this.gapTimer = null;
      for (const event of this.sequencer.releaseHeld()) this.apply(event);
    }, liveGapWaitMilliseconds);
  }

  private clearGapTimer(): void {
    if (this.gapTimer === null) return;
    this.environment.clearTimeout(this.gapTimer);
    this.gapTimer = null;
  }

  private persist(): void {
    const state = this.connection.state;
    if (state.sessionId === null) return;
    this.persistence.save({
      sessionId: state.sessionId,
      joinRequested: state.joinRequested,
      lastActivityAt: state.lastActivityAt,
      outbox: this.outbox.entries(),
    });
  }
}

/** The UTF-8 length of a string, counted by hand (no TextEncoder outside the browser library). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
