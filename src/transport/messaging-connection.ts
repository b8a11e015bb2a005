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
import { requestJson } from "./http-request.ts";
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

/**
 * Owns the socket, the access token, the timers and the in-flight handshake requests, and runs the
 * effects the lifecycle's `transition` asks for; it decides nothing itself. Inputs that arrive while an
 * effect runs are queued and applied in order. The access token lives only in this object's private field:
 * it is never part of the state, an effect, an event or an error.
 */
export class MessagingConnection {
  private lifecycle: LifecycleState = initialLifecycleState();
  private readonly environment: Environment;
  private readonly config: MessagingConnectionConfig;
  private readonly hooks: MessagingConnectionHooks;
  #token: string | null = null;
  private socket: WebSocketLike | null = null;
  private readonly timers = new Map<TimerName, unknown>();
  private readonly pending: LifecycleEvent[] = [];
  private dispatching = false;
  private destroyed = false;
  /** Bumped by every handshake request; an answer to an older one is ignored. */
  private requestGeneration = 0;

  constructor(environment: Environment, config: MessagingConnectionConfig, hooks: MessagingConnectionHooks) {
    this.environment = environment;
    this.config = config;
    this.hooks = hooks;
  }

  /** The lifecycle as it stands. */
  get state(): LifecycleState {
    return this.lifecycle;
  }

  /** Feeds one input to the lifecycle and runs the resulting effects (queued when called from an effect). */
  dispatch(event: LifecycleEvent): void {
    if (this.destroyed) return;
    this.pending.push(event);
    if (this.dispatching) return;
    this.dispatching = true;
    try {
      for (let next = this.pending.shift(); next && !this.destroyed; next = this.pending.shift()) {
        const previous = this.lifecycle;
        const input: LifecycleInput = { ...next, now: this.environment.now(), random: this.environment.random() };
        const result = transition(previous, input);
        this.lifecycle = result.state;
        this.hooks.onTransition?.(previous, result.state);
        for (const effect of result.effects) this.run(effect);
        if (next.type === "destroy") this.destroyed = true;
      }
    } finally {
      this.dispatching = false;
      if (this.destroyed) this.pending.length = 0;
    }
  }

  /** Sends a frame on the live socket; false (nothing sent) when there is no live socket. */
  send(frame: ClientFrame): boolean {
    if (this.lifecycle.phase.name !== "live" || !this.socket || this.socket.readyState !== socketOpen) return false;
    this.socket.send(JSON.stringify(frame));
    this.dispatch({ type: "frame-sent" });
    return true;
  }

  /** Stops for good: closes the socket, clears every timer, ignores every later input and answer. */
  destroy(): void {
    this.dispatch({ type: "destroy" });
    this.destroyed = true;
    this.detachSocket(1000);
    for (const name of [...this.timers.keys()]) this.cancelTimer(name);
    this.#token = null;
  }

  private run(effect: LifecycleEffect): void {
    switch (effect.type) {
      case "request-token":
        this.requestToken();
        return;
      case "create-session":
        this.createSession();
        return;
      case "open-socket":
        this.openSocket(effect.sessionId);
        return;
      case "close-socket":
        this.detachSocket(effect.code);
        return;
      case "start-timer":
        this.startTimer(effect.name, effect.milliseconds);
        return;
      case "cancel-timer":
        this.cancelTimer(effect.name);
        return;
      case "send-frame":
        this.send(effect.frame);
        return;
      default:
        this.hooks.onEffect(effect);
    }
  }

  private requestToken(): void {
    const generation = ++this.requestGeneration;
    this.#token = null;
    requestJson(
      this.environment,
      {
        url: `${this.config.endpoints.httpBase}/api/v1/access-token`,
        method: "POST",
        headers: { "X-Token": this.config.connectorToken, "X-Host": this.config.host },
        body: {},
      },
      this.retryPolicy(generation),
    ).then(
      (body) => {
        if (generation !== this.requestGeneration) return;
        const token = readString(body, "access_token");
        if (token === null) {
          this.dispatch({ type: "token-failed", error: new ChatError("protocol", "The access token answer had no access_token") });
          return;
        }
        this.#token = token;
        this.dispatch({ type: "token-received" });
      },
      (error: unknown) => {
        if (generation === this.requestGeneration) this.dispatch({ type: "token-failed", error: toChatError(error) });
      },
    );
  }

  private createSession(): void {
    const generation = ++this.requestGeneration;
    requestJson(
      this.environment,
      {
        url: `${this.config.endpoints.httpBase}/api/v1/sessions`,
        method: "POST",
        headers: { Authorization: `Bearer ${this.#token ?? ""}` },
        body: { platform: this.config.platform, streaming_enabled: this.config.streaming },
      },
      this.retryPolicy(generation),
    ).then(
      (body) => {
        if (generation !== this.requestGeneration) return;
        const sessionId = readString(body, "session_id");
        if (sessionId === null) {
          this.dispatch({ type: "session-failed", error: new ChatError("protocol", "The session answer had no session_id") });
          return;
        }
        this.dispatch({ type: "session-created", sessionId });
      },
      (error: unknown) => {
        if (generation === this.requestGeneration) this.dispatch({ type: "session-failed", error: toChatError(error) });
      },
    );
  }

  private retryPolicy(generation: number) {
    return {
      maxAttempts: 4,
      baseDelayMilliseconds: 1000,
      maxDelayMilliseconds: 30000,
      isCancelled: () => this.destroyed || generation !== this.requestGeneration,
    };
  }

  private openSocket(sessionId: string): void {
    this.detachSocket(1000);
    const createWebSocket = this.environment.createWebSocket;
    if (!createWebSocket) {
      this.dispatch({ type: "socket-closed", code: 1006 });
      return;
    }
    const cursor = this.hooks.cursor();
    const url =
      `${this.config.endpoints.socketBase}/ws?session_id=${encodeURIComponent(sessionId)}` +
      `&access_token=${encodeURIComponent(this.#token ?? "")}` +
      (cursor > 0 ? `&cursor=${formatCursor(cursor)}` : "");
    let socket: WebSocketLike;
    try {
      socket = createWebSocket(url);
    } catch {
      this.dispatch({ type: "socket-closed", code: 1006 });
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket === socket) this.dispatch({ type: "socket-opened" });
    };
    socket.onmessage = (event) => {
      if (this.socket === socket && !this.destroyed) this.hooks.onFrame(typeof event.data === "string" ? event.data : String(event.data));
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.dispatch({ type: "socket-closed", code: event.code });
    };
    // The close event that follows carries what little a socket reveals; an error alone changes nothing.
    socket.onerror = () => undefined;
  }

  /** Stops listening to the current socket and closes it; its late events are ignored. */
  private detachSocket(code: number): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code);
    } catch {
      // A socket that cannot be closed is already closed.
    }
  }

  private startTimer(name: TimerName, milliseconds: number): void {
    this.cancelTimer(name);
    const handle = this.environment.setTimeout(() => {
      if (this.timers.get(name) !== handle) return;
      this.timers.delete(name);
      this.dispatch({ type: "timer-fired", name });
    }, milliseconds);
    this.timers.set(name, handle);
  }

  private cancelTimer(name: TimerName): void {
    if (!this.timers.has(name)) return;
    this.environment.clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }
}

function readString(body: unknown, key: string): string | null {
  if (typeof body !== "object" || body === null) return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" && value !== "" ? value : null;
}
