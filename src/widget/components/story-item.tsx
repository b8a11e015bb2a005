import type { HandoffPhase } from "../../transport/conversation.ts";
import { formatDuration } from "../format.ts";
import type { LocaleStrings } from "../locales/index.ts";
import { fillTemplate } from "../locales/locale-strings.ts";
import type { StoryEntry } from "../model/conversation-story.ts";
import { Avatar } from "./avatar.tsx";
import { Icon } from "./icons.tsx";

/** Where a handoff stands, in one sentence: under way ("Connecting you… number 2 in the queue (about 3 minutes).") or settled. */
export function describeHandoff(handoff: HandoffPhase, strings: LocaleStrings): string {
  const texts = strings.handoff;
  switch (handoff.phase) {
    case "queued": {
      const { position, estimatedWaitSeconds: wait } = handoff;
      const values = {
        position: position ?? "",
        wait: wait === undefined ? "" : fillTemplate(texts.estimatedWait, { duration: formatDuration(wait, strings.code) }),
      };
      return `${texts.connecting} ${fillTemplate(position === undefined ? texts.queued : texts.queuePosition, values)}`;
    }
    case "failed":
      return texts.failed;
    case "timed-out":
      return texts.timedOut;
    case "client-handoff-required":
      return texts.clientRequired;
    default:
      return texts.connecting;
  }
}

/**
 * One line of the handoff's story in the transcript, a small row with an icon: the handoff (part `handoff`)
 * as it stands, or a person who joined (with their picture) or left. Each is a polite status, so a change
 * in the queue is heard as it happens.
 */
export function StoryItem({ entry, strings }: { entry: StoryEntry; strings: LocaleStrings }) {
  const settled = entry.kind === "handoff" && ["failed", "timed-out", "client-handoff-required"].includes(entry.handoff.phase);
  return (
    <p part="handoff" class="story" role="status">
      {entry.kind === "joined" ? (
        <Avatar participant={entry.participant} />
      ) : (
        <Icon name={entry.kind === "left" ? "end" : settled ? "info" : "wait"} />
      )}
      {entry.kind === "handoff"
        ? describeHandoff(entry.handoff, strings)
        : fillTemplate(strings.handoff[entry.kind === "joined" ? "liveAgentJoined" : "liveAgentLeft"], { name: entry.participant.name })}
    </p>
  );
}
