import type { WebSocket } from "ws";
import type { TimerGroup } from "../timers.ts";
import { SessionSocket } from "./session-socket.ts";

/**
 * The open sockets of one session: each is sent its replay when it attaches, then every live event (none
 * while muted), until it closes; the session closes or drops them all at once.
 */
export class SessionSockets {
  /** A test fault: while true, no socket is sent a live event (see `FaultControls.muteLiveEvents`). */
  muted = false;
  private readonly open = new Set<SessionSocket>();

  /** Number of open sockets. */
  get count(): number {
    return this.open.size;
  }

  /**
   * Adds a socket: sends it `replay`, a batch every `pause` milliseconds (see `SessionSocket.sendReplay`),
   * and from then on every broadcast, until it closes.
   */
  attach(webSocket: WebSocket, replay: readonly (() => string)[], pause: number, timers: TimerGroup): SessionSocket {
    const socket = new SessionSocket(webSocket);
    socket.sendReplay(replay, pause, timers);
    this.open.add(socket);
    webSocket.on("close", () => this.open.delete(socket));
    return socket;
  }

  /** Sends one serialised live event to every open socket, unless muted. */
  broadcast(text: string): void {
    if (this.muted) return;
    for (const socket of this.open) socket.sendLive(text);
  }

  /** Sends one serialised live event to `socket` alone, unless muted. */
  sendTo(socket: SessionSocket, text: string): void {
    if (!this.muted) socket.sendLive(text);
  }

  /** Closes every socket with `code` and `reason`. */
  close(code: number, reason: string): void {
    for (const socket of this.open) socket.close(code, reason);
  }

  /** Closes every socket abnormally now (the client sees 1006). */
  terminate(): void {
    for (const socket of this.open) socket.terminate();
  }

  /** Closes every socket abnormally right after it has been sent `liveEvents` more live events. */
  dropAfter(liveEvents: number): void {
    for (const socket of this.open) socket.dropAfter(liveEvents);
  }
}
