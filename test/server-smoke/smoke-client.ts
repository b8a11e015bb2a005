import { WebSocket } from "ws";
import type { ReferenceServer } from "../../demo/server/reference-server-types.ts";

/** One frame as received from the server. */
export interface Frame {
  type: string;
  payload: Record<string, unknown>;
  id: string;
  sequence: number | null;
  metadata?: { custom?: Record<string, unknown> };
}

/** A token and a session for the demo connector, by raw fetch. */
export async function openSession(server: ReferenceServer, streaming: boolean): Promise<{ token: string; sessionId: string }> {
  const tokenResponse = await fetch(`${server.url}/api/v1/access-token`, {
    method: "POST",
    headers: { "X-Token": server.credentials.demoConnectorToken, "X-Host": "127.0.0.1", "Content-Type": "application/json" },
    body: "{}",
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const sessionResponse = await fetch(`${server.url}/api/v1/sessions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ streaming_enabled: streaming }),
  });
  const { session_id: sessionId } = (await sessionResponse.json()) as { session_id: string };
  return { token, sessionId };
}

/** The HTTP status and body of a refused upgrade (fails if the upgrade is accepted). */
export function refusedUpgrade(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on("open", () => {
      socket.terminate();
      reject(new Error("the upgrade was accepted"));
    });
    socket.on("unexpected-response", (_request, response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on("error", () => {});
  });
}

/** A socket whose frames are collected in order, with a bounded wait for the first one matching. */
export class SmokeSocket {
  readonly frames: Frame[] = [];
  closeCode: number | undefined;
  private readonly listeners = new Set<() => void>();

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const listener of this.listeners) listener();
    });
    socket.on("close", (code) => {
      this.closeCode = code;
      for (const listener of this.listeners) listener();
    });
  }

  /** Opens a socket to the session and waits until it is open. */
  static async open(server: ReferenceServer, sessionId: string, token: string, cursor?: number): Promise<SmokeSocket> {
    const query = new URLSearchParams({ session_id: sessionId, access_token: token });
    if (cursor !== undefined) query.set("cursor", String(cursor));
    const socket = new WebSocket(`${server.url.replace("http", "ws")}/ws?${query}`);
    const smoke = new SmokeSocket(socket);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    return smoke;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** Waits for a frame (or the close, when `predicate` checks `closeCode`) within `timeout` ms. */
  waitFor(predicate: () => boolean, timeout = 3000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        reject(new Error(`timed out; frames: ${this.frames.map((frame) => frame.type).join(", ")}`));
      }, timeout);
      this.listeners.add(check);
      check();
    });
  }

  /** Waits for a frame of `type` matching `where`, and returns it. */
  async next(type: string, where: (frame: Frame) => boolean = () => true, timeout = 3000): Promise<Frame> {
    const find = () => this.frames.find((frame) => frame.type === type && where(frame));
    await this.waitFor(() => find() !== undefined, timeout);
    return find() as Frame;
  }

  /** Types of every frame received, in order. */
  types(): string[] {
    return this.frames.map((frame) => frame.type);
  }
}
