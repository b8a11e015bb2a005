import type { ClientFrame, PlatformName } from "../protocol/index.ts";
import { formatCursor } from "../protocol/index.ts";
import {
  initialLifecycleState,
  transition,
  type LifecycleEffect,
  type LifecycleEvent,
  type LifecycleInput,
  type LifecycleState,
  type TimerName,
} from "./connection-state.ts";
import type { Environment, WebSocketLike } from "./environment.ts";
import { ChatError, toChatError } from "./errors.ts";
import { defaultRetryPolicy, requestJson } from "./http-request.ts";
import type { MessagingEndpoints } from "./url-policy.ts";

/** What the connection needs to reach the Messaging API. */
export interface MessagingConnectionConfig {
  endpoints: MessagingEndpoints;
  connectorToken: string;
  host: string;
  platform: PlatformName;
  streaming: boolean;
}

/** How the connection hands work back to its owner. */
export interface MessagingConnectionHooks {
  /** Every text frame of the current socket, as received. */
  onFrame(text: string): void;
  /** Effects that concern the conversation rather than the socket (replay end, outbox, notices…). */
  onEffect(effect: LifecycleEffect): void;
  /** The cursor for the next socket: the highest sequence applied (0: replay everything). */
  cursor(): number;
  /** Called after every transition, with the state before and after (for traces and persistence). */
  onTransition?(previous: LifecycleState, next: LifecycleState): void;
}

const socketOpen = 1;

/** The lifecycle runner `createMessagingConnection` returns. */
export interface MessagingConnection {
  /** The lifecycle as it stands. */
  readonly state: LifecycleState;
  /** Feeds one input to the lifecycle and runs the resulting effects (queued when called from an effect). */
  dispatch(event: LifecycleEvent): void;
  /** Sends a frame on the live socket; false (nothing sent) when there is no live socket. */
  send(frame: ClientFrame): boolean;
  /** Stops for good: closes the socket, clears every timer, ignores every later input and answer. */
  destroy(): void;
}

/**
 * Owns the socket, the access token, the timers and the in-flight handshake requests, and runs the
 * effects the lifecycle's `transition` asks for; it decides nothing itself. Inputs that arrive while an
 * effect runs are queued and applied in order. The access token lives only in this closure: it is never
 * part of the state, an effect, an event or an error.
 */
