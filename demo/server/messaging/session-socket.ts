import { WebSocket } from "ws";
import type { TimerGroup } from "../timers.ts";

/**
 * One open socket of a session, as the session writes to it. While its replay is going out (batches
 * with pauses between them), every live frame waits in order and follows the last batch, and a close
 * waits too, so a client always sees its whole replay first. It also carries the test fault that drops
 * the socket after a number of live frames.
 */
export class SessionSocket {
  private waiting: string[] | undefined;
  private closeAfterReplay: { code: number; reason: string } | undefined;
  private liveFramesBeforeDrop: number | undefined;

  constructor(readonly socket: WebSocket) {}

  /** True while the socket is open (not closing or closed). */
  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /**
   * Sends the replay: the first batch now, each further one `pause` milliseconds after the previous, on
   * `timers`. With no pause, every batch goes out at once. Each batch's frame is built as it goes out.
   */
  sendReplay(batches: readonly (() => string)[], pause: number, timers: TimerGroup): void {
    const [first, ...rest] = batches;
    if (first !== undefined) this.socket.send(first());
    if (rest.length === 0) return;
    if (pause <= 0) {
      for (const batch of rest) this.socket.send(batch());
      return;
    }
    this.waiting = [];
    const sendNext = (index: number) => {
      if (!this.isOpen) return;
      this.socket.send((rest[index] as () => string)());
      if (index + 1 < rest.length) timers.after(pause, () => sendNext(index + 1));
      else this.finishReplay();
    };
    timers.after(pause, () => sendNext(0));
  }

  /** Sends one live frame, or queues it behind a replay still going out. */
  sendLive(text: string): void {
    if (this.waiting) {
      this.waiting.push(text);
      return;
    }
    if (!this.isOpen) return;
    const remaining = this.liveFramesBeforeDrop;
    if (remaining === undefined) {
      this.socket.send(text);
      return;
    }
    if (remaining > 1) {
      this.liveFramesBeforeDrop = remaining - 1;
      this.socket.send(text);
      return;
    }
    this.liveFramesBeforeDrop = undefined;
    this.socket.send(text, () => this.socket.terminate());
  }

  /** Closes the socket cleanly with `code`, after the replay if one is still going out. */
  close(code: number, reason: string): void {
    if (this.waiting) this.closeAfterReplay = { code, reason };
    else this.socket.close(code, reason);
  }

  /** Closes the socket abnormally now (the client sees 1006). */
  terminate(): void {
    this.socket.terminate();
  }

  /** Terminates the socket right after `liveFrames` more live frames; 0 or less terminates it now. */
  dropAfter(liveFrames: number): void {
    if (liveFrames <= 0) this.terminate();
    else this.liveFramesBeforeDrop = liveFrames;
  }

  private finishReplay(): void {
    const waiting = this.waiting ?? [];
    this.waiting = undefined;
    for (const text of waiting) this.sendLive(text);
    if (this.closeAfterReplay) this.socket.close(this.closeAfterReplay.code, this.closeAfterReplay.reason);
  }
}
