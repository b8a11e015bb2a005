import { randomUUID } from "node:crypto";
import { EventType } from "../../../src/protocol/index.ts";
import type { AccessTokens } from "../messaging/access-tokens.ts";
import type { ReplayFault } from "../messaging/replay.ts";
import type { CallScript, FaultControls, FaultEndpoint } from "../reference-server-types.ts";
import type { SessionRegistry } from "../messaging/session-registry.ts";
import type { OutboundCalls } from "../voice/outbound-calls.ts";

/** A forced failure the next request to an endpoint gets. */
export interface ForcedFailure {
  status: 429 | 500;
  retryAfterSeconds: number;
}

const anySession = "*";

/**
 * The test-only faults (reference-server-types.ts) and the state the request handlers consult: forced
 * failures per endpoint, pending replay faults, whether upgrades are refused, and scripted outbound
 * calls. All off after `reset()`.
 */
export class FaultState implements FaultControls {
  private readonly failures = new Map<FaultEndpoint, ForcedFailure & { count: number }>();
  private readonly replayFaults = new Map<string, ReplayFault>();
  private refusing = false;
  private readonly muted = new Set<string>();

  constructor(
    private readonly sessions: SessionRegistry,
    private readonly tokens: AccessTokens,
    private readonly calls: OutboundCalls,
  ) {}

  dropSockets(sessionId: string): void {
    this.sessions.get(sessionId)?.dropSockets();
  }

  dropSocketsAfter(sessionId: string, liveEvents: number): void {
    this.sessions.get(sessionId)?.dropSocketsAfter(liveEvents);
  }

  muteLiveEvents(sessionId: string, muted: boolean): void {
    const session = this.sessions.get(sessionId);
    session?.muteLiveEvents(muted);
    if (muted) this.muted.add(sessionId);
    else this.muted.delete(sessionId);
  }

  duplicateNextReplay(sessionId?: string): void {
    this.replayFaults.set(sessionId ?? anySession, "duplicate");
  }

  reorderNextReplay(sessionId?: string): void {
    this.replayFaults.set(sessionId ?? anySession, "reorder");
  }

  failNextRequests(endpoint: FaultEndpoint, count: number, status: 429 | 500, retryAfterSeconds = 1): void {
    if (count <= 0) {
      this.failures.delete(endpoint);
      return;
    }
    this.failures.set(endpoint, { count, status, retryAfterSeconds });
  }

  cutNextStream(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session) session.cutNextStream = true;
  }

  failNextForward(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session) session.failNextForward = true;
  }

  expireTokens(): void {
    this.tokens.expireAll();
  }

  expireSession(sessionId: string): void {
    this.sessions.get(sessionId)?.abandon();
  }

  refuseUpgrades(refuse: boolean): void {
    this.refusing = refuse;
  }

  sendAgentMessage(sessionId: string, text: string): void {
    const payload = { message_id: randomUUID(), text, attachments: [], response_suggestions: [] };
    this.sessions.get(sessionId)?.store(EventType.ServiceAgentMessage, payload);
  }

  scriptCalls(scripts: readonly (CallScript & { retentionMilliseconds?: number })[]): void {
    this.calls.script(scripts);
  }

  reset(): void {
    for (const sessionId of this.muted) this.muteLiveEvents(sessionId, false);
    this.calls.resetScripts();
    this.failures.clear();
    this.replayFaults.clear();
    this.refusing = false;
  }

  /** Whether upgrades are being refused now. */
  get refusingUpgrades(): boolean {
    return this.refusing;
  }

  /** Consumes one forced failure of `endpoint`, if any is pending. */
  takeFailure(endpoint: FaultEndpoint): ForcedFailure | undefined {
    const failure = this.failures.get(endpoint);
    if (!failure) return undefined;
    failure.count -= 1;
    if (failure.count <= 0) this.failures.delete(endpoint);
    return { status: failure.status, retryAfterSeconds: failure.retryAfterSeconds };
  }

  /** Consumes the replay fault pending for this session, or for any session. */
  takeReplayFault(sessionId: string): ReplayFault | undefined {
    for (const key of [sessionId, anySession]) {
      const fault = this.replayFaults.get(key);
      if (fault) {
        this.replayFaults.delete(key);
        return fault;
      }
    }
    return undefined;
  }
}