export function createMessagingConnection(
  environment: Environment,
  config: MessagingConnectionConfig,
  hooks: MessagingConnectionHooks,
): MessagingConnection {
  let lifecycle: LifecycleState = initialLifecycleState();
  let token: string | null = null;
  let socket: WebSocketLike | null = null;
  const timers = new Map<TimerName, unknown>();
  const pending: LifecycleEvent[] = [];
  let dispatching = false;
  let destroyed = false;
  /** Bumped by every handshake request; an answer to an older one is ignored. */
  let requestGeneration = 0;

  function dispatch(event: LifecycleEvent): void {
    if (destroyed) return;
    pending.push(event);
    if (dispatching) return;
    dispatching = true;
    try {
      for (let next = pending.shift(); next && !destroyed; next = pending.shift()) {
        const previous = lifecycle;
        const input: LifecycleInput = { ...next, now: environment.now(), random: environment.random() };
        const result = transition(previous, input);
        lifecycle = result.state;
        hooks.onTransition?.(previous, result.state);
        for (const effect of result.effects) run(effect);
        if (next.type === "destroy") destroyed = true;
      }
    } finally {
      dispatching = false;
      if (destroyed) pending.length = 0;
    }
  }

  function send(frame: ClientFrame): boolean {
    if (lifecycle.phase.name !== "live" || socket?.readyState !== socketOpen) return false;
    socket.send(JSON.stringify(frame));
    dispatch({ type: "frame-sent" });
    return true;
  }

  function run(effect: LifecycleEffect): void {
    switch (effect.type) {
      case "request-token":
        token = null;
        return request("access-token", { "X-Token": config.connectorToken, "X-Host": config.host }, {}, (answer) => {
          token = answer;
          return { type: "token-received" };
        });
      case "create-session":
        return request(
          "sessions",
          { Authorization: `Bearer ${token ?? ""}` },
          { platform: config.platform, streaming_enabled: config.streaming },
          (sessionId) => ({ type: "session-created", sessionId }),
        );
      case "open-socket":
        return openSocket(effect.sessionId);
      case "close-socket":
        return detachSocket(effect.code);
      case "start-timer": {
        const name = effect.name;
        cancelTimer(name);
        const handle = environment.setTimeout(() => {
          if (timers.get(name) !== handle) return;
          timers.delete(name);
          dispatch({ type: "timer-fired", name });
        }, effect.milliseconds);
        timers.set(name, handle);
        return;
      }
      case "cancel-timer":
        return cancelTimer(effect.name);
      case "send-frame":
        send(effect.frame);
        return;
      default:
        hooks.onEffect(effect);
    }
  }

  /**
   * One handshake call: `POST {httpBase}/api/v1/{path}`. Its answer must carry the one string field the
   * call exists for (`access_token`, `session_id`); `succeeded` turns it into the next input.
   */
  function request(
    path: "access-token" | "sessions",
    headers: Record<string, string>,
    body: unknown,
    succeeded: (value: string) => LifecycleEvent,
  ): void {
    const generation = ++requestGeneration;
    const failed = path === "access-token" ? "token-failed" : "session-failed";
    const field = path === "access-token" ? "access_token" : "session_id";
    const current = () => !destroyed && generation === requestGeneration;
    requestJson(
      environment,
      { url: `${config.endpoints.httpBase}/api/v1/${path}`, method: "POST", headers, body },
      { ...defaultRetryPolicy, isCancelled: () => !current() },
    ).then(
      (answer) => {
        if (!current()) return;
        const value = (answer as Record<string, unknown> | null)?.[field];
        dispatch(
          typeof value === "string" && value !== ""
            ? succeeded(value)
            : { type: failed, error: new ChatError("protocol", `The ${path} answer had no ${field}`) },
        );
      },
      (error: unknown) => {
        if (current()) dispatch({ type: failed, error: toChatError(error) });
      },
    );
  }

  function openSocket(sessionId: string): void {
    detachSocket(1000);
    const cursor = hooks.cursor();
    const url =
      `${config.endpoints.socketBase}/ws?session_id=${encodeURIComponent(sessionId)}` +
      `&access_token=${encodeURIComponent(token ?? "")}` +
      (cursor > 0 ? `&cursor=${formatCursor(cursor)}` : "");
    let opened: WebSocketLike;
    try {
      if (!environment.createWebSocket) throw new Error();
      opened = environment.createWebSocket(url);
    } catch {
      dispatch({ type: "socket-closed", code: 1006 });
      return;
    }
    socket = opened;
    opened.onopen = () => {
      if (socket === opened) dispatch({ type: "socket-opened" });
    };
    opened.onmessage = (event) => {
      if (socket === opened && !destroyed) hooks.onFrame(String(event.data));
    };
    opened.onclose = (event) => {
      if (socket !== opened) return;
      socket = null;
      dispatch({ type: "socket-closed", code: event.code });
    };
    // The close event that follows carries what little a socket reveals; an error alone changes nothing.
    opened.onerror = () => undefined;
  }

  /** Stops listening to the current socket and closes it; its late events are ignored. */
  function detachSocket(code: number): void {
    const detached = socket;
    if (!detached) return;
    socket = null;
    detached.onopen = detached.onmessage = detached.onclose = detached.onerror = null;
    try {
      detached.close(code);
    } catch {
      // A socket that cannot be closed is already closed.
    }
  }

  function cancelTimer(name: TimerName): void {
    if (!timers.has(name)) return;
    environment.clearTimeout(timers.get(name));
    timers.delete(name);
  }

  return {
    get state() {
      return lifecycle;
    },
    dispatch,
    send,
    destroy() {
      dispatch({ type: "destroy" });
      destroyed = true;
      detachSocket(1000);
      for (const name of [...timers.keys()]) cancelTimer(name);
      token = null;
    },
  };
}
