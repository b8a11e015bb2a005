import type { WebSocket } from "ws";
import {
  CloseCode,
  EventType,
  type EventMetadata,
  limits,
  SessionEndReason,
  SystemMessageLevel,
  SystemMessageText,
  type ServerEventType,
  type ServerPayloads,
} from "../../../src/protocol/index.ts";
import type { AgentAssets } from "../agent/agent-message.ts";
import type { AgentPort } from "../agent/agent-port.ts";
import { DemoAgent } from "../agent/demo-agent.ts";
import type { ExternalEvents } from "../voice/external-events.ts";
import { RateLimiter, rateBudgets } from "../http/rate-limiter.ts";
import type { PlatformBehaviour } from "../platform/platform-behaviour.ts";
import type { ServerClock } from "../reference-server-types.ts";
import type { ServerTimings } from "../server-config.ts";
import { type Cancel, Timeline, TimerGroup } from "../timers.ts";
import { type ReplayFault, replayFrames } from "./replay.ts";
import { SequenceNumbers } from "./sequence-numbers.ts";
import { createServerEvent, type StoredEventRecord } from "./server-event.ts";
import type { SessionSocket } from "./session-socket.ts";
import { SessionSockets } from "./session-sockets.ts";
import { StreamAssembly } from "./stream-assembly.ts";

/** What a session is created with. */
export interface SessionOptions {
  id: string;
  connectorId: string;
  /** The `jti` of the access token that created it, which alone may open it under `sessionBoundTokens`. */
  creatorTokenId: string;
  streaming: boolean;
  /** The `platform` the client named when it created the session (`web`, `ios`…). */
  clientPlatform: string;
  timings: ServerTimings;
  platform: PlatformBehaviour;
  clock: ServerClock;
  assets: AgentAssets;
  /** Where the session's agent issues event ids for the site's workflows. */
  externalEvents: ExternalEvents;
  /** Called once when the session is gone (expired or abandoned), so the registry forgets it. */
  onGone: (session: Session) => void;
  onError: (error: unknown) => void;
}

type ChunkPayload = ServerPayloads[typeof EventType.ServiceAgentMessageChunk];

/** Events after which a live handoff no longer waits for its live agent. */
const handoffSettled = new Set<ServerEventType>([
  EventType.LiveAgentJoined,
  EventType.HandoffFailed,
  EventType.HandoffTimeout,
  EventType.SessionEnd,
]);

/**
 * One Messaging session: its stored history (the first stored event is the `SESSION_START` created with
 * it), its open sockets, its demo agent and its idle expiry. Stored events are broadcast to every open
 * socket; transient ones too, but never stored. After a `SESSION_END` the session is read-only until it
 * expires. The platform variants decide how sequences are numbered, what history keeps of a stream, how
 * replays are cut and how an idle session goes.
 */
export class Session implements AgentPort {
  readonly id: string;
  readonly connectorId: string;
  readonly creatorTokenId: string;
  readonly streaming: boolean;
  readonly clientPlatform: string;
  readonly timings: ServerTimings;
  readonly platform: PlatformBehaviour;
  readonly assets: AgentAssets;
  readonly timeline: Timeline;
  readonly frameLimiter: RateLimiter;
  readonly receivedUserMessages: { text: string; clientEventId?: string }[] = [];
  /** Client frames dropped without notice by the socket rate limit. */
  droppedFrames = 0;
  /** Tokens whose first resume this session refused, under `refuseFirstResume`. */
  readonly resumesRefused = new Set<string>();
  /** A live handoff was accepted and its live agent has not joined yet. */
  awaitingLiveAgent = false;
  /** A test fault: the next streamed message is cut (see `FaultControls.cutNextStream`). */
  cutNextStream = false;
  /** A test fault: the next user message to a live agent is refused (see `FaultControls.failNextForward`). */
  failNextForward = false;
  private streamedMessages = 0;
  private readonly clock: ServerClock;
  private readonly timers: TimerGroup;
  private readonly events: StoredEventRecord[] = [];
  private readonly sockets = new SessionSockets();
  private readonly sequences: SequenceNumbers;
  private readonly streams = new StreamAssembly();
  private readonly agent: DemoAgent;
  private readonly onGone: (session: Session) => void;
  private readonly externalEvents: ExternalEvents;
  private cancelIdleTimers: Cancel[] = [];
  private endedFlag = false;
  private goneFlag = false;

