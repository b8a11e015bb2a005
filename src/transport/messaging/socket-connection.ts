import type { Environment, WebSocketLike } from "../environment.ts";

/** What a socket reports; only the current socket's events are reported. */
export interface SocketListener {
  opened(): void;
  received(text: string): void;
  /** The socket closed (a socket that could not even be created reads as 1006). */
  closed(code: number): void;
}

/** The one socket of the Messaging transport, replaced as the lifecycle asks. */
export interface SocketConnection {
  /** Opens a socket to `url`, first closing the current one. */
  open(url: string): void;
  /** Stops listening to the current socket and closes it; its late events are ignored. */
  close(): void;
  /** Sends on the current socket when it is open; false otherwise. */
  send(text: string): boolean;
}

const socketOpen = 1;

/** Creates the connection; its sockets come from `environment.createWebSocket`. */
export function createSocketConnection(environment: Environment, listener: SocketListener): SocketConnection {
  let socket: WebSocketLike | null = null;

  function close(): void {
    const detached = socket;
    if (!detached) return;
    socket = null;
    detached.onopen = detached.onmessage = detached.onclose = detached.onerror = null;
    try {
      detached.close(1000);
    } catch {
      // A socket that cannot be closed is already closed.
    }
  }

  return {
    open(url) {
      close();
      let opened: WebSocketLike;
      try {
        // A missing WebSocket throws here too, and reads as a failed handshake.
        opened = environment.createWebSocket!(url);
      } catch {
        listener.closed(1006);
        return;
      }
      socket = opened;
      opened.onopen = () => {
        if (socket === opened) listener.opened();
      };
      opened.onmessage = (event) => {
        if (socket === opened) listener.received(String(event.data));
      };
      opened.onclose = (event) => {
        if (socket !== opened) return;
        socket = null;
        listener.closed(event.code);
      };
      // The close event that follows carries what little a socket reveals; an error alone changes nothing.
      opened.onerror = null;
    },
    close,
    send(text) {
      if (socket?.readyState !== socketOpen) return false;
      socket.send(text);
      return true;
    },
  };
}
