import type { ClientFrame } from "../../protocol/index.ts";
import type { ConversationEvent } from "../conversation/conversation-events.ts";
import type { Delivery } from "../delivery/delivery.ts";
import { userMessageFrame, type ConversationContext } from "../delivery/message-frame.ts";
import type { PersistedSession, SessionPersistence } from "../delivery/session-persistence.ts";
import type { Environment } from "../environment.ts";
import {
  initialLifecycleState,
  transition,
  type LifecycleEffect,
  type LifecycleEvent,
  type LifecyclePhase,
  type NewSessionNotice,
  type TimerName,
} from "../lifecycle/transition.ts";
import type { Transport } from "../transport.ts";
import { readFrame } from "./read-frame.ts";
import { createSessionAccess, type SessionAccessOptions, type TokenHook } from "./session-access.ts";
import { createSessionFeed } from "./session-feed.ts";
import { createSocketConnection } from "./socket-connection.ts";
import { createTypingThrottle } from "./typing-throttle.ts";

/** Where and how to reach the Messaging API, resolved from the client's options. */
export interface MessagingPlan extends SessionAccessOptions {
  /** The X-Host, named in a refused host's error. */
  host: string;
  /** `auto` may hand over to the Chat API; `messaging` never does. */
  transport: "auto" | "messaging";
}

/** What the Messaging transport needs: effects, the plan, the shared state, the hand-over. */
export interface MessagingTransportOptions {
  environment: Environment;
  plan: MessagingPlan;
  apply(event: ConversationEvent): void;
  /** Applies the events `run` applies as one batch: a frame's events, a reload's history among them. */
  batch(run: () => void): void;
  /** Whether an agent is answering or on the way, as the conversation shows it. */
  agentEngaged(): boolean;
  delivery: Delivery;
  persistence: SessionPersistence;
  restored: PersistedSession | null;
  /** The site's context now, which each user message carries as it goes out. */
  context(): ConversationContext | undefined;
  /** Hand over to the Chat API at once (no WebSocket here). */
  useChatApi: boolean;
  handOver(): void;
  /** How tokens are shared with the other tabs (see `TokenHook`). */
  shareTokens?: TokenHook;
  /** The store already shows the restored session up to this sequence (see `createSessionFeed`). */
  resumeCursor?: number;
  /** The store already shows the restored session's agent joined, which its replay after `resumeCursor` will not. */
  agentJoined?: boolean;
  /**
   * The conversation's session was forgotten while it waited for the visitor (another tab held it): the
   * lifecycle begins `dormant`, contacts nothing until `start` or a message, and its new session then gives
   * this notice.
   */
  dormant?: NewSessionNotice;
}

/** The Messaging transport with what it noticed: undecodable frames and the lifecycle's recent phases. */
export interface MessagingTransport extends Transport {
  readonly diagnostics: { invalidFrames: number };
  /** The lifecycle phases in order, starting with `idle` or `dormant` (the most recent `traceLimit` of them). */
  readonly trace: readonly LifecyclePhase[];
}

/** How many lifecycle phases the trace keeps. */
export const traceLimit = 200;
/**
 * The Messaging transport: the runner of the lifecycle. It owns the socket, the handshake (and with it the
 * access token), the timers and the session's event feed; it carries out the effects `transition` returns
 * and reports back what happened as inputs, each with the delivery facts, deciding nothing itself. Inputs
 * that arrive while effects run are queued and applied in order; those before `start` are dropped.
 */
