import {
  decodeServerFrame,
  formatCursor,
  maxFrameBytes,
  type ClientFrame,
  type InboundEvent,
  type PlatformName,
} from "../protocol/index.ts";
import {
  initialLifecycleState,
  toConnectionState,
  transition,
  type LifecycleEffect,
  type LifecycleEvent,
  type LifecyclePhase,
  type LifecycleState,
} from "./connection-state.ts";
import type { ConversationEvent } from "./conversation-events.ts";
import type { ConversationStore } from "./conversation-store.ts";
import type { Environment, WebSocketLike } from "./environment.ts";
import { toChatError } from "./errors.ts";
import { createEventSequencer } from "./event-sequencer.ts";
import { requestHandshake, type HandshakeCall } from "./handshake-requests.ts";
import { agentPresenceOf, readFrameFacts, toConversationEvent, utf8Length } from "./messaging-transport.ts";
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

const socketOpen = 1;

/**
 * The Messaging side of the client: it owns the socket, the access token, the lifecycle's timer and the
 * in-flight handshake requests, and runs the effects the lifecycle's `transition` asks for, deciding
 * nothing itself; it feeds frames through the sequencer into the shared store, keeps the outbox, persists
 * the session after every input and whenever a message finishes, and throttles typing. Inputs that arrive
 * while an effect runs are queued and applied in order. The access token lives only in this closure: never
 * in the state, an effect, an input or an error. `handOver` receives the undelivered messages when the
 * lifecycle falls back to the Chat API.
 */
