import { Server, WebSocket as MockWebSocket } from "mock-socket";
import { afterEach, beforeEach, vi } from "vitest";
import { EventType, SystemMessageLevel, SystemMessageText, type SessionCapabilities } from "../../../src/protocol/index.ts";
import { buildChatClient, type DiagnosableChatClient } from "../../../src/transport/chat-client.ts";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import type { HttpRequest, HttpResponse, WebSocketLike } from "../../../src/transport/environment.ts";
import {
  createTestEnvironment,
  MemoryStorage,
  NetworkSignals,
  type TestEnvironment,
  type TestEnvironmentOptions,
} from "../../support/test-environment.ts";

// The client loads the Chat API transport on demand; loading it once up front keeps the timed assertions
// of the fallback tests about the protocol rather than about how long a first module load takes.
await import("../../../src/transport/chat-api/chat-api-transport.ts");

export const messagingUrl = "https://chat.example.test";
const socketUrl = "wss://chat.example.test/ws";
export const chatUrl = "https://proxy.example.test/support/chat";
/** The site's own token endpoint, which holds the connector token on the site's backend. */
export const tokenUrl = "/support/access-token";

/** How this platform differs from the reference server's defaults: the reference server's own switches. */
export type { PlatformVariants } from "../../../demo/server/reference-server-types.ts";
import type { PlatformVariants } from "../../../demo/server/reference-server-types.ts";

export interface WireEvent {
  id?: string;
  sequence: number | null;
  type: string;
  payload: Record<string, unknown>;
  timestamp?: string;
  metadata?: { custom?: Record<string, unknown> };
}

interface ServerSocket {
  url: string;
  send(data: string): void;
  close(options?: { code: number; reason: string }): void;
  on(type: "message", listener: (data: string) => void): void;
}

interface FakeSession {
  id: string;
  events: WireEvent[];
  sockets: ServerSocket[];
  receivedUserMessages: { text: string; clientEventId: string | undefined }[];
  nextSequence: number;
  agentPresent: boolean;
}

/** A Chat API answer the fake gives instead of its default: a status and body, or a failure to connect. */
export type ChatReply =
  | { status: number; body?: Record<string, unknown>; headers?: Record<string, string> }
  | { refused: true }
  | { networkError: true };

/**
 * A scripted Messaging platform for unit tests, run under fake timers: fake `fetch` for the token and
 * session calls and the Chat API, mock-socket for `/ws`, and a tiny agent (join → joined + greeting; a
 * user message → echo + reply; a message before the join → "Conversation ID not found"). `variants`
 * switch on the §9 behaviours; the other fields let a test refuse upgrades, lose or drop things, and read
 * what arrived.
 */
