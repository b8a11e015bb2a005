import type { HandoffPhase } from "../../../transport/conversation.ts";
import { formatDuration } from "../../text/format-duration.ts";
import type { LocaleStrings } from "../../locales/index.ts";
import { EXTERNAL_LINK } from "../../markdown/index.ts";
import { fillTemplate } from "../../locales/locale-strings.ts";
import type { StoryEntry } from "../../model/conversation-story.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { Avatar } from "../icons/avatar.tsx";
import { Icon } from "../icons/icons.tsx";

/**
 * Where a handoff stands, in one sentence: under way ("Connecting you… number 2 in the queue (about 3 minutes).")
 * or settled; a handoff the site must route, and did not answer, says why and that nobody will join here.
 */
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
    case "client-handoff-required": {
      const reasons = texts.reasons;
      const reason = Object.hasOwn(reasons, handoff.reason) ? `${reasons[handoff.reason as keyof typeof reasons]} ` : "";
      return reason + texts.clientRequired;
    }
    default:
      return texts.connecting;
  }
}

/** An address the site gave for a link: http(s), `mailto:` or `tel:`, resolved against the page; null for any other. */
function siteUrl(url: string | undefined): string | null {
  try {
    const resolved = new URL(url ?? "", document.baseURI);
    return url && /^(https?|mailto|tel):$/.test(resolved.protocol) ? resolved.href : null;
  } catch {
    return null;
  }
}

/**
 * One line of the handoff's story in the transcript, a small row with an icon: the handoff (part `handoff`)
 * as it stands, or a person who joined (with their picture) or left. A handoff the site must route shows the
 * site's answer to it when it gave one (see `model.handoffAnswer`): its words, and its link (a web address
 * opens in a new tab). Each is a polite status, so a change in the queue is heard as it happens.
 */
export function StoryItem({ entry, model }: { entry: StoryEntry; model: ChatModel }) {
  const strings = model.locale.value;
  const answered = model.handoffAnswer.value;
  const answer = entry.kind === "handoff" && answered?.handoff === entry.handoff ? answered.answer : undefined;
  const link = siteUrl(answer?.url);
  const settled = entry.kind === "handoff" && ["failed", "timed-out", "client-handoff-required"].includes(entry.handoff.phase);
  return (
    <p part="handoff" class="story" role="status">
      {entry.kind === "joined" ? (
        <Avatar participant={entry.participant} />
      ) : (
        <Icon name={entry.kind === "left" ? "end" : settled ? "info" : "wait"} />
      )}
      {answer
        ? answer.text
        : entry.kind === "handoff"
          ? describeHandoff(entry.handoff, strings)
          : fillTemplate(strings.handoff[entry.kind === "joined" ? "liveAgentJoined" : "liveAgentLeft"], { name: entry.participant.name })}
      {link && (
        <a class="action" href={link} {...(/^https?:/.test(link) && EXTERNAL_LINK)}>
          {answer?.label || link.replace(/^\w+:(\/\/)?/, "")}
        </a>
      )}
    </p>
  );
}