  constructor(options: SessionOptions) {
    this.id = options.id;
    this.connectorId = options.connectorId;
    this.creatorTokenId = options.creatorTokenId;
    this.streaming = options.streaming;
    this.clientPlatform = options.clientPlatform;
    this.timings = options.timings;
    this.platform = options.platform;
    this.assets = options.assets;
    this.clock = options.clock;
    this.onGone = options.onGone;
    this.externalEvents = options.externalEvents;
    this.frameLimiter = new RateLimiter(rateBudgets.socketFrames, () => this.clock.now());
    this.sequences = new SequenceNumbers(options.platform.skippingSequences);
    this.timers = new TimerGroup(options.clock, options.onError);
    this.timeline = new Timeline(this.timers);
    this.agent = new DemoAgent(this);
    const zero = this.platform.zeroCapabilities;
    this.store(EventType.SessionStart, {
      capabilities: {
        streaming: this.streaming,
        max_message_size_bytes: limits.maxFrameBytes,
        max_reconnect_attempts: zero ? 0 : limits.defaultMaxReconnectAttempts,
        heartbeat_interval_seconds: zero ? 0 : limits.defaultHeartbeatIntervalSeconds,
      },
    });
    this.restartIdleTimers();
  }

  /** True once a `SESSION_END` is stored (or, without one, once the session is gone). */
  get ended(): boolean {
    return this.endedFlag;
  }

  /** A new External Events id bound to this session: a body sent for it reaches the demo agent. */
  issueEventId(): string {
    return this.externalEvents.issue({ conversationId: this.id, deliver: (body) => this.agent.externalEvent(body) });
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
    return this.sockets.count;
  }

  /** A test fault: while `muted`, no socket is sent a live event (see `FaultControls.muteLiveEvents`). */
  muteLiveEvents(muted: boolean): void {
    this.sockets.muted = muted;
  }

  /**
   * Stores an event with the next sequence and broadcasts it; ignored once the session is gone. Under
   * `assembledHistory` a streamed chunk goes out transient instead, and the chunk that completes its
   * message also stores and sends the whole message.
   */
  store<Type extends ServerEventType>(type: Type, payload: ServerPayloads[Type], metadata?: EventMetadata): void {
    if (this.goneFlag) return;
    if (this.platform.assembledHistory && type === EventType.ServiceAgentMessageChunk) {
      const chunk = payload as ChunkPayload;
      this.transient(EventType.ServiceAgentMessageChunk, chunk);
      const whole = this.streams.add(chunk);
      if (whole) this.store(EventType.ServiceAgentMessage, whole);
      return;
    }
    const event = createServerEvent(type, payload, this.sequences.nextStored(), this.clock.now(), metadata);
    if (type === EventType.HandoffAccepted) this.awaitingLiveAgent = true;
    if (handoffSettled.has(type)) this.awaitingLiveAgent = false;
    this.events.push(event as StoredEventRecord);
    this.sockets.broadcast(JSON.stringify(event));
  }

  takesStreamCut(): boolean {
    this.streamedMessages += 1;
    const every = this.platform.streamErrorEvery;
    const cut = this.cutNextStream || (every !== undefined && this.streamedMessages % every === 0);
    this.cutNextStream = false;
    return cut;
  }

  /** Cuts a stream: under `assembledHistory` what streamed is stored whole first; then the streaming error. */
  cutStream(messageId: string): void {
    const whole = this.platform.assembledHistory ? this.streams.cut(messageId) : undefined;
    if (whole) this.store(EventType.ServiceAgentMessage, whole);
    this.store(EventType.SystemMessage, { level: SystemMessageLevel.Error, message: SystemMessageText.StreamingError });
  }

