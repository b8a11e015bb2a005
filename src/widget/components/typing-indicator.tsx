import { useModel } from "./model-context.ts";

/** Shows the agent thinking, a live agent typing, or a Chat API turn in flight. */
export function TypingIndicator() {
  const model = useModel();
  const strings = model.locale.value;
  const typing = model.typing.value;
  if (typing.kind === "none") return null;
  const text =
    typing.kind === "agent"
      ? strings.thinking(model.agent.value?.name ?? strings.agent)
      : typing.kind === "live-agent"
        ? strings.isTyping(typing.agent?.name ?? model.liveAgent.value?.name ?? strings.agent)
        : strings.waitingForReply;
  return (
    <div part="typing" class="typing">
      <span class="dots" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      <span>{text}</span>
    </div>
  );
}
