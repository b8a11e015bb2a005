import { randomUUID } from "node:crypto";
import {
  ClientHandoffReason,
  EventType,
  SystemMessageLevel,
  SystemMessageText,
  TypingState,
  type TypingStateName,
} from "../../../src/protocol/index.ts";
import type { AgentLanguage, AgentMessage } from "./agent-message.ts";
import type { AgentPort } from "./agent-port.ts";
import { deliverServiceAgentMessage } from "./message-delivery.ts";
import {
  callbackIntro,
  demoQueueName,
  handoffIntro,
  liveAgentFarewell,
  liveAgentGreeting,
  liveAgentProfile,
  rejoinAfterHandoff,
  serviceAgentName,
} from "./replies.ts";

const queuePositions = [3, 2, 1];
const secondsPerQueuePosition = 20;

/** Schedules `SERVICE_AGENT_JOINED`. */
export function scheduleServiceAgentJoin(port: AgentPort, delay = 0): void {
  port.timeline.after(delay, () =>
    port.store(EventType.ServiceAgentJoined, {
      agent_name: serviceAgentName,
      agent_avatar_url: port.assets.serviceAgentAvatarUrl,
    }),
  );
}

function scheduleHandoffStart(port: AgentPort, intro: AgentMessage): void {
  port.timeline.after(0, () => port.transient(EventType.ServiceAgentThinking, {}));
  deliverServiceAgentMessage(port, intro, port.timings.thinking);
  port.timeline.after(port.timings.step, () => port.store(EventType.ServiceAgentTriggeredHandoff, {}));
}

/**
 * Server-managed handoff up to the live agent's greeting: TRIGGERED_HANDOFF, SERVICE_AGENT_LEFT,
 * HANDOFF_ACCEPTED, a queue countdown, LIVE_AGENT_JOINED, then the live agent types and greets.
 */
export function scheduleLiveHandoff(port: AgentPort): void {
  scheduleHandoffStart(port, handoffIntro());
  port.timeline.after(port.timings.step, () => port.store(EventType.ServiceAgentLeft, {}));
  port.timeline.after(port.timings.step, () => port.store(EventType.HandoffAccepted, { queue_name: demoQueueName }));
  for (const position of queuePositions) {
    port.timeline.after(position === queuePositions[0] ? port.timings.step : port.timings.queueStep, () =>
      port.store(EventType.HandoffQueueStatus, {
        queue_name: demoQueueName,
        position_in_queue: position,
        estimated_wait_seconds: position * secondsPerQueuePosition,
      }),
    );
  }
  port.timeline.after(port.timings.queueStep, () =>
    port.store(EventType.LiveAgentJoined, {
      agent: { id: liveAgentProfile.id, name: liveAgentProfile.name, avatar_url: port.assets.liveAgentAvatarUrl },
    }),
  );
  scheduleLiveAgentMessage(port, liveAgentGreeting());
}

/** The live agent types (transient LIVE_AGENT_TYPING started, then stopped) and sends a message. */
export function scheduleLiveAgentMessage(port: AgentPort, message: AgentMessage): void {
  const typing = (state: TypingStateName) => port.transient(EventType.LiveAgentTyping, { state, agent_id: liveAgentProfile.id });
  port.timeline.after(port.timings.step, () => typing(TypingState.Started));
  port.timeline.after(port.timings.liveAgentTyping, () => {
    typing(TypingState.Stopped);
    port.store(EventType.LiveAgentMessage, {
      message_id: randomUUID(),
      agent_id: liveAgentProfile.id,
      text: message.text,
      attachments: message.attachments,
      response_suggestions: message.suggestions.map((text) => ({ message_text: text })),
    });
  });
}

/** The live agent says goodbye, leaves, and the session ends naturally. */
export function scheduleLiveAgentFarewell(port: AgentPort): void {
  scheduleLiveAgentMessage(port, liveAgentFarewell());
  port.timeline.after(port.timings.step, () => port.store(EventType.LiveAgentLeft, {}));
  port.timeline.after(port.timings.step, () => port.end("REASON_NATURAL_END"));
}

/** Client-managed handoff: TRIGGERED_HANDOFF, CLIENT_HANDOFF_REQUIRED, SERVICE_AGENT_LEFT. */
export function scheduleClientHandoff(port: AgentPort): void {
  scheduleHandoffStart(port, callbackIntro());
  port.timeline.after(port.timings.step, () =>
    port.store(EventType.ClientHandoffRequired, { reason: ClientHandoffReason.ComplexQuery, queue_name: "phone-callback" }),
  );
  port.timeline.after(port.timings.step, () => port.store(EventType.ServiceAgentLeft, {}));
}

/**
 * A handoff that fails (`failure: "failed"`, right after the service agent leaves) or times out in the
 * queue (`"timeout"`); either way the platform says it could not connect, and the service agent rejoins.
 */
export function scheduleFailedHandoff(port: AgentPort, failure: "failed" | "timeout", language: AgentLanguage): void {
  scheduleHandoffStart(port, handoffIntro());
  port.timeline.after(port.timings.step, () => port.store(EventType.ServiceAgentLeft, {}));
  if (failure === "failed") {
    port.timeline.after(port.timings.step, () => port.store(EventType.HandoffFailed, { reason: "NO_AGENTS_AVAILABLE" }));
  } else {
    port.timeline.after(port.timings.step, () => port.store(EventType.HandoffAccepted, { queue_name: demoQueueName }));
    port.timeline.after(port.timings.step, () =>
      port.store(EventType.HandoffQueueStatus, {
        queue_name: demoQueueName,
        position_in_queue: 1,
        estimated_wait_seconds: secondsPerQueuePosition,
      }),
    );
    port.timeline.after(port.timings.queueStep, () => port.store(EventType.HandoffTimeout, { reason: "QUEUE_WAIT_EXCEEDED" }));
  }
  port.timeline.after(port.timings.step, () =>
    port.store(EventType.SystemMessage, {
      level: SystemMessageLevel.Warning,
      message: SystemMessageText.HandoffConnectFailed,
    }),
  );
  scheduleServiceAgentJoin(port, port.timings.step);
  deliverServiceAgentMessage(port, rejoinAfterHandoff(language), port.timings.step);
}
