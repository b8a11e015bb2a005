import WebSocket from "ws";
import type { ReferenceServer } from "../../../demo/server/reference-server-types.ts";
import { socketUrl } from "./test-server.ts";

/** One server frame as received, parsed loosely: the suite checks the fields itself. */
export interface WireEvent {
  type: string;
  payload: Record<string, any>;
  id?: string;
  sequence?: number | null;
  timestamp?: string;
  metadata?: { custom?: Record<string, unknown> };
  /** Size of the frame on the wire, in bytes. */
  bytes: number;
}

/** How a socket closed. */
export interface CloseInfo {
  code: number;
  reason: string;
}

type Predicate = (event: WireEvent) => boolean;

let roundTrips = 0;

function ofType(type: string): Predicate {
  return (event) => event.type === type;
}

/**
 * The suite's one raw `ws` client. It queues every incoming frame. `next` takes the first queued frame that matches
 * (waiting for it), `until` takes every frame up to and including the match, so tests can check order.
 * Every frame ever received stays in `received`.
 */
export class TestSocket {
  readonly received: WireEvent[] = [];
  readonly closed: Promise<CloseInfo>;
  private readonly queue: WireEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private closeInfo: CloseInfo | undefined;

  constructor(readonly socket: WebSocket) {
    // A socket error is always followed by a close, which is what tests observe.
    socket.on("error", () => undefined);
    socket.on("message", (data: WebSocket.RawData) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      let parsed: any;
      try {
        parsed = JSON.parse(buffer.toString("utf8"));
      } catch {
        parsed = { type: "<not JSON>", payload: { raw: buffer.toString("utf8") } };
      }
      const event = { ...parsed, bytes: buffer.byteLength } as WireEvent;
      this.received.push(event);
      this.queue.push(event);
      this.notify();
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", (code: number, reason: Buffer) => {
        this.closeInfo = { code, reason: reason.toString() };
        resolve(this.closeInfo);
        this.notify();
      });
    });
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends a frame as JSON. */
  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Sends raw text, for malformed frames. */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** Waits for and removes the first queued frame matching `predicate`, leaving the others queued. */
  async next(predicate: Predicate = () => true, timeoutMilliseconds = 3000): Promise<WireEvent> {
    return this.waitFor(
      () => {
        const index = this.queue.findIndex(predicate);
        return index === -1 ? undefined : this.queue.splice(index, 1)[0];
      },
      timeoutMilliseconds,
      "a matching frame",
    );
  }

  /** Waits for and removes the first queued frame of a type. */
  nextOfType(type: string, timeoutMilliseconds = 3000): Promise<WireEvent> {
    return this.next(ofType(type), timeoutMilliseconds);
  }

  /** Waits for a match and removes it together with every frame queued before it; returns them in order. */
  async until(predicate: Predicate, timeoutMilliseconds = 3000): Promise<WireEvent[]> {
    return this.waitFor(
      () => {
        const index = this.queue.findIndex(predicate);
        return index === -1 ? undefined : this.queue.splice(0, index + 1);
      },
      timeoutMilliseconds,
      "a matching frame",
    );
  }

  /** Empties the queue and returns what it held. */
  drain(): WireEvent[] {
    return this.queue.splice(0, this.queue.length);
  }

  /**
   * Sends a heartbeat carrying a fresh marker and waits for the answer that carries it back (its echo,
   * or the error of an ended session), leaving every other frame queued. Frames of one socket arrive in
   * the order they were sent, so everything the server sent this socket before the answer is then here.
   */
  async roundTrip(): Promise<void> {
    roundTrips += 1;
    const marker = `round-trip-${roundTrips}`;
    this.send({ type: "EVENT_TYPE_HEARTBEAT", payload: {}, metadata: { custom: { client_event_id: marker } } });
    await this.next((event) => event.metadata?.custom?.client_event_id === marker);
  }

  /** The queued frames matching `predicate`, left in the queue. */
  queued(predicate: Predicate = () => true): WireEvent[] {
    return this.queue.filter(predicate);
  }

  /** Waits for the close, failing after the timeout. */
  async waitForClose(timeoutMilliseconds = 3000): Promise<CloseInfo> {
    return this.waitFor(() => this.closeInfo, timeoutMilliseconds, "the socket to close");
  }

  /** Closes the socket from the client side and waits for the close to finish. */
  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close(1000);
    await Promise.race([this.closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    if ((this.socket.readyState as number) !== WebSocket.CLOSED) this.socket.terminate();
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private waitFor<Result>(check: () => Result | undefined, timeoutMilliseconds: number, what: string): Promise<Result> {
    const immediate = check();
    if (immediate !== undefined) return Promise.resolve(immediate);
    return new Promise((resolve, reject) => {
      const waiter = () => {
        const result = check();
        if (result === undefined) return;
        this.waiters.delete(waiter);
        clearTimeout(timer);
        resolve(result);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const seen = this.queue.map((event) => event.type).join(", ") || "nothing";
        reject(new Error(`timed out after ${timeoutMilliseconds} ms waiting for ${what}; queued: ${seen}`));
      }, timeoutMilliseconds);
      this.waiters.add(waiter);
    });
  }
}

/** Sockets opened by tests, closed by `closeAllSockets` in `afterEach`. */
const openSockets = new Set<TestSocket>();

/** Opens a socket to the session and resolves once it is open; rejects with the status if refused. */
export async function openSocket(
  server: ReferenceServer,
  query: { sessionId: string; token: string; cursor?: string },
): Promise<TestSocket> {
  const url = socketUrl(server, { session_id: query.sessionId, access_token: query.token, cursor: query.cursor });
  const socket = new WebSocket(url);
  const wrapper = new TestSocket(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_request, response) => {
      response.resume();
      reject(new Error(`upgrade refused with ${response.statusCode}`));
      socket.terminate();
    });
    socket.on("error", (error) => reject(error));
  });
  openSockets.add(wrapper);
  return wrapper;
}

/** Closes every socket the current test opened. */
export async function closeAllSockets(): Promise<void> {
  const sockets = [...openSockets];
  openSockets.clear();
  await Promise.all(sockets.map((socket) => socket.close()));
}

/** The HTTP answer to an upgrade: 101 when it was accepted, else the refusal's status and error text. */
export interface HandshakeAnswer {
  status: number;
  text: string;
  /** The `Retry-After` header of a refusal, when it has one. */
  retryAfter?: string;
}

/**
 * Attempts an upgrade and reports how the server answered. A refused upgrade is read through `ws`'s
 * `unexpected-response` event; its error text is the body's `message` when the body is JSON, else the body.
 */
export function handshake(url: string, timeoutMilliseconds = 3000): Promise<HandshakeAnswer> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error("handshake timed out"));
    }, timeoutMilliseconds);
    socket.once("open", () => {
      clearTimeout(timer);
      socket.close(1000);
      resolve({ status: 101, text: "" });
    });
    socket.once("unexpected-response", (_request, response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(timer);
        const body = Buffer.concat(chunks).toString("utf8").trim();
        let text = body;
        try {
          const parsed = JSON.parse(body);
          if (typeof parsed?.message === "string") text = parsed.message;
        } catch {
          text = body;
        }
        socket.terminate();
        const retryAfter = response.headers["retry-after"];
        resolve({ status: response.statusCode ?? 0, text, ...(retryAfter !== undefined && { retryAfter: String(retryAfter) }) });
      });
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
