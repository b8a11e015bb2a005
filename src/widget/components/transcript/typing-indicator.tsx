import { fillTemplate } from "../../locales/locale-strings.ts";
import type { ChatModel } from "../../model/chat-model.ts";

/**
 * Shows the agent thinking, a live agent typing, or a Chat API turn in flight: a bubble of three bouncing
 * dots, and who it is in words.
 */
export function TypingIndicator({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const typing = model.typing.value;
  if (typing.kind === "none") return null;
  return (
    <div part="typing" class="typing">
      <span class="bubble dots" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      {typing.kind === "agent"
        ? fillTemplate(strings.thinking, { name: model.identity.value.name })
        : typing.kind === "live-agent"
          ? fillTemplate(strings.isTyping, { name: typing.agent?.name ?? model.liveAgent.value?.name ?? strings.agent })
          : strings.waitingForReply}
    </div>
  );
}