export class FakePlatform {
  // verifyClient refuses before the socket opens, as a failed handshake looks to a browser. It gets no
  // arguments, so it reads the URL of the socket being opened (they open one at a time).
  readonly server = new Server(socketUrl, { verifyClient: () => this.acceptsUpgrade(this.socketUrls.at(-1) ?? "") });
  readonly sessions = new Map<string, FakeSession>();
  readonly requests: { url: string; init: HttpRequest }[] = [];
  readonly socketUrls: string[] = [];
  readonly signals = new NetworkSignals();
  readonly storage = new MemoryStorage();
  variants: PlatformVariants = {};
  capabilities: SessionCapabilities = { streaming: false, max_reconnect_attempts: 10, heartbeat_interval_seconds: 30 };
  /** While true, every upgrade is refused (the socket closes before opening). */
  refuseUpgrades = false;
  /** While true, the platform is down: upgrades are refused and HTTP calls fail as the network does. */
  down = false;
  /** While true, heartbeats get no echo. */
  silentHeartbeats = false;
  /** While true, user messages are swallowed (as if the frame was lost in a dying socket). */
  loseUserMessages = false;
  /** While true, join requests are swallowed. */
  loseJoins = false;
  /** Stored events are not sent live while true (as if the socket died right after the server stored them). */
  muteLive = false;
  /** While true, a socket that opens gets no history batch at all. */
  withholdReplay = false;
  /** While true, every socket that opens is dropped (4002) 5 ms later: after its replay, if it gets one. */
  dropOnOpen = false;
  /** The next this many joins are answered "unable to start a conversation". */
  failingJoins = 0;
  /** Join requests refused because the agent was already there (`refuseSecondJoin`). */
  refusedJoins = 0;
  /** The next user message is answered with the high-load warning. */
  highLoadNext = false;
  /** A live handoff waits for its live agent: with `forwardFailures`, user messages are refused meanwhile. */
  awaitingLiveAgent = false;
  /** While true, user messages are echoed but the agent does not answer them. */
  withholdReplies = false;
  /**
   * When set, a session with no client frame for this long expires (with `heartbeatsNotActivity`, no user
   * message), as `expireSession` does.
   */
  idleExpiryMilliseconds: number | null = null;
  /** Every USER_TYPING state the server received, in order, with the time. */
  readonly typing: { state: string; at: number }[] = [];
  /** Every USER_MESSAGE frame that reached the server, lost ones included. */
  userMessageFrames = 0;
  /** Chat API calls, by action. */
  readonly chatCalls: { action: string; body: Record<string, unknown> }[] = [];
  /** Answers queued for the next Chat API respond calls. */
  readonly chatReplies: ChatReply[] = [];
  /** Answers queued for the next access-token calls: a status and the error text. */
  tokenFailures: { status: number; message: string }[] = [];
  /** Every token handed out, with when and the session it created. */
  readonly tokens = new Map<string, { issuedAt: number; sessionId?: string }>();

  /** Hands out a new access token, as the platform (or the site's backend on its behalf) does. */
  issueToken(): { access_token: string; expires_in: number; token_type: "Bearer" } {
    const token = `token-${(this.idCounter += 1)}`;
    this.tokens.set(token, { issuedAt: Date.now() });
    return { access_token: token, expires_in: this.variants.tokenExpirySeconds ?? 86400, token_type: "Bearer" };
  }
  private readonly chatConversations = new Map<string, number>();
  private readonly idleTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Token and session pairs whose first upgrade was refused, under `refuseFirstResume`. */
  private readonly refusedResumes = new Set<string>();
  private idCounter = 0;
  private sessionCounter = 0;

  constructor() {
    this.server.on("connection", (socket) => this.connect(socket as unknown as ServerSocket));
  }

  /** The environment a client runs in: fake sockets and HTTP, the platform's storage and signals. */
  environment(overrides: TestEnvironmentOptions = {}): TestEnvironment {
    return createTestEnvironment({
      createWebSocket: (url) => {
        this.socketUrls.push(url);
        return new MockWebSocket(url) as unknown as WebSocketLike;
      },
      fetch: (url, init) => this.fetch(url, init),
      // One counter for every client of the platform: a reloaded page never reuses an id.
      createId: () => `id-${(this.idCounter += 1)}`,
      storage: this.storage,
      signals: this.signals,
      ...overrides,
    });
  }

  /** A started client on this platform. */
  client(options: Partial<ChatClientOptions> = {}, environment: TestEnvironmentOptions = {}): DiagnosableChatClient {
    const client = buildChatClient(this.environment(environment), { messagingUrl, connectorToken: "connector-1", ...options });
    client.start();
    return client;
  }

  /** A started client once its handshake has run and its socket is live (the fake answers at once). */
  async liveClient(options: Partial<ChatClientOptions> = {}, environment: TestEnvironmentOptions = {}): Promise<DiagnosableChatClient> {
    const client = this.client(options, environment);
    await vi.advanceTimersByTimeAsync(50);
    return client;
  }

  goOffline(): void {
    this.signals.goOffline();
  }

  wake(reason: "online" | "visible" | "focus"): void {
    this.signals.wake(reason);
  }

  /** How many sessions were ever created, expired ones included. */
  get createdSessions(): number {
    return this.sessionCounter;
  }

