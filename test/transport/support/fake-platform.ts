import { Server, WebSocket as MockWebSocket } from "mock-socket";
import { afterEach, beforeEach, vi } from "vitest";
import { EventType, type SessionCapabilities } from "../../../src/protocol/index.ts";
import { buildChatClient, type DiagnosableChatClient } from "../../../src/transport/chat-client.ts";
import { MemoryStorage } from "../../support/node-effects.ts";
import type { ChatClientOptions } from "../../../src/transport/chat-client-types.ts";
import type { Environment, HttpRequest, HttpResponse, WebSocketLike } from "../../../src/transport/environment.ts";

// The client loads the Chat API transport on demand; loading it once up front keeps the timed assertions
// of the fallback tests about the protocol rather than about how long a first module load takes.
await import("../../../src/transport/chat-api-transport.ts");

export const messagingUrl = "https://chat.example.test";
const socketUrl = "wss://chat.example.test/ws";
export const chatUrl = "https://proxy.example.test/support/chat";

export interface WireEvent {
  id: string;
  sequence: number | null;
  type: string;
  payload: Record<string, unknown>;
  timestamp: string;
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
}

/**
 * A scripted Messaging platform for unit tests, run under fake timers: fake `fetch` for the token and
 * session calls, mock-socket for `/ws`, and a tiny agent (join → joined + greeting; a user message →
 * echo + reply). Switches let a test refuse upgrades, lose or drop things, and read what arrived.
 */
export class FakePlatform {
  // verifyClient refuses before the socket opens, as a failed handshake looks to a browser. It gets no
  // arguments, so it reads the URL of the socket being opened (they open one at a time).
  readonly server = new Server(socketUrl, { verifyClient: () => !this.refuseUpgrades && this.sessions.has(this.lastSessionId()) });
  readonly sessions = new Map<string, FakeSession>();
  readonly requests: { url: string; init: HttpRequest }[] = [];
  readonly socketUrls: string[] = [];
  readonly storage = new MemoryStorage();
  readonly wakeListeners = new Set<(reason: "online" | "visible") => void>();
  readonly offlineListeners = new Set<() => void>();
  capabilities: SessionCapabilities = { streaming: false, max_reconnect_attempts: 10, heartbeat_interval_seconds: 30 };
  /** While true, every upgrade is refused (the socket closes before opening). */
  refuseUpgrades = false;
  /** While true, heartbeats get no echo. */
  silentHeartbeats = false;
  /** While true, user messages are swallowed (as if the frame was lost in a dying socket). */
  loseUserMessages = false;
  /** While true, stored events are not sent live (as if the socket died right after the server stored them). */
  muteLive = false;
  /** Every USER_TYPING state the server received, in order, with the time. */
  readonly typing: { state: string; at: number }[] = [];
  /** Every USER_MESSAGE frame that reached the server, lost ones included. */
  userMessageFrames = 0;
  /** Chat API calls, by action. */
  readonly chatCalls: { action: string; body: Record<string, unknown> }[] = [];
  /** Answers queued for the next access-token calls: a status and the error text. */
  tokenFailures: { status: number; message: string }[] = [];
  online = true;
  private idCounter = 0;

  constructor() {
    this.server.on("connection", (socket) => this.connect(socket as unknown as ServerSocket));
  }

  /** The environment the client runs in: everything fake, `random` fixed at 0.5 (no jitter). */
  environment(overrides: Partial<Environment> = {}): Environment {
    return {
      createWebSocket: (url) => {
        this.socketUrls.push(url);
        return new MockWebSocket(url) as unknown as WebSocketLike;
      },
      fetch: (url, init) => this.fetch(url, init),
      setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
      random: () => 0.5,
      createId: () => `id-${(this.idCounter += 1)}`,
      storage: this.storage,
      isOnline: () => this.online,
      onWake: (listener) => {
        this.wakeListeners.add(listener);
        return () => this.wakeListeners.delete(listener);
      },
      onOffline: (listener) => {
        this.offlineListeners.add(listener);
        return () => this.offlineListeners.delete(listener);
      },
      pageHost: () => "shop.example.test",
      ...overrides,
    };
  }

  /** A started client on this platform. */
  client(options: Partial<ChatClientOptions> = {}, environment: Partial<Environment> = {}): DiagnosableChatClient {
    const client = buildChatClient(this.environment(environment), { messagingUrl, connectorToken: "connector-1", ...options });
    client.start();
    return client;
  }

  /** A started client once its handshake has run and its socket is live (the fake answers at once). */
  async liveClient(options: Partial<ChatClientOptions> = {}): Promise<DiagnosableChatClient> {
    const client = this.client(options);
    await vi.advanceTimersByTimeAsync(50);
    return client;
  }

  goOffline(): void {
    this.online = false;
    for (const listener of [...this.offlineListeners]) listener();
  }

