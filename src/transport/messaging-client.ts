import {
  decodeServerFrame,
  EventType,
  isUnknownEvent,
  limits,
  SessionEndReason,
  type InboundEvent,
  type PlatformName,
} from "../protocol/index.ts";
import { toConnectionState, type LifecycleEffect, type LifecyclePhase } from "./connection-state.ts";
import type { ConversationStore } from "./conversation-store.ts";
import type { Environment } from "./environment.ts";
import { createEventSequencer } from "./event-sequencer.ts";
import { createMessagingConnection } from "./messaging-connection.ts";
import { readUserMessageEcho, toConversationEvents } from "./messaging-transport.ts";
import { createOutbox, type OutboxEntry } from "./outbox.ts";
import { createSessionPersistence } from "./session-persistence.ts";
import { createTypingThrottle } from "./typing-throttle.ts";
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

/** The Messaging side of the client, as `createMessagingClient` returns it. */
export interface MessagingClient {
  readonly diagnostics: FrameDiagnostics;
  /** The lifecycle phases in order, starting with `idle` (the most recent `traceLimit` of them). */
  readonly trace: readonly LifecyclePhase[];
  /** Starts the lifecycle (restoring a persisted session), or hands over at once when `useChatApi`. */
  start(useChatApi: boolean): void;
  /** Queues a user message (shown at once as `sending`) and sends it when a socket is live. */
  send(id: string, text: string): void;
  /** A keystroke in the composer. */
  typing(): void;
  /** Retries a failed message; returns false when no such failed message is queued here. */
  retry(id: string): boolean;
  retryNow(): void;
  end(): void;
  /** Forgets the conversation (store, outbox, stored session) and starts a new session. */
  newConversation(): void;
  destroy(): void;
}

/**
 * The Messaging side of the client: the connection lifecycle, the sequencer, the outbox, persistence and
 * typing, writing into the shared store. `handOver` receives the undelivered messages when the lifecycle
 * falls back to the Chat API.
 */
