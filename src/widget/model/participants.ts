import type { ConversationSnapshot, Participant } from "../../transport/conversation.ts";

/** Handoff phases during which the platform's agent has left the conversation for a person. */
const agentAwayPhases: readonly string[] = ["triggered", "accepted", "queued", "live-agent", "live-agent-left", "client-handoff-required"];

/**
 * Who is with the visitor now, following the platform's handoff sequences: the live agent while one is
 * there; otherwise the platform's agent, except while it has left for a handoff (it comes back after a
 * failed one, or when asked back after a site-routed one); nobody once the conversation has ended.
 */
export function presentParticipant(snapshot: Pick<ConversationSnapshot, "agent" | "liveAgent" | "handoff" | "ended">): Participant | null {
  if (snapshot.ended) return null;
  if (snapshot.liveAgent) return snapshot.liveAgent;
  return agentAwayPhases.includes(snapshot.handoff.phase) ? null : snapshot.agent;
}

/** What the site configured for its agent: the `headerTitle` and `avatarUrl` options. */
export interface ConfiguredIdentity {
  name?: string | undefined;
  avatarUrl?: string | undefined;
}

/**
 * The platform agent's name and picture as best known, for messages and places that carry none (the Chat
 * API's answers, the welcome): the agent's own, else the last agent seen in this widget, else the site's
 * configured title and avatar; `fallbackName` only when none of these has a name. A picture missing from
 * the agent is taken from the configuration.
 */
export function agentIdentity(known: Participant | null, configured: ConfiguredIdentity, fallbackName: string): Participant {
  const avatarUrl = known?.avatarUrl || configured.avatarUrl;
  return { name: known?.name || configured.name || fallbackName, ...(avatarUrl ? { avatarUrl } : {}) };
}