  /** The one session the tests create (the first). */
  get session(): FakeSession {
    const [session] = this.sessions.values();
    if (!session) throw new Error("no session yet");
    return session;
  }

  /** The most recent session. */
  get lastSession(): FakeSession {
    const session = [...this.sessions.values()].at(-1);
    if (!session) throw new Error("no session yet");
    return session;
  }

  /** Closes every socket of every session with `code` (1006-like drops use 4002 here). */
  dropSockets(code = 4002): void {
    for (const session of this.sessions.values()) for (const socket of session.sockets.splice(0)) socket.close({ code, reason: "" });
  }

  /** The session expires for lack of client frames: 4001 after a stored end, or 1000 and nothing with `idleCloseWithoutEnd`. */
  expireSession(session: FakeSession): void {
    clearTimeout(this.idleTimers.get(session.id));
    if (!this.variants.idleCloseWithoutEnd) this.emit(session, EventType.SessionEnd, { reason: "REASON_USER_ABANDONED" });
    for (const socket of session.sockets.splice(0)) socket.close({ code: this.variants.idleCloseWithoutEnd ? 1000 : 4001, reason: "" });
    this.sessions.delete(session.id);
  }

  /** Stores an event and sends it live to every open socket of the session. */
  emit(session: FakeSession, type: string, payload: Record<string, unknown>, metadata?: WireEvent["metadata"]): WireEvent {
    session.nextSequence += this.variants.skippingSequences ? 2 : 1;
    if (type === EventType.ServiceAgentJoined || type === EventType.LiveAgentJoined) session.agentPresent = true;
    if (type === EventType.ServiceAgentLeft) session.agentPresent = false;
    const event = this.event(type, payload, session.nextSequence, metadata);
    session.events.push(event);
    if (!this.muteLive) this.sendRaw(session, JSON.stringify(event));
    return event;
  }

  /** Sends an event live without storing it. */
  transient(session: FakeSession, type: string, payload: Record<string, unknown>, metadata?: WireEvent["metadata"]): void {
    if (this.variants.skippingSequences) session.nextSequence += 1;
    this.sendRaw(session, JSON.stringify(this.event(type, payload, null, metadata)));
  }

  /** Streams an agent message in `parts`: stored chunks, or (assembled history) live chunks then the stored whole. */
  stream(session: FakeSession, messageId: string, parts: string[], upTo = parts.length): void {
    parts.slice(0, upTo).forEach((text, index) => {
      const payload = { message_id: messageId, text, chunk_index: index + 1, is_complete: index === parts.length - 1 };
      if (this.variants.assembledHistory) this.transient(session, EventType.ServiceAgentMessageChunk, payload);
      else this.emit(session, EventType.ServiceAgentMessageChunk, payload);
    });
    if (this.variants.assembledHistory && upTo === parts.length)
      this.emit(session, EventType.ServiceAgentMessage, { message_id: messageId, text: parts.join("") });
  }

  /** Sends a frame to every open socket without storing it. */
  sendRaw(session: FakeSession, text: string): void {
    for (const socket of session.sockets) socket.send(text);
  }

  private event(type: string, payload: Record<string, unknown>, sequence: number | null, metadata?: WireEvent["metadata"]): WireEvent {
    const event: WireEvent = { id: `event-${(this.idCounter += 1)}`, sequence, type, payload, timestamp: new Date().toISOString() };
    if (metadata) event.metadata = metadata;
    return event;
  }

  private tokenValid(token: string | null): boolean {
    const issued = this.tokens.get(token ?? "");
    const lifetime = this.variants.tokenExpirySeconds;
    return issued !== undefined && (lifetime === undefined || Date.now() < issued.issuedAt + lifetime * 1000);
  }