export function createMessagingTransport(options: MessagingTransportOptions): MessagingTransport {
  const { environment, apply, delivery, persistence } = options;
  const diagnostics = { invalidFrames: 0 };
  let lifecycle = initialLifecycleState(options.dormant);
  const trace: LifecyclePhase[] = [lifecycle.phase];
  const timers: Partial<Record<TimerName, unknown>> = {};
  const pending: LifecycleEvent[] = [];
  const removers: (() => void)[] = [];
  let dispatching = false;
  let started = false;
  let destroyed = false;
  /** Bumped by every handshake call; an answer to an older one is ignored. */
  let requestGeneration = 0;
  const access = createSessionAccess(environment, { ...options.plan, shareTokens: options.shareTokens });
  const feed = createSessionFeed(
    { apply, delivery, signal: (signal, history) => dispatch({ type: "event-applied", signal, history }) },
    options.restored?.historyThrough,
    options.resumeCursor,
  );
  const socket = createSocketConnection(environment, {
    opened: () => dispatch({ type: "socket-opened", afterCursor: feed.cursor > 0 }),
    received(text) {
      const frame = readFrame(text, environment.now());
      if (!frame) return void (diagnostics.invalidFrames += 1);
      options.batch(() => feed.accept(frame));
      dispatch({ type: "frame-received", batch: frame.batch, heartbeatEcho: frame.heartbeatEcho });
    },
    closed: (code) => dispatch({ type: "socket-closed", code }),
  });
  const throttle = createTypingThrottle(environment, (state) => send({ type: "EVENT_TYPE_USER_TYPING", payload: { state } }));
  const facts = () => ({
    now: environment.now(),
    random: environment.random(),
    delivery: delivery.facts(),
    agentEngaged: options.agentEngaged(),
  });

  function dispatch(event: LifecycleEvent): void {
    // A retry asked before `start` would wake a dormant conversation, which only the visitor does.
    if (destroyed || !started) return;
    pending.push(event);
    if (dispatching) return;
    dispatching = true;
    try {
      for (let next = pending.shift(); next && !destroyed; next = pending.shift()) {
        const previous = lifecycle.phase;
        const result = transition(lifecycle, { ...next, ...facts() });
        lifecycle = result.state;
        if (lifecycle.phase !== previous && trace.push(lifecycle.phase) > traceLimit) trace.shift();
        for (const effect of result.effects) run(effect);
      }
    } finally {
      dispatching = false;
      if (destroyed) pending.length = 0;
    }
  }

  function run(effect: LifecycleEffect): void {
    switch (effect.type) {
      case "request": {
        const generation = ++requestGeneration;
        return access.request(effect.request, () => destroyed || generation !== requestGeneration, dispatch);
      }
      case "open-socket":
        return socket.open(access.socketUrl(effect.sessionId, feed.cursor));
      case "close-socket":
        socket.close();
        delivery.socketLost();
        return throttle.reset();
      case "start-timer": {
        clearTimer(effect.timer);
        const handle = environment.setTimeout(() => {
          if (timers[effect.timer] !== handle) return;
          delete timers[effect.timer];
          dispatch({ type: "timer-fired", timer: effect.timer });
        }, effect.milliseconds);
        timers[effect.timer] = handle;
        return;
      }
      case "cancel-timer":
        return clearTimer(effect.timer);
      case "send-frame":
        return effect.leaving ? void socket.send(JSON.stringify(effect.frame)) : send(effect.frame);
      case "send-join": {
        const id = environment.createId();
        return send({ type: "EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN", payload: {}, metadata: { custom: { client_event_id: id } } }, id);
      }
      case "send-messages": {
        const sendable = delivery.takeSendable(environment.now());
        if (sendable.length > 0) throttle.messageSent();
        for (const entry of sendable) send(userMessageFrame(entry.id, entry.text, options.context()));
        return;
      }
      case "settle-replay":
        return delivery.replaySettled(effect.maxAttempts);
      case "leave-session":
        return delivery.sessionLeft();
      case "not-delivered":
        return delivery.notDelivered(effect.id);
      case "requeue":
        return delivery.requeue(effect.id);
      case "place-back":
        return void delivery.placeBack(effect.id, effect.state);
      case "forget-session":
        feed.forget();
        return persistence.clear();
      case "reset-conversation":
        apply({ kind: "reset" });
        return delivery.clear();
      case "apply":
        return apply(effect.event);
      case "hand-over":
        persistence.clear();
        return options.handOver();
      case "show-connection":
        return apply({ kind: "connection-changed", connection: effect.connection, transport: "messaging" });
      case "persist": {
        const { sessionId, lastActivityAt } = effect;
        return persistence.save({ sessionId, lastActivityAt, historyThrough: feed.historyThrough, outbox: delivery.entries() });
      }
      // `refuse-message` is read by `admit`, which asks the lifecycle directly.
    }
  }

  /** Sends a frame on the live socket and reports it; `joinEventId` when it is the join request. */
  function send(frame: ClientFrame, joinEventId?: string): void {
    if (lifecycle.phase.name !== "live" || !socket.send(JSON.stringify(frame))) return;
    dispatch({ type: "frame-sent", joinEventId });
  }

  function clearTimer(name: TimerName): void {
    environment.clearTimeout(timers[name]);
    delete timers[name];
  }

  return {
    diagnostics,
    trace,
    start() {
      if (started) return dispatch({ type: "engaged" });
      started = true;
      removers.push(
        environment.onWake(() => dispatch({ type: "woke" })),
        environment.onOffline(() => dispatch({ type: "went-offline" })),
      );
      const { plan, useChatApi, restored, agentJoined } = options;
      const resumed = restored && { ...restored, agentJoined };
      dispatch({
        type: "start",
        transport: plan.transport,
        useChatApi,
        host: plan.host,
        online: environment.isOnline(),
        restored: resumed,
      });
    },
    admit(frameBytes) {
      // A decision that changes no state, so it is asked at once, even while other inputs wait.
      const refusal = transition(lifecycle, { type: "message-written", frameBytes, ...facts() }).effects.find(
        (effect) => effect.type === "refuse-message",
      );
      return refusal ? { limitBytes: refusal.limitBytes } : null;
    },
    send: () => dispatch({ type: "outbox-changed" }),
    retry: () => dispatch({ type: "retry-now" }),
    typing() {
      if (lifecycle.phase.name === "live") throttle.keystroke();
    },
    end: () => dispatch({ type: "end-requested" }),
    newConversation: () => dispatch({ type: "new-conversation" }),
    conversationId: () => lifecycle.sessionId,
    destroy() {
      destroyed = true;
      pending.length = 0;
      socket.close();
      for (const name of ["phase", "join"] as const) clearTimer(name);
      throttle.reset();
      access.forget();
      for (const remove of removers.splice(0)) remove();
    },
  };
}
