import type { ConversationEvent } from "./conversation-events.ts";
import type { ConversationSnapshot, HandoffPhase } from "./conversation.ts";

type HandoffEvent = Extract<
  ConversationEvent,
  {
    kind:
      | "handoff-triggered"
      | "handoff-accepted"
      | "handoff-queue-status"
      | "live-agent-joined"
      | "live-agent-left"
      | "client-handoff-required"
      | "handoff-failed"
      | "handoff-timeout"
      | "handoff-over";
  }
>;

/** True for the events `reduceHandoff` handles. */
export function isHandoffEvent(event: ConversationEvent): event is HandoffEvent {
  switch (event.kind) {
    case "handoff-triggered":
    case "handoff-accepted":
    case "handoff-queue-status":
    case "live-agent-joined":
    case "live-agent-left":
    case "client-handoff-required":
    case "handoff-failed":
    case "handoff-timeout":
    case "handoff-over":
      return true;
    default:
      return false;
  }
}

/**
 * Moves the handoff phase: triggered → accepted → queued (position, wait) → live-agent → live-agent-left,
 * or client-handoff-required, failed, timed-out, or (Chat API) over. A queue status without a queue name
 * keeps the name already known. The snapshot comes back unchanged when the phase would be equal.
 */
export function reduceHandoff(snapshot: ConversationSnapshot, event: HandoffEvent): ConversationSnapshot {
  switch (event.kind) {
    case "live-agent-joined":
      return {
        ...snapshot,
        handoff: { phase: "live-agent", agent: event.agent },
        liveAgent: event.agent,
        typing: snapshot.typing.kind === "live-agent" ? { kind: "live-agent", agent: event.agent } : snapshot.typing,
      };
    case "live-agent-left":
      return {
        ...withPhase(snapshot, { phase: "live-agent-left" }),
        liveAgent: null,
        typing: snapshot.typing.kind === "live-agent" ? { kind: "none" } : snapshot.typing,
      };
    default:
      return withPhase(snapshot, phaseOf(snapshot.handoff, event));
  }
}

function phaseOf(current: HandoffPhase, event: Exclude<HandoffEvent, { kind: "live-agent-joined" | "live-agent-left" }>): HandoffPhase {
  switch (event.kind) {
    case "handoff-triggered":
      return { phase: "triggered" };
    case "handoff-accepted":
      return withDefined({ phase: "accepted" }, { queueName: event.queueName });
    case "handoff-queue-status": {
      const knownQueue = current.phase === "accepted" || current.phase === "queued" ? current.queueName : undefined;
      return withDefined(
        { phase: "queued" },
        { queueName: event.queueName ?? knownQueue, position: event.position, estimatedWaitSeconds: event.estimatedWaitSeconds },
      );
    }
    case "client-handoff-required":
      return { phase: "client-handoff-required", reason: event.reason, queueName: event.queueName };
    case "handoff-failed":
      return withDefined({ phase: "failed" }, { reason: event.reason });
    case "handoff-timeout":
      return withDefined({ phase: "timed-out" }, { reason: event.reason });
    case "handoff-over":
      return withDefined({ phase: "over" }, { destination: event.destination, reason: event.reason });
  }
}

function withPhase(snapshot: ConversationSnapshot, handoff: HandoffPhase): ConversationSnapshot {
  return samePhase(snapshot.handoff, handoff) ? snapshot : { ...snapshot, handoff };
}

/** Field-by-field equality of two phases (agents too); phases here are plain data built in one field order. */
export function samePhase(left: HandoffPhase, right: HandoffPhase): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}

/** Copies only the fields that are defined, so a phase never carries `key: undefined`. */
function withDefined<Phase extends HandoffPhase>(base: Phase, fields: Record<string, string | number | undefined>): Phase {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) result[key] = value;
  return result as Phase;
}