  private acceptsUpgrade(url: string): boolean {
    if (this.refuseUpgrades || this.down || !url) return false;
    const query = new URL(url).searchParams;
    const sessionId = query.get("session_id") ?? "";
    const token = query.get("access_token");
    if (!this.sessions.has(sessionId) || !this.tokenValid(token)) return false;
    const resume = `${token}@${sessionId}`;
    if (this.variants.refuseFirstResume && this.tokens.get(token ?? "")?.sessionId !== sessionId && !this.refusedResumes.has(resume)) {
      this.refusedResumes.add(resume);
      return false;
    }
    return !this.variants.sessionBoundTokens || this.tokens.get(token ?? "")?.sessionId === sessionId;
  }

  private async fetch(url: string, init: HttpRequest): Promise<HttpResponse> {
    this.requests.push({ url, init });
    if (this.down) throw new TypeError("Failed to fetch");
    const respond = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
      status,
      header: (name) => headers[name] ?? null,
      text: async () => JSON.stringify(body),
    });
    if (url.endsWith("/api/v1/access-token") || url === tokenUrl) {
      const failure = this.tokenFailures.shift();
      if (failure) return respond(failure.status, { message: failure.message });
      return respond(200, this.issueToken());
    }
    if (url.endsWith("/api/v1/sessions")) {
      const token = init.headers.Authorization?.replace("Bearer ", "") ?? null;
      if (!this.tokenValid(token)) return respond(401, { message: "Invalid access token" });
      const id = `session-${(this.sessionCounter += 1)}`;
      const session: FakeSession = { id, events: [], sockets: [], receivedUserMessages: [], nextSequence: 0, agentPresent: false };
      const zero = this.variants.zeroCapabilities ? { max_reconnect_attempts: 0, heartbeat_interval_seconds: 0 } : {};
      this.sessions.set(id, session);
      this.keepAlive(session);
      this.muted(() => this.emit(session, EventType.SessionStart, { capabilities: { ...this.capabilities, ...zero } }));
      const issued = this.tokens.get(token ?? "");
      if (issued) issued.sessionId = id;
      return respond(200, { session_id: id });
    }
    const chatAction = /\/chat\/(create|respond|close)$/.exec(url)?.[1];
    if (chatAction) return this.chatApi(chatAction, JSON.parse(init.body ?? "{}") as Record<string, unknown>, respond);
    return respond(404, { message: "not found" });
  }

  private async chatApi(
    action: string,
    body: Record<string, unknown>,
    respond: (status: number, body: unknown, headers?: Record<string, string>) => HttpResponse,
  ): Promise<HttpResponse> {
    if (action === "respond") {
      const reply = this.chatReplies.shift();
      if (reply && "refused" in reply) throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
      this.chatCalls.push({ action, body });
      if (reply && "networkError" in reply) throw new TypeError("Failed to fetch");
      if (reply) return respond(reply.status, reply.body ?? {}, reply.headers);
      const conversationId = String(body.conversation_id);
      const lastActivity = this.chatConversations.get(conversationId);
      const timeout = this.variants.chatTimeoutSeconds;
      if (lastActivity === undefined || (timeout !== undefined && Date.now() - lastActivity > timeout * 1000)) {
        this.chatConversations.delete(conversationId);
        return lastActivity === undefined
          ? respond(404, { success: false, error_code: "NOT_FOUND", error_message: "Conversation not found" })
          : respond(400, { success: false, error_code: "CHAT_TIMEOUT", error_message: "Chat session exceeded the timeout limit." });
      }
      this.chatConversations.set(conversationId, Date.now());
      return respond(200, { conversation_id: conversationId, response: `Chat API heard ${String(body.message)}`, end_conversation: false });
    }
    this.chatCalls.push({ action, body });
    if (action === "create") {
      const conversationId = `conversation-${(this.idCounter += 1)}`;
      this.chatConversations.set(conversationId, Date.now());
      return respond(200, { conversation_id: conversationId, response: "Hello from the Chat API" });
    }
    return respond(200, { success: true });
  }

  private connect(socket: ServerSocket): void {
    const query = new URL(socket.url).searchParams;
    const session = this.sessions.get(query.get("session_id") ?? "");
    if (!session) return socket.close({ code: 1006, reason: "" });
    session.sockets.push(socket);
    socket.on("message", (data) => this.receive(session, socket, String(data)));
    if (this.dropOnOpen) setTimeout(() => this.dropSockets(), 5);
    if (this.withholdReplay) return;
    const cursor = Number(query.get("cursor") ?? "0");
    const [start, ...rest] = session.events;
    const replayed = [start, ...rest.filter((event) => (event.sequence ?? 0) > cursor)] as WireEvent[];
    const replay = this.variants.historyWithoutMetadata ? replayed.map(({ metadata: _metadata, ...event }) => event) : replayed;
    if (this.variants.silentResume && cursor > 0 && replayed.length === 1) return;
    const size = this.variants.replayBatchSize ?? replay.length;
    const batches = Array.from({ length: Math.ceil(replay.length / size) }, (_, index) => replay.slice(index * size, (index + 1) * size));
    batches.forEach((events, index) => {
      const batch = this.variants.batchWithoutId
        ? { type: EventType.EventBatch, payload: { events } }
        : this.event(EventType.EventBatch, { events }, null);
      const delay = index * (this.variants.replayBatchDelayMilliseconds ?? 0);
      if (delay === 0) socket.send(JSON.stringify(batch));
      else setTimeout(() => session.sockets.includes(socket) && socket.send(JSON.stringify(batch)), delay);
    });
  }

  /** Puts off the idle expiry of the session, when one is set. */
  private keepAlive(session: FakeSession): void {
    if (this.idleExpiryMilliseconds === null) return;
    clearTimeout(this.idleTimers.get(session.id));
    this.idleTimers.set(
      session.id,
      setTimeout(() => this.sessions.get(session.id) === session && this.expireSession(session), this.idleExpiryMilliseconds),
    );
  }

  private receive(session: FakeSession, socket: ServerSocket, text: string): void {
    const frame = JSON.parse(text) as { type: string; payload: Record<string, unknown>; metadata?: WireEvent["metadata"] };
    if (!this.variants.heartbeatsNotActivity || frame.type === EventType.UserMessage) this.keepAlive(session);
    switch (frame.type) {
      case EventType.Heartbeat: {
        const echo = this.variants.heartbeatEcho ?? "full";
        if (this.silentHeartbeats || echo === "none") return;
        if (this.variants.skippingSequences) session.nextSequence += 1;
        socket.send(
          JSON.stringify(
            echo === "full" ? this.event(EventType.Heartbeat, {}, null) : { type: EventType.Heartbeat, payload: {}, sequence: null },
          ),
        );
        return;
      }
      case EventType.RequestServiceAgentJoin:
        if (this.loseJoins) return;
        if (session.agentPresent && this.variants.refuseSecondJoin) {
          this.refusedJoins += 1;
          const refused = { level: SystemMessageLevel.Error, message: "Error: Service agent already joined" };
          return this.transient(session, EventType.SystemMessage, refused, frame.metadata);
        }
        this.emit(session, frame.type, {}, frame.metadata);
        if (session.agentPresent) return;
        if (this.failingJoins > 0) {
          this.failingJoins -= 1;
          this.emit(session, EventType.SystemMessage, { level: SystemMessageLevel.Error, message: SystemMessageText.UnableToStart });
          return;
        }
        this.emit(session, EventType.ServiceAgentJoined, { agent_name: "Cap", agent_avatar_url: "" });
        this.emit(session, EventType.ServiceAgentMessage, { message_id: `greeting-${session.id}`, text: "Hello!" });
        return;
      case EventType.UserMessage: {
        this.userMessageFrames += 1;
        if (this.loseUserMessages) return;
        if (this.variants.forwardFailures && this.awaitingLiveAgent) {
          const refused = { level: SystemMessageLevel.Error, message: SystemMessageText.ForwardFailed };
          return this.transient(session, EventType.SystemMessage, refused, frame.metadata);
        }
        const text = String(frame.payload.text);
        const clientEventId = frame.metadata?.custom?.client_event_id;
        session.receivedUserMessages.push({ text, clientEventId: typeof clientEventId === "string" ? clientEventId : undefined });
        this.emit(session, frame.type, { text, message_id: `user-${session.receivedUserMessages.length}` }, frame.metadata);
        if (!session.agentPresent) {
          this.emit(session, EventType.SystemMessage, {
            level: SystemMessageLevel.Error,
            message: SystemMessageText.ConversationIdNotFound,
          });
        } else if (this.withholdReplies) {
          return;
        } else if (this.highLoadNext) {
          this.highLoadNext = false;
          this.emit(session, EventType.SystemMessage, { level: SystemMessageLevel.Warning, message: SystemMessageText.HighLoad });
        } else {
          this.emit(session, EventType.ServiceAgentMessage, {
            message_id: `reply-${session.receivedUserMessages.length}`,
            text: `You said ${text}`,
          });
        }
        return;
      }
      case EventType.UserTyping:
        this.typing.push({ state: String(frame.payload.state), at: Date.now() });
        return;
      case EventType.UserEndSession:
        this.emit(session, frame.type, {}, frame.metadata);
        this.emit(session, EventType.SessionEnd, { reason: "REASON_USER_END" });
        socket.close({ code: 1000, reason: "" });
        return;
      default:
        return;
    }
  }

  private muted(run: () => void): void {
    const muted = this.muteLive;
    this.muteLive = true;
    run();
    this.muteLive = muted;
  }

  /** Stops the mock server (call in afterEach). */
  stop(): void {
    this.server.stop();
  }
}