export function createMessagingClient(
  environment: Environment,
  config: MessagingClientConfig,
  store: ConversationStore,
  handOver: (pending: readonly OutboxEntry[]) => void,
): MessagingClient {
  const diagnostics: FrameDiagnostics = { invalidFrames: 0, lastReason: null };
  const removers: (() => void)[] = [];
  const persistence = createSessionPersistence(environment.storage, config.persist);
  const saved = persistence.load();
  let lifecycle: LifecycleState = initialLifecycleState();
  const trace: LifecyclePhase[] = [lifecycle.phase];
  let sequencer = createEventSequencer();
  let outbox = createOutbox(saved?.outbox ?? []);
  /** The stored session to resume, until a socket of this client has been asked for a new one. */
  let restored = saved;
  /** The highest sequence at which a message finished in this tab, a reload included: see `PersistedSession`. */
  let historyThrough = saved?.historyThrough ?? 0;
  /** The sequence of the stored event being applied, while one is. */
  let applyingSequence: number | null = null;
  let maxMessageBytes: number = maxFrameBytes;
  let token: string | null = null;
  let socket: WebSocketLike | null = null;
  let timer: unknown = null;
  let gapTimer: unknown = null;
  const pending: LifecycleEvent[] = [];
  let dispatching = false;
  let destroyed = false;
  /** Bumped by every handshake request; an answer to an older one is ignored. */
  let requestGeneration = 0;

  const isLive = () => lifecycle.phase.name === "live";
  const throttle = createTypingThrottle(environment, (state) => send({ type: "EVENT_TYPE_USER_TYPING", payload: { state } }));
  const queued = (id: string, text: string, time: number) => store.apply({ kind: "user-message-queued", id, text, time });
  const failed = (id: string) => store.apply({ kind: "user-message-failed", id });
  const notice = (id: string, level: "info" | "error", text: string, code: string) =>
    store.apply({ kind: "notice", id: `${code}-${id}`, level, text, time: environment.now(), code });
  // A message finishing while a stored event applies is received for good: after a reload it is history.
  removers.push(
    store.on("message", () => {
      if (applyingSequence === null || applyingSequence <= historyThrough) return;
      historyThrough = applyingSequence;
      persist();
    }),
  );

  function dispatch(event: LifecycleEvent): void {
    if (destroyed) return;
    pending.push(event);
    if (dispatching) return;
    dispatching = true;
    try {
      for (let next = pending.shift(); next && !destroyed; next = pending.shift()) {
        const previous = lifecycle;
        const result = transition(previous, { ...next, now: environment.now(), random: environment.random() });
        lifecycle = result.state;
        const changed = lifecycle.phase !== previous.phase;
        if (changed && trace.push(lifecycle.phase) > traceLimit) trace.shift();
        for (const effect of result.effects) run(effect);
        if (changed) reportPhase();
      }
      persist();
    } finally {
      dispatching = false;
      if (destroyed) pending.length = 0;
    }
  }

  /** Tells the store how the connection reads now; after the hand-over, the Chat API transport does. */
  function reportPhase(): void {
    const phase = lifecycle.phase;
    if (phase.name === "fallback") return;
    if (phase.name === "ended") store.apply({ kind: "session-ended", reason: phase.reason });
    store.apply({ kind: "connection-changed", connection: toConnectionState(phase), transport: "messaging" });
  }

  function run(effect: LifecycleEffect): void {
    switch (effect.type) {
      case "request":
        return request(effect.request);
      case "open-socket":
        return openSocket(effect.sessionId);
      case "close-socket":
        detachSocket();
        outbox.socketLost();
        throttle.reset();
        return clearGapTimer();
      case "start-timer": {
        clearTimer();
        const handle = environment.setTimeout(() => {
          if (timer !== handle) return;
          timer = null;
          const sentAt = outbox.oldestInFlightSentAt();
          const echoOverdue = sentAt !== null && environment.now() - sentAt >= 2 * lifecycle.heartbeatMilliseconds;
          dispatch({ type: "timer-fired", echoOverdue });
        }, effect.milliseconds);
        timer = handle;
        return;
      }
      case "cancel-timer":
        return clearTimer();
      case "send-frame":
        send(effect.frame);
        return;
      case "end-replay":
        clearGapTimer();
        for (const event of sequencer.endReplay()) apply(event);
        for (const entry of outbox.replayChecked()) failed(entry.id);
        for (const entry of outbox.takeUnshown()) {
          queued(entry.id, entry.text, entry.time);
          if (entry.state === "failed") failed(entry.id);
        }
        return offerMessages();
      case "send-messages":
        return flushOutbox();
      case "forget-session":
        sequencer = createEventSequencer();
        historyThrough = 0;
        clearGapTimer();
        restored = null;
        persistence.clear();
        if (effect.notice) notice(environment.createId(), "info", "The conversation had expired, so a new one has started.", newSessionNoticeCode);
        return;
      case "hand-over":
        clearGapTimer();
        handOver(outbox.drain().filter((entry) => entry.state !== "failed"));
        return persistence.clear();
    }
  }

  /** Runs one handshake call; an answer to a call that a newer one replaced, or to a destroyed client, is ignored. */
  function request(path: "access-token" | "sessions"): void {
    const generation = ++requestGeneration;
    const current = () => !destroyed && generation === requestGeneration;
    const call: HandshakeCall =
      path === "access-token"
        ? { path, connectorToken: config.connectorToken, host: config.host }
        : { path, accessToken: token ?? "", platform: config.platform, streaming: config.streaming };
    if (path === "access-token") token = null;
    requestHandshake(environment, config.endpoints.httpBase, call, () => !current()).then(
      (value) => {
        if (!current()) return;
        if (path === "sessions") return dispatch({ type: "session-created", sessionId: value });
        token = value;
        dispatch({ type: "token-received" });
      },
      (error: unknown) => {
        if (current()) dispatch({ type: "request-failed", request: path, error: toChatError(error) });
      },
    );
  }

  function openSocket(sessionId: string): void {
    detachSocket();
    const cursor = sequencer.cursor;
    const url =
      `${config.endpoints.socketBase}/ws?session_id=${encodeURIComponent(sessionId)}` +
      `&access_token=${encodeURIComponent(token ?? "")}` +
      (cursor > 0 ? `&cursor=${formatCursor(cursor)}` : "");
    let opened: WebSocketLike;
    try {
      // A missing WebSocket throws here too, and reads as a failed handshake.
      opened = environment.createWebSocket!(url);
    } catch {
      dispatch({ type: "socket-closed", code: 1006 });
      return;
    }
    socket = opened;
    opened.onopen = () => {
      if (socket === opened) dispatch({ type: "socket-opened" });
    };
    opened.onmessage = (event) => {
      if (socket === opened) receive(String(event.data));
    };
    opened.onclose = (event) => {
      if (socket !== opened) return;
      socket = null;
      dispatch({ type: "socket-closed", code: event.code });
    };
    // The close event that follows carries what little a socket reveals; an error alone changes nothing.
    opened.onerror = null;
  }

  /** Stops listening to the current socket and closes it; its late events are ignored. */
  function detachSocket(): void {
    const detached = socket;
    if (!detached) return;
    socket = null;
    detached.onopen = detached.onmessage = detached.onclose = detached.onerror = null;
    try {
      detached.close(1000);
    } catch {
      // A socket that cannot be closed is already closed.
    }
  }

  function send(frame: ClientFrame): void {
    if (!isLive() || socket?.readyState !== socketOpen) return;
    socket.send(JSON.stringify(frame));
    dispatch({ type: "frame-sent" });
  }

  function receive(text: string): void {
    const decoded = decodeServerFrame(text);
    if (decoded.kind === "invalid") {
      diagnostics.invalidFrames += 1;
      diagnostics.lastReason = decoded.reason;
      return;
    }
    const event = decoded.event;
    const received = readFrameFacts(event, utf8Length(text));
    if (received.capabilities) maxMessageBytes = received.capabilities.max_message_size_bytes ?? maxFrameBytes;
    // A live frame means the replay is over: what it held is applied before the live event.
    if (!received.batch) dispatch(received);
    for (const ready of sequencer.accept(event)) apply(ready);
    watchGap();
    if (received.batch) dispatch(received);
  }

  /** Applies one ordered event: echoes settle the outbox, the session end reaches the lifecycle. */
  function apply(event: InboundEvent): void {
    applyingSequence = event.sequence;
    try {
      applyDomainEvent(toConversationEvent(event, environment.now(), historyThrough));
    } finally {
      applyingSequence = null;
    }
  }

  function applyDomainEvent(domainEvent: ConversationEvent | null): void {
    const presence = domainEvent && agentPresenceOf(domainEvent);
    if (presence) dispatch({ type: "agent-presence", presence });
    if (domainEvent?.kind === "user-message-replayed") {
      const entry = outbox.confirm(domainEvent.id);
      store.apply(entry?.shown ? { kind: "user-message-sent", id: domainEvent.id, time: domainEvent.time } : domainEvent);
    } else if (domainEvent?.kind === "session-ended") {
      // An abandoned session is replaced by a new one; the conversation itself goes on.
      if (domainEvent.reason !== "REASON_USER_ABANDONED") store.apply(domainEvent);
      dispatch({ type: "session-ended", reason: domainEvent.reason });
    } else if (domainEvent) {
      store.apply(domainEvent);
    }
  }

  /** Tells the lifecycle that queued messages wait, so that it decides what goes out before them. */
  function offerMessages(): void {
    if (outbox.entries().some((entry) => entry.state === "queued")) dispatch({ type: "messages-waiting" });
  }

  function flushOutbox(): void {
    if (!isLive()) return;
    const sendable = outbox.takeSendable(environment.now());
    if (sendable.length > 0) throttle.messageSent();
    for (const entry of sendable) {
      send({ type: "EVENT_TYPE_USER_MESSAGE", payload: { text: entry.text }, metadata: { custom: { client_event_id: entry.id } } });
    }
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
    environment.clearTimeout(gapTimer);
    gapTimer = null;
  }

  function clearTimer(): void {
    environment.clearTimeout(timer);
    timer = null;
  }

  function persist(): void {
    const { sessionId, joinRequested, lastActivityAt, phase } = lifecycle;
    if (sessionId === null || phase.name === "fallback") return;
    persistence.save({ sessionId, joinRequested, lastActivityAt, historyThrough, outbox: outbox.entries() });
  }

  /** After the outbox changed: keep the change across a reload, and send what can go. */
  function changeOutbox(change: () => void): void {
    change();
    persist();
    offerMessages();
  }

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
        notice(id, "error", "The message is too long to send.", "message-too-large");
      } else {
        changeOutbox(() => outbox.enqueue(id, text, time));
      }
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
      historyThrough = 0;
      persistence.clear();
      store.apply({ kind: "reset" });
      dispatch({ type: "new-conversation" });
      reportPhase();
    },
    destroy() {
      destroyed = true;
      pending.length = 0;
      detachSocket();
      clearTimer();
      clearGapTimer();
      throttle.reset();
      token = null;
      for (const remove of removers.splice(0)) remove();
    },
  };
}
