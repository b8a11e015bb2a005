import { randomUUID } from "node:crypto";
import type { AgentAssets } from "../agent/agent-message.ts";
import type { ServerTimings } from "../server-config.ts";
import { Session } from "./session.ts";

/** How many expired sessions stay inspectable (never connectable) after they are gone. */
const inspectableGoneSessions = 1000;

/**
 * Every live session of the server, by id. A session removes itself when it expires; the last few gone
 * sessions stay readable through `inspectable` so tests can check how they ended.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  private readonly gone = new Map<string, Session>();

  constructor(
    private readonly timings: ServerTimings,
    private readonly assets: (requestHost: string | undefined) => AgentAssets,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Creates a session with a fresh UUID bound to `connectorId`; its `SESSION_START` is stored at once.
   * `requestHost` (the `Host` the client reached the server by) picks the origin of the agent's images.
   */
  create(connectorId: string, streaming: boolean, platform: string, requestHost?: string): Session {
    const session = new Session({
      id: randomUUID(),
      connectorId,
      streaming,
      platform,
      timings: this.timings,
      assets: this.assets(requestHost),
      onGone: (gone) => this.forget(gone),
      onError: this.onError,
    });
    this.sessions.set(session.id, session);
    return session;
  }

  /** The session with this id, if it exists (not expired). */
  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** The session with this id for inspection: existing, or among the recently gone. */
  inspectable(id: string): Session | undefined {
    return this.sessions.get(id) ?? this.gone.get(id);
  }

  /** Ids of every existing session. */
  ids(): string[] {
    return [...this.sessions.keys()];
  }

  /** Stops every session's timers and sockets and forgets them all. */
  shutdown(): void {
    for (const session of this.sessions.values()) session.shutdown();
    this.sessions.clear();
    this.gone.clear();
  }

  private forget(session: Session): void {
    this.sessions.delete(session.id);
    this.gone.set(session.id, session);
    if (this.gone.size > inspectableGoneSessions) {
      const oldest = this.gone.keys().next().value;
      if (oldest !== undefined) this.gone.delete(oldest);
    }
  }
}
