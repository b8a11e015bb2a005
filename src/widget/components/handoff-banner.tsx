import type { HandoffPhase } from "../../transport/conversation.ts";
import { formatDuration } from "../format.ts";
import type { LocaleStrings } from "../locales/index.ts";
import type { ChatModel } from "../model/chat-model.ts";
import { Banner } from "./banner.tsx";

function describe(handoff: HandoffPhase, strings: LocaleStrings): string {
  const texts = strings.handoff;
  switch (handoff.phase) {
    case "queued": {
      const { position, estimatedWaitSeconds: wait } = handoff;
      const queue = position === undefined ? texts.queued : texts.queuePosition(position);
      return wait === undefined ? queue : `${queue} ${texts.estimatedWait(formatDuration(wait, strings.code))}`;
    }
    case "live-agent":
      return texts.liveAgentJoined(handoff.agent.name);
    case "live-agent-left":
      return texts.liveAgentLeft;
    case "client-handoff-required":
      return texts.clientRequired;
    case "timed-out":
      return texts.timedOut;
    case "none":
      return "";
    default:
      return texts[handoff.phase];
  }
}

/** Where a handoff to a person stands, through every phase; nothing when there is none. */
export function HandoffBanner({ model }: { model: ChatModel }) {
  const handoff = model.handoff.value;
  const text = describe(handoff, model.locale.value);
  return text ? <Banner part="handoff" role="status" text={text} avatar={handoff.phase === "live-agent" ? handoff.agent : undefined} /> : null;
}
