import { randomUUID } from "node:crypto";
import type { OutboundCallStatus } from "../../../src/protocol/index.ts";
import type { CallScript, OutboundCallView } from "../reference-server-types.ts";
import type { TimerGroup } from "../timers.ts";

/** The reason a failed call carries unless its script gives another: the one failure text the spec shows. */
export const defaultFailureReason = "call queueing: max timeout limit exceeded";

/** How calls go when no script says otherwise, and how long their status stays readable; all scaled already. */
export interface OutboundCallDefaults {
  script: ScriptedCall;
  /** About 2 hours after the call ends, at full scale. */
  retentionMilliseconds: number;
}

interface OutboundCall extends OutboundCallView {
  statusRequests: number[];
  retentionMilliseconds: number;
  /** Server clock milliseconds at which the call reached a terminal status. */
  endedAt?: number;
}

/** A call's script, with its own retention if it has one. */
type ScriptedCall = CallScript & { retentionMilliseconds?: number };

/** Calls kept at most; the oldest are forgotten first, so a long demo run stays bounded. */
const maxCalls = 10_000;

/**
 * The reference platform's outbound calls: each goes `queued` → `calling` → `success` or `failure` on its
 * script's schedule (the next scripted one, else the default), never changes after its terminal status,
 * and answers its status until its retention after the end has passed; then it is unknown (404).
 */
export class OutboundCalls {
  private readonly calls = new Map<string, OutboundCall>();
  private scripts: ScriptedCall[] = [];

  constructor(
    private readonly timers: TimerGroup,
    private readonly now: () => number,
    private readonly defaults: OutboundCallDefaults,
  ) {}

  /** Places a call to `toNumber` and schedules its course; returns its SID. */
  place(toNumber: string, metadata: Record<string, unknown> | undefined): string {
    const script = this.scripts.shift() ?? this.defaults.script;
    const call: OutboundCall = {
      callSid: `OUT-${randomUUID()}`,
      toNumber,
      ...(metadata !== undefined && { metadata }),
      status: "queued",
      reason: "",
      statusRequests: [],
      retentionMilliseconds: script.retentionMilliseconds ?? this.defaults.retentionMilliseconds,
    };
    this.calls.set(call.callSid, call);
    if (this.calls.size > maxCalls) this.calls.delete(this.calls.keys().next().value as string);
    this.timers.after(script.queuedMilliseconds, () => {
      call.status = "calling";
      this.timers.after(script.callingMilliseconds, () => this.finish(call, script));
    });
    return call.callSid;
  }

  /**
   * The status of a call, recording the request; undefined for a SID never issued or one whose retention
   * after its end has passed.
   */
  status(callSid: string): { status: OutboundCallStatus; reason: string } | undefined {
    const call = this.calls.get(callSid);
    if (!call) return undefined;
    const now = this.now();
    call.statusRequests.push(now);
    if (call.endedAt !== undefined && now - call.endedAt >= call.retentionMilliseconds) return undefined;
    return { status: call.status, reason: call.reason };
  }

  /** The next calls follow `scripts`, in order, instead of the default. */
  script(scripts: readonly ScriptedCall[]): void {
    this.scripts = scripts.map((script) => ({ ...script }));
  }

  /** Back to the default course for every later call. */
  resetScripts(): void {
    this.scripts = [];
  }

  /** Copies of every call, oldest first. */
  views(): OutboundCallView[] {
    return [...this.calls.values()].map(({ callSid, toNumber, metadata, status, reason, statusRequests }) =>
      structuredClone({ callSid, toNumber, ...(metadata !== undefined && { metadata }), status, reason, statusRequests }),
    );
  }

  private finish(call: OutboundCall, script: CallScript): void {
    call.status = script.outcome;
    call.reason = script.outcome === "failure" ? (script.reason ?? defaultFailureReason) : "";
    call.endedAt = this.now();
  }
}
