import { EventType, SessionEndReason, SystemMessageLevel, SystemMessageText } from "../../../src/protocol/index.ts";
import type { AgentLanguage } from "./agent-message.ts";
import type { AgentPort } from "./agent-port.ts";
import {
  scheduleClientHandoff,
  scheduleFailedHandoff,
  scheduleLiveAgentFarewell,
  scheduleLiveAgentMessage,
  scheduleLiveHandoff,
  scheduleServiceAgentJoin,
} from "./handoff-scripts.ts";
import { deliverServiceAgentMessage, thinkThenReply } from "./message-delivery.ts";
import {
  bookingConfirmed,
  bookingOffer,
  fallback,
  farewell,
  greeting,
  imageReply,
  languageSwitched,
  linkReply,
  liveAgentAnswer,
  longReply,
  markdownShowcase,
  tableReply,
  welcomeBack,
} from "./replies.ts";
import { intentOf, isFarewell } from "./trigger-phrases.ts";
import type { ExternalEventBody } from "../voice/external-events.ts";

/**
 * Who is in the conversation once every scheduled step has run: nobody yet, the service agent, a live
 * agent (or the queue for one), nobody after a client-managed handoff, or nobody because it is ending.
 */
type Phase = "waiting-for-join" | "service-agent" | "live-agent" | "routed-to-site" | "ending";

/**
 * The scripted demo agent of one session. It decides synchronously when a frame arrives, from the phase
 * the conversation will be in after everything already scheduled, and schedules its answer on the
 * session's timeline, so answers keep the order of the messages that caused them.
 */
export class DemoAgent {
  private phase: Phase = "waiting-for-join";
  private language: AgentLanguage = "en";

  constructor(private readonly port: AgentPort) {}

  /** Whether an agent (the service agent, or a live agent or its queue) is in the conversation. */
  get agentPresent(): boolean {
    return this.phase === "service-agent" || this.phase === "live-agent";
  }

  /** Whether the conversation is in a live agent's hands, or in the queue for one. */
  get withLiveAgent(): boolean {
    return this.phase === "live-agent";
  }

  /**
   * Answers `REQUEST_SERVICE_AGENT_JOIN`: join and greet, unless an agent is already in the session. Back
   * after a client-managed handoff, it says a short welcome back instead of its whole greeting again.
   */
  requestJoin(): void {
    if (this.agentPresent || this.phase === "ending") return;
    const returning = this.phase === "routed-to-site";
    this.phase = "service-agent";
    scheduleServiceAgentJoin(this.port);
    thinkThenReply(this.port, returning ? welcomeBack(this.language) : greeting(this.language));
  }

  /** Answers a user message according to the phase and the message's trigger words. */
  userMessage(text: string): void {
    switch (this.phase) {
      case "ending":
        return;
      case "live-agent":
        if (isFarewell(text)) {
          this.phase = "ending";
          scheduleLiveAgentFarewell(this.port);
        } else {
          scheduleLiveAgentMessage(this.port, liveAgentAnswer(text));
        }
        return;
      case "waiting-for-join":
      case "routed-to-site":
        this.port.timeline.after(0, () =>
          this.port.store(EventType.SystemMessage, {
            level: SystemMessageLevel.Error,
            message: SystemMessageText.ConversationIdNotFound,
          }),
        );
        return;
      case "service-agent":
        this.serviceAgentAnswer(text);
    }
  }

  /**
   * Goes on with a booking the site's workflow confirmed through the External Events API: the service
   * agent (or the live agent, if one has taken over) confirms it in the conversation, unless it has ended.
   */
  externalEvent(body: ExternalEventBody): void {
    if (this.port.ended) return;
    const confirmation = bookingConfirmed(body.fields, this.language);
    if (this.phase === "service-agent") thinkThenReply(this.port, confirmation);
    else if (this.phase === "live-agent") scheduleLiveAgentMessage(this.port, confirmation);
  }

  private serviceAgentAnswer(text: string): void {
    const port = this.port;
    switch (intentOf(text)) {
      case "table":
        return thinkThenReply(port, tableReply());
      case "booking":
        return thinkThenReply(port, bookingOffer(port.assets, port.issueEventId(), this.language));
      case "markdown":
        return thinkThenReply(port, markdownShowcase());
      case "image":
        return thinkThenReply(port, imageReply(port.assets));
      case "link":
        return thinkThenReply(port, linkReply(port.assets));
      case "long":
        return thinkThenReply(port, longReply());
      case "live-handoff":
        this.phase = "live-agent";
        return scheduleLiveHandoff(port);
      case "client-handoff":
        this.phase = "routed-to-site";
        return scheduleClientHandoff(port);
      case "handoff-fail":
        return scheduleFailedHandoff(port, "failed", this.language);
      case "handoff-timeout":
        return scheduleFailedHandoff(port, "timeout", this.language);
      case "busy":
        port.timeline.after(0, () => port.transient(EventType.ServiceAgentThinking, {}));
        port.timeline.after(port.timings.thinking, () =>
          port.store(EventType.SystemMessage, { level: SystemMessageLevel.Warning, message: SystemMessageText.HighLoad }),
        );
        return;
      case "french":
      case "english":
        return this.switchLanguage(text);
      case "goodbye":
        this.phase = "ending";
        thinkThenReply(port, farewell(this.language));
        port.timeline.after(port.timings.step, () => port.end(SessionEndReason.NaturalEnd));
        return;
      case "fallback":
        return thinkThenReply(port, fallback(this.language));
    }
  }

  private switchLanguage(text: string): void {
    const language: AgentLanguage = intentOf(text) === "english" ? "en" : "fr";
    this.language = language;
    this.port.timeline.after(0, () => this.port.transient(EventType.ServiceAgentThinking, {}));
    this.port.timeline.after(this.port.timings.thinking, () => this.port.store(EventType.LanguageChanged, { language_code: language }));
    deliverServiceAgentMessage(this.port, languageSwitched(language), this.port.timings.step);
  }
}
