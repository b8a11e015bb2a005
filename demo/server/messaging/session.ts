import { WebSocket } from "ws";
import {
  CloseCode,
  EventType,
  type EventMetadata,
  limits,
  SessionEndReason,
} from "../../../src/protocol/index.ts";
import type { AgentAssets } from "../agent/agent-message.ts";
import type { AgentPort } from "../agent/agent-port.ts";
import { DemoAgent } from "../agent/demo-agent.ts";
import { RateLimiter, rateBudgets } from "../http/rate-limiter.ts";
import { packReplayFrames, type ReplayFault, replayEvents } from "./replay.ts";
import type { ServerTimings } from "../server-config.ts";
import { createServerEvent, type ServerEventRecord, type StoredEventRecord } from "./server-event.ts";
import { type Cancel, Timeline, TimerGroup } from "../timers.ts";

/** What a session is created with. */
export interface SessionOptions {
  id: string;
  connectorId: string;
  streaming: boolean;
  platform: string;
  timings: ServerTimings;
  assets: AgentAssets;
  /** Called once when the session is gone (expired or abandoned), so the registry forgets it. */
  onGone: (session: Session) => void;
  onError: (error: unknown) => void;
}

/**
 * One Messaging session: its stored history (sequence 1 is the `SESSION_START` created with it), its
 * open sockets, its demo agent and its idle expiry. Stored events are broadcast to every open socket;
 * transient ones too, but never stored. After a `SESSION_END` the session is read-only until it expires.
 */
export class Session implements AgentPort {
  readonly id: string;
  readonly connectorId: string;
  readonly streaming: boolean;
  readonly platform: string;
  readonly timings: ServerTimings;
  readonly assets: AgentAssets;
  readonly timeline: Timeline;
  readonly frameLimiter = new RateLimiter(rateBudgets.socketFrames);
  readonly receivedUserMessages: { text: string; clientEventId?: string }[] = [];
  private readonly timers: TimerGroup;
  private readonly events: StoredEventRecord[] = [];
  private readonly sockets = new Set<WebSocket>();
  private readonly dropAfter = new Map<WebSocket, number>();
  private readonly agent: DemoAgent;
  private readonly onGone: (session: Session) => void;
  private cancelIdleTimers: Cancel[] = [];
  private endedFlag = false;
  private goneFlag = false;

  constructor(options: SessionOptions) {
    this.id = options.id;
    this.connectorId = options.connectorId;
    this.streaming = options.streaming;
    this.platform = options.platform;
    this.timings = options.timings;
    this.assets = options.assets;
    this.onGone = options.onGone;
    this.timers = new TimerGroup(options.onError);
    this.timeline = new Timeline(this.timers);
    this.agent = new DemoAgent(this);
    this.store(EventType.SessionStart, {
      capabilities: {
        streaming: this.streaming,
        max_message_size_bytes: limits.maxFrameBytes,
        max_reconnect_attempts: limits.defaultMaxReconnectAttempts,
        heartbeat_interval_seconds: limits.defaultHeartbeatIntervalSeconds,
      },
    });
    this.restartIdleTimers();
  }

  /** True once a `SESSION_END` is stored. */
  get ended(): boolean {
    return this.endedFlag;
  }

  /** The demo agent answering this session's frames. */
  get demoAgent(): DemoAgent {
    return this.agent;
  }

  /** Stored events in sequence order. */
  storedEvents(): readonly StoredEventRecord[] {
    return this.events;
  }

  /** Number of open sockets. */
  get openSocketCount(): number {
    return this.sockets.size;
  }

  /** Stores an event with the next sequence and broadcasts it. Ignored once the session is gone. */
  store(type: string, payload: Record<string, unknown>, metadata?: EventMetadata): StoredEventRecord | undefined {
    if (this.goneFlag) return undefined;
    const event = createServerEvent(type, payload, this.events.length + 1, metadata) as StoredEventRecord;
    this.events.push(event);
    this.broadcast(event);
    return event;
  }