export function createMessagingClient(
  environment: Environment,
  config: MessagingClientConfig,
  store: ConversationStore,
  handOver: (pending: readonly OutboxEntry[]) => void,
): MessagingClient {
  const diagnostics: FrameDiagnostics = { invalidFrames: 0, lastReason: null };
  const trace: LifecyclePhase[] = [];
  const removers: (() => void)[] = [];
  const persistence = createSessionPersistence(environment.storage, config.persist);
  const saved = persistence.load();
  let sequencer = createEventSequencer();
  let outbox = createOutbox(saved?.outbox ?? []);
  let restored = saved && { sessionId: saved.sessionId, joinRequested: saved.joinRequested, lastActivityAt: saved.lastActivityAt };
  let gapTimer: unknown = null;
  let maxMessageBytes: number = limits.maxFrameBytes;

  const record = (phase: LifecyclePhase) => {
    trace.push(phase);
    if (trace.length > traceLimit) trace.shift();
  };
  const connection = createMessagingConnection(environment, config, {
    onFrame: receive,
    onEffect: run,
    cursor: () => sequencer.cursor,
    onTransition: (previous, next) => {
      if (previous.phase !== next.phase) record(next.phase);
    },
  });
  record(connection.state.phase);
  const dispatch = connection.dispatch;
  const isLive = () => connection.state.phase.name === "live";
  const throttle = createTypingThrottle(environment, (state) => {
    connection.send({ type: EventType.UserTyping, payload: { state } });
  });
  const queued = (id: string, text: string, time: number) => store.apply({ kind: "user-message-queued", id, text, time });
  const failed = (id: string) => store.apply({ kind: "user-message-failed", id });

  function receive(text: string): void {
    const decoded = decodeServerFrame(text);
    if (decoded.kind === "invalid") {
      diagnostics.invalidFrames += 1;
      diagnostics.lastReason = decoded.reason;
      return;
    }
    const event = decoded.event;
    const isBatch = event.type === EventType.EventBatch;
    scanHistory(isBatch ? (event.payload.events as InboundEvent[]) : [event]);
    if (!isBatch) {
      // A live frame means the replay is over: what it held is applied before the live event.
      dispatch({ type: "live-frame-received" });
      if (event.type === EventType.Heartbeat && event.sequence === null) {
        dispatch({ type: "heartbeat-echo" });
        return;
      }
    }
    for (const ready of sequencer.accept(event)) apply(ready);
    watchGap();
    // A batch close to the frame limit may have a sequel; a smaller one is the whole replay.
    if (isBatch) dispatch({ type: "batch-received", mayContinue: utf8Length(text) > limits.maxFrameBytes / 2 });
  }

  /** Reads what the lifecycle must know before ordering: capabilities, and whether a join is due. */
  function scanHistory(events: readonly InboundEvent[]): void {
    let agentJoined = false;
    let sessionEnded = false;
    for (const event of events) {
      if (isUnknownEvent(event)) continue;
      if (event.type === EventType.SessionStart) {
        maxMessageBytes = event.payload.capabilities.max_message_size_bytes ?? limits.maxFrameBytes;
        dispatch({ type: "session-started", capabilities: event.payload.capabilities });
      }
      if (event.type === EventType.ServiceAgentJoined || event.type === EventType.LiveAgentJoined) agentJoined = true;
      if (event.type === EventType.SessionEnd && event.sequence !== null) sessionEnded = true;
    }
    if (agentJoined || sessionEnded) dispatch({ type: "history-seen", agentJoined, sessionEnded });
  }

  /** Applies one ordered event: echoes settle the outbox, the session end reaches the lifecycle. */
  function apply(event: InboundEvent): void {
    const now = environment.now();
    const echo = readUserMessageEcho(event, now);
    if (echo) {
      const entry = echo.correlated ? outbox.confirm(echo.id) : undefined;
      if (entry?.shown) store.apply({ kind: "user-message-sent", id: echo.id, time: echo.time });
      else store.apply({ kind: "user-message-replayed", id: echo.id, text: echo.text, time: echo.time });
      if (entry) persist();
      return;
    }
    for (const domainEvent of toConversationEvents(event, now)) {
      if (domainEvent.kind !== "session-ended") {
        store.apply(domainEvent);
        continue;
      }
      // An abandoned session is replaced by a new one; the conversation itself goes on.
      if (domainEvent.reason !== SessionEndReason.UserAbandoned) store.apply(domainEvent);
      dispatch({ type: "session-ended", reason: domainEvent.reason });
    }
  }

  function run(effect: LifecycleEffect): void {
    switch (effect.type) {
      case "end-replay":
        clearGapTimer();
        for (const event of sequencer.endReplay()) apply(event);
        for (const entry of outbox.replayChecked()) failed(entry.id);
        for (const entry of outbox.takeUnshown()) {
          queued(entry.id, entry.text, entry.time);
          if (entry.state === "failed") failed(entry.id);
        }
        return persist();
      case "flush-outbox":
        return flushOutbox();
      case "socket-lost":
        outbox.socketLost();
        throttle.reset();
        clearGapTimer();
        return persist();
      case "forget-session":
        sequencer = createEventSequencer();
        clearGapTimer();
        restored = null;
        return persistence.clear();
      case "persist-session":
        return persist();
      case "notice":
        return store.apply({
          kind: "notice",
          id: `${newSessionNoticeCode}-${environment.createId()}`,
          level: "info",
          text: "The previous conversation had expired, so a new one has started.",
          time: environment.now(),
          code: newSessionNoticeCode,
        });
      case "end-locally":
        return store.apply({ kind: "session-ended", reason: effect.reason });
      case "hand-over":
        clearGapTimer();
        handOver(outbox.drain().filter((entry) => entry.state !== "failed"));
        return persistence.clear();
      case "notify":
        // After the hand-over, the Chat API transport reports the connection itself.
        if (effect.connection.status !== "fallback") notifyConnection();
    }
  }

  function notifyConnection(): void {
    store.apply({ kind: "connection-changed", connection: toConnectionState(connection.state.phase), transport: "messaging" });
  }

  function flushOutbox(): void {
    if (!isLive()) return;
    const sendable = outbox.takeSendable();
    if (sendable.length === 0) return;
    throttle.messageSent();
    for (const entry of sendable) {
      connection.send({ type: EventType.UserMessage, payload: { text: entry.text }, metadata: { custom: { client_event_id: entry.id } } });
    }
    persist();
  }

  /** Holds live events behind a gap for a while; the gap is then given up on. */
  function watchGap(): void {
    if (!sequencer.hasHeld || gapTimer !== null || !isLive()) return;
    gapTimer = environment.setTimeout(() => {
      gapTimer = null;
      for (const event of sequencer.releaseHeld()) apply(event);
    }, liveGapWaitMilliseconds);
  }

  function clearGapTimer(): void {
    if (gapTimer !== null) environment.clearTimeout(gapTimer);
    gapTimer = null;
  }

  function persist(): void {
    const state = connection.state;
    if (state.sessionId === null) return;
    persistence.save({
      sessionId: state.sessionId,
      joinRequested: state.joinRequested,
      lastActivityAt: state.lastActivityAt,
      outbox: outbox.entries(),
    });
  }

  /** After the outbox changed: keep the change across a reload, and send what can go. */
  const changeOutbox = (change: () => void) => {
    change();
    persist();
    flushOutbox();
  };

  return {
    diagnostics,
    trace,
    start(useChatApi) {
      removers.push(environment.onWake(() => dispatch({ type: "woke" })), environment.onOffline(() => dispatch({ type: "went-offline" })));
      dispatch({ type: "start", transport: config.transport, useChatApi, host: config.host, online: environment.isOnline(), restored });
    },
    send(id, text) {
      const time = environment.now();
      queued(id, text, time);
      if (utf8Length(text) > maxMessageBytes) {
        failed(id);
        store.apply({ kind: "notice", id: `message-too-large-${id}`, level: "error", text: "The message is too long to send.", time, code: "message-too-large" });
        return;
      }
      changeOutbox(() => outbox.enqueue(id, text, time));
    },
    typing() {
      if (isLive()) throttle.keystroke();
    },
    retry(id) {
      if (!outbox.retry(id)) return false;
      changeOutbox(() => store.apply({ kind: "user-message-retrying", id }));
      return true;
    },
    retryNow: () => dispatch({ type: "retry-now" }),
    end: () => dispatch({ type: "end-requested" }),
    newConversation() {
      outbox = createOutbox();
      restored = null;
      persistence.clear();
      store.apply({ kind: "reset" });
      dispatch({ type: "new-conversation" });
      notifyConnection();
    },
    destroy() {
      connection.destroy();
      throttle.reset();
      clearGapTimer();
      for (const remove of removers.splice(0)) remove();
    },
  };
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
