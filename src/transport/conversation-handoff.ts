import type { ConversationEvent } from "./conversation-events.ts";
import type { ConversationSnapshot, HandoffPhase } from "./conversation.ts";
import { definedFields } from "./defined-fields.ts";

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

const handoffKinds = new Set<ConversationEvent["kind"]>([
  "handoff-triggered",
  "handoff-accepted",
  "handoff-queue-status",
  "live-agent-joined",
  "live-agent-left",
  "client-handoff-required",
  "handoff-failed",
  "handoff-timeout",
  "handoff-over",
]);

/** True for the events `reduceHandoff` handles. */
export function isHandoffEvent(event: ConversationEvent): event is HandoffEvent {
  return handoffKinds.has(event.kind);
}

/**
 * Moves the handoff phase: triggered → accepted → queued (position, wait) → live-agent → live-agent-left,
 * or client-handoff-required, failed, timed-out, or (Chat API) over. A queue status without a queue name
 * keeps the name already known. The snapshot comes back unchanged when the phase would be equal.
 */
export function reduceHandoff(snapshot: ConversationSnapshot, event: HandoffEvent): ConversationSnapshot {
  const typing = snapshot.typing;
  if (event.kind === "live-agent-joined") {
    const agent = event.agent;
    return { ...snapshot, handoff: { phase: "live-agent", agent }, liveAgent: agent, typing: typing.kind === "live-agent" ? { kind: "live-agent", agent } : typing };
  }
  if (event.kind === "live-agent-left") {
    return { ...withPhase(snapshot, { phase: "live-agent-left" }), liveAgent: null, typing: typing.kind === "live-agent" ? { kind: "none" } : typing };
  }
  return withPhase(snapshot, phaseOf(snapshot.handoff, event));
}

function phaseOf(current: HandoffPhase, event: Exclude<HandoffEvent, { kind: "live-agent-joined" | "live-agent-left" }>): HandoffPhase {
  switch (event.kind) {
    case "handoff-triggered":
      return { phase: "triggered" };
    case "handoff-accepted":
      return definedFields({ phase: "accepted", queueName: event.queueName });
    case "handoff-queue-status": {
      const knownQueue = current.phase === "accepted" || current.phase === "queued" ? current.queueName : undefined;
      const { queueName = knownQueue, position, estimatedWaitSeconds } = event;
      return definedFields({ phase: "queued", queueName, position, estimatedWaitSeconds });
    }
    case "client-handoff-required":
      return { phase: "client-handoff-required", reason: event.reason, queueName: event.queueName };
    case "handoff-failed":
      return definedFields({ phase: "failed", reason: event.reason });
    case "handoff-timeout":
      return definedFields({ phase: "timed-out", reason: event.reason });
    case "handoff-over":
      return definedFields({ phase: "over", destination: event.destination, reason: event.reason });
  }
}

function withPhase(snapshot: ConversationSnapshot, handoff: HandoffPhase): ConversationSnapshot {
  return samePhase(snapshot.handoff, handoff) ? snapshot : { ...snapshot, handoff };
}

/** Field-by-field equality of two phases (agents too); phases here are plain data built in one field order. */
export function samePhase(left: HandoffPhase, right: HandoffPhase): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}