  /** Sends a transient event (sequence `null`) to every open socket, never storing it. */
  transient(type: string, payload: Record<string, unknown>): void {
    if (!this.goneFlag) this.broadcast(createServerEvent(type, payload, null));
  }

  /** Sends a transient event to one socket only (heartbeat echoes, answers to invalid frames). */
  sendTransientTo(socket: WebSocket, type: string, payload: Record<string, unknown>, metadata?: EventMetadata): void {
    this.sendLive(socket, JSON.stringify(createServerEvent(type, payload, null, metadata)));
  }

  /**
   * Adds a socket: sends the replay (every batch, synchronously, so it precedes any live event) and from
   * then on every broadcast.
   */
  attach(socket: WebSocket, cursor: number, fault: ReplayFault | undefined): void {
    for (const frame of packReplayFrames(replayEvents(this.events, cursor, fault))) socket.send(frame);
    this.sockets.add(socket);
    socket.on("close", () => {
      this.sockets.delete(socket);
      this.dropAfter.delete(socket);
    });
  }

  /** Records client activity: any frame of any kind postpones the idle expiry (not once ended). */
  touch(): void {
    if (!this.endedFlag) this.restartIdleTimers();
  }

  /**
   * Ends the session: stores `SESSION_END` with `reason`, stops the agent and closes every socket with
   * 1000. The session stays connectable, read-only, until its idle expiry runs out.
   */
  end(reason: string): void {
    if (this.endedFlag || this.goneFlag) return;
    this.store(EventType.SessionEnd, { reason });
    this.endedFlag = true;
    this.timeline.clear();
    for (const socket of this.sockets) socket.close(CloseCode.Normal, "session ended");
    this.restartIdleTimers();
  }

  /**
   * Abandons the session: stores `SESSION_END` (`REASON_USER_ABANDONED`) unless it already ended, closes
   * every socket with 4001, cancels every timer and removes the session.
   */
  abandon(): void {
    if (this.goneFlag) return;
    if (!this.endedFlag) {
      this.store(EventType.SessionEnd, { reason: SessionEndReason.UserAbandoned });
      this.endedFlag = true;
    }
    this.goneFlag = true;
    this.timers.cancelAll();
    for (const socket of this.sockets) socket.close(CloseCode.SessionExpired, "session expired");
    this.onGone(this);
  }

  /** Closes every socket abnormally now (the client sees 1006). */
  dropSockets(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  /** Closes every socket abnormally right after it has been sent `liveEvents` more live events. */
  dropSocketsAfter(liveEvents: number): void {
    if (liveEvents <= 0) return this.dropSockets();
    for (const socket of this.sockets) this.dropAfter.set(socket, liveEvents);
  }

  /** Closes every socket abnormally and cancels timers, for server shutdown; nothing is stored. */
  shutdown(): void {
    this.goneFlag = true;
    this.timers.cancelAll();
    for (const socket of this.sockets) socket.terminate();
  }

  private broadcast(event: ServerEventRecord): void {
    const text = JSON.stringify(event);
    for (const socket of this.sockets) this.sendLive(socket, text);
  }

  private sendLive(socket: WebSocket, text: string): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    const remaining = this.dropAfter.get(socket);
    if (remaining === undefined) {
      socket.send(text);
      return;
    }
    if (remaining > 1) {
      this.dropAfter.set(socket, remaining - 1);
      socket.send(text);
      return;
    }
    this.dropAfter.delete(socket);
    socket.send(text, () => socket.terminate());
  }

  private restartIdleTimers(): void {
    for (const cancel of this.cancelIdleTimers) cancel();
    this.cancelIdleTimers = [this.timers.after(this.timings.sessionIdle, () => this.abandon())];
    if (!this.endedFlag) {
      this.cancelIdleTimers.push(
        this.timers.after(this.timings.idleWarning, () => this.transient(EventType.SessionIdleWarning, {})),
      );
    }
  }
}
