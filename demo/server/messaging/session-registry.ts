import { randomUUID } from "node:crypto";
import type { AgentAssets } from "../agent/agent-message.ts";
import type { PlatformBehaviour } from "../platform/platform-behaviour.ts";
import type { ServerClock } from "../reference-server-types.ts";
import type { ServerTimings } from "../server-config.ts";
import type { ExternalEvents } from "../voice/external-events.ts";
import { Session } from "./session.ts";

/** What every session of one server shares. */
export interface SessionDefaults {
  timings: ServerTimings;
  platform: PlatformBehaviour;
  clock: ServerClock;
  /** The agent's image URLs for the `Host` the client reached the server by. */
  assets: (requestHost: string | undefined) => AgentAssets;
  externalEvents: ExternalEvents;
  onError: (error: unknown) => void;
}

/** Who asks for a session, and how. */
export interface SessionRequest {
  connectorId: string;
  /** The `jti` of the access token that asks. */
  tokenId: string;
  streaming: boolean;
  clientPlatform: string;
  requestHost: string | undefined;
}

/** How many expired sessions stay inspectable (never connectable) after they are gone. */
const inspectableGoneSessions = 1000;

/**
 * Every live session of the server, by id. A session removes itself when it expires; the last few gone
 * sessions stay readable through `inspectable` so tests can check how they ended.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  private readonly gone = new Map<string, Session>();

  constructor(private readonly defaults: SessionDefaults) {}

  /**
   * Creates a session with a fresh UUID bound to the request's connector (and token); its `SESSION_START`
   * is stored at once. `requestHost` picks the origin of the agent's images.
   */
  create(request: SessionRequest): Session {
    const session = new Session({
      id: randomUUID(),
      connectorId: request.connectorId,
      creatorTokenId: request.tokenId,
      streaming: request.streaming,
      clientPlatform: request.clientPlatform,
      timings: this.defaults.timings,
      platform: this.defaults.platform,
      clock: this.defaults.clock,
      assets: this.defaults.assets(request.requestHost),
      externalEvents: this.defaults.externalEvents,
      onGone: (gone) => this.forget(gone),
      onError: this.defaults.onError,
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
