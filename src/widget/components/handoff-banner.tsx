import type { HandoffPhase } from "../../transport/conversation.ts";
import { formatDuration } from "../format.ts";
import type { LocaleStrings } from "../locales/index.ts";
import { Avatar } from "./avatar.tsx";
import { useModel } from "./model-context.ts";

function describe(handoff: HandoffPhase, strings: LocaleStrings): string {
  const texts = strings.handoff;
  switch (handoff.phase) {
    case "triggered":
      return texts.triggered;
    case "accepted":
      return texts.accepted;
    case "queued": {
      const wait = handoff.estimatedWaitSeconds;
      return texts.queued(handoff.position, wait === undefined ? undefined : formatDuration(wait, strings.code));
    }
    case "live-agent":
      return texts.liveAgentJoined(handoff.agent.name);
    case "live-agent-left":
      return texts.liveAgentLeft;
    case "client-handoff-required":
      return texts.clientRequired;
    case "failed":
      return texts.failed;
    case "timed-out":
      return texts.timedOut;
    case "over":
      return texts.over;
    default:
      return "";
  }
}

/** Where a handoff to a person stands, through every phase; nothing when there is none. */
export function HandoffBanner() {
  const model = useModel();
  const handoff = model.handoff.value;
  const text = describe(handoff, model.locale.value);
  if (!text) return null;
  return (
    <div part="handoff" class="banner" role="status">
      {handoff.phase === "live-agent" && <Avatar participant={handoff.agent} />}
      <p>{text}</p>
    </div>
  );
}