  /** Sends a transient event (sequence `null`) to every open socket, never storing it. */
  transient<Type extends ServerEventType>(type: Type, payload: ServerPayloads[Type]): void {
    if (this.goneFlag) return;
    this.sequences.transientSent();
    this.sockets.broadcast(JSON.stringify(createServerEvent(type, payload, null, this.clock.now())));
  }

  /** Sends a transient event to one socket only (heartbeat echoes, answers to invalid frames). */
  sendTransientTo<Type extends ServerEventType>(
    socket: SessionSocket,
    type: Type,
    payload: ServerPayloads[Type],
    metadata?: EventMetadata,
  ): void {
    this.sequences.transientSent();
    this.sockets.sendTo(socket, JSON.stringify(createServerEvent(type, payload, null, this.clock.now(), metadata)));
  }

  /**
   * Answers a heartbeat on the socket it came on, as the platform does: the whole transient echo with the
   * client's `metadata`, the echo without `id` and `timestamp`, or nothing at all.
   */
  echoHeartbeat(socket: SessionSocket, metadata: EventMetadata | undefined): void {
    if (this.platform.heartbeatEcho === "none") return;
    if (this.platform.heartbeatEcho === "full") return this.sendTransientTo(socket, EventType.Heartbeat, {}, metadata);
    this.sequences.transientSent();
    const { id: _id, timestamp: _timestamp, ...echo } = createServerEvent(EventType.Heartbeat, {}, null, this.clock.now(), metadata);
    this.sockets.sendTo(socket, JSON.stringify(echo));
  }

  /**
   * Adds a socket: sends the replay (see `replayFrames`), paced as the platform does (whatever happens
   * meanwhile waits until its last batch), and from then on every broadcast.
   */
  attach(webSocket: WebSocket, cursor: number, fault: ReplayFault | undefined): SessionSocket {
    const frames = replayFrames(this.events, cursor, fault, this.platform, () => this.clock.now());
    return this.sockets.attach(webSocket, frames, this.platform.replayBatchPause, this.timers);
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
    this.sockets.close(CloseCode.Normal, "session ended");
    this.restartIdleTimers();
  }

  /**
   * Abandons the session as its idle expiry does: stores `SESSION_END` (`REASON_USER_ABANDONED`) unless it
   * already ended and closes every socket with 4001, or, under `idleCloseWithoutEnd`, closes them with
   * 1000 and stores nothing. Then cancels every timer and removes the session.
   */
  abandon(): void {
    if (this.goneFlag) return;
    const silently = this.platform.idleCloseWithoutEnd;
    if (!this.endedFlag && !silently) this.store(EventType.SessionEnd, { reason: SessionEndReason.UserAbandoned });
    this.endedFlag = true;
    this.goneFlag = true;
    this.timeline.clear();
    this.timers.cancelAll();
    this.sockets.close(silently ? CloseCode.Normal : CloseCode.SessionExpired, "session expired");
    this.onGone(this);
  }

  /** Closes every socket abnormally now (the client sees 1006). */
  dropSockets(): void {
    this.sockets.terminate();
  }

  /** Closes every socket abnormally right after it has been sent `liveEvents` more live events. */
  dropSocketsAfter(liveEvents: number): void {
    this.sockets.dropAfter(liveEvents);
  }

  /** Closes every socket abnormally and cancels timers, for server shutdown; nothing is stored. */
  shutdown(): void {
    this.goneFlag = true;
    this.timeline.clear();
    this.timers.cancelAll();
    this.sockets.terminate();
  }

  private restartIdleTimers(): void {
    for (const cancel of this.cancelIdleTimers) cancel();
    this.cancelIdleTimers = [this.timers.after(this.timings.sessionIdle, () => this.abandon())];
    if (!this.endedFlag) {
      this.cancelIdleTimers.push(this.timers.after(this.timings.idleWarning, () => this.transient(EventType.SessionIdleWarning, {})));
    }
  }
}