  wake(reason: "online" | "visible"): void {
    this.online = true;
    for (const listener of [...this.wakeListeners]) listener(reason);
  }

  /** The one session the tests create. */
  get session(): FakeSession {
    const [session] = this.sessions.values();
    if (!session) throw new Error("no session yet");
    return session;
  }

  /** Closes every socket of every session with `code` (1006-like drops use 4002 here). */
  dropSockets(code = 4002): void {
    for (const session of this.sessions.values()) for (const socket of session.sockets.splice(0)) socket.close({ code, reason: "" });
  }

  /** Stores an event and sends it live to every open socket of the session. */
  emit(session: FakeSession, type: string, payload: Record<string, unknown>, metadata?: WireEvent["metadata"]): WireEvent {
    const event = this.event(type, payload, session.events.length + 1, metadata);
    session.events.push(event);
    if (!this.muteLive) for (const socket of session.sockets) socket.send(JSON.stringify(event));
    return event;
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

  private async fetch(url: string, init: HttpRequest): Promise<HttpResponse> {
    this.requests.push({ url, init });
    const respond = (status: number, body: unknown): HttpResponse => ({
      status,
      header: () => null,
      text: async () => JSON.stringify(body),
    });
    if (url.endsWith("/api/v1/access-token")) {
      const failure = this.tokenFailures.shift();
      if (failure) return respond(failure.status, { message: failure.message });
      return respond(200, { access_token: `token-${(this.idCounter += 1)}`, expires_in: 86400, token_type: "Bearer" });
    }
    if (url.endsWith("/api/v1/sessions")) {
      const id = `session-${this.sessions.size + 1}`;
      const session: FakeSession = { id, events: [], sockets: [], receivedUserMessages: [] };
      session.events.push(this.event(EventType.SessionStart, { capabilities: this.capabilities }, 1));
      this.sessions.set(id, session);
      return respond(200, { session_id: id });
    }
    const chatAction = /\/chat\/(create|respond|close)$/.exec(url)?.[1];
    if (chatAction) {
      const body = JSON.parse(init.body ?? "{}") as Record<string, unknown>;
      this.chatCalls.push({ action: chatAction, body });
      if (chatAction === "create") return respond(200, { conversation_id: "conversation-1", response: "Hello from the Chat API" });
      if (chatAction === "respond") {
        return respond(200, { conversation_id: "conversation-1", response: `Chat API heard ${String(body.message)}`, end_conversation: false });
      }
      return respond(200, { success: true });
    }
    return respond(404, { message: "not found" });
  }

  private lastSessionId(): string {
    const url = this.socketUrls.at(-1);
    return url ? (new URL(url).searchParams.get("session_id") ?? "") : "";
  }

  private connect(socket: ServerSocket): void {
    const query = new URL(socket.url).searchParams;
    const session = this.sessions.get(query.get("session_id") ?? "");
    if (this.refuseUpgrades || !session) {
      socket.close({ code: 1006, reason: "" });
      return;
    }
    session.sockets.push(socket);
    const cursor = Number(query.get("cursor") ?? "0");
    const [start, ...rest] = session.events;
    const replay = [start, ...rest.filter((event) => (event.sequence ?? 0) > cursor)];
    socket.send(JSON.stringify(this.event(EventType.EventBatch, { events: replay }, null)));
    socket.on("message", (data) => this.receive(session, socket, String(data)));
  }

  private receive(session: FakeSession, socket: ServerSocket, text: string): void {
    const frame = JSON.parse(text) as { type: string; payload: Record<string, unknown>; metadata?: WireEvent["metadata"] };
    switch (frame.type) {
      case EventType.Heartbeat:
        if (!this.silentHeartbeats) socket.send(JSON.stringify(this.event(EventType.Heartbeat, {}, null)));
        return;
      case EventType.RequestServiceAgentJoin:
        this.emit(session, frame.type, {}, frame.metadata);
        this.emit(session, EventType.ServiceAgentJoined, { agent_name: "Cap", agent_avatar_url: "" });
        this.emit(session, EventType.ServiceAgentMessage, { message_id: `greeting-${session.id}`, text: "Hello!" });
        return;
      case EventType.UserMessage: {
        this.userMessageFrames += 1;
        if (this.loseUserMessages) return;
        const text = String(frame.payload.text);
        const clientEventId = frame.metadata?.custom?.client_event_id;
        session.receivedUserMessages.push({ text, clientEventId: typeof clientEventId === "string" ? clientEventId : undefined });
        this.emit(session, frame.type, { text, message_id: `user-${session.receivedUserMessages.length}` }, frame.metadata);
        this.emit(session, EventType.ServiceAgentMessage, { message_id: `reply-${session.receivedUserMessages.length}`, text: `You said ${text}` });
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