/** The lifecycle phase names of a client, in order. */
export function phases(client: DiagnosableChatClient): string[] {
  return client.diagnostics.lifecycle.map((phase) =>
    phase.name === "reconnecting" ? `reconnecting#${phase.attempt}` : phase.name === "ended" ? `ended:${phase.reason}` : phase.name,
  );
}

/** Records the public connection state of a client (the current one first, unless idle), then every change. */
export function recordConnections(client: DiagnosableChatClient): { at: number; status: string; attempt?: number; wait?: number }[] {
  const records: { at: number; status: string; attempt?: number; wait?: number }[] = [];
  let last = client.getSnapshot().connection;
  if (last.status !== "idle") records.push({ at: Date.now(), status: last.status });
  client.subscribe((snapshot) => {
    if (snapshot.connection === last) return;
    last = snapshot.connection;
    const at = Date.now();
    const connection = snapshot.connection;
    records.push(
      connection.status === "reconnecting"
        ? { at, status: connection.status, attempt: connection.attempt, wait: connection.nextAttemptAt - at }
        : { at, status: connection.status },
    );
  });
  return records;
}

/** The transcript as `role:text`. */
export function transcript(client: DiagnosableChatClient): string[] {
  return client.getSnapshot().messages.map((message) => `${message.role}:${message.text}`);
}

/** The user messages as `[text, status]`. */
export function userMessages(client: DiagnosableChatClient): [string, string | undefined][] {
  return client
    .getSnapshot()
    .messages.filter((message) => message.role === "user")
    .map((message) => [message.text, message.status]);
}

/** The types of the client's frames the session stored (joins and user messages), in order. */
export function clientFrames(session: FakeSession): string[] {
  return session.events
    .filter((event) => event.type === EventType.RequestServiceAgentJoin || event.type === EventType.UserMessage)
    .map((event) => (event.type === EventType.UserMessage ? `message:${String(event.payload.text)}` : "join"));
}

export { MemoryStorage };

/**
 * Registers the hooks of a test file on the fake platform: fake timers and a fresh platform (handed to
 * `receive`) before each test, the platform stopped and real timers back after it.
 */
export function useFakePlatform(receive: (platform: FakePlatform) => void): void {
  let platform: FakePlatform | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    platform = new FakePlatform();
    receive(platform);
  });
  afterEach(() => {
    platform?.stop();
    vi.useRealTimers();
  });
}
