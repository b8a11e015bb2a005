import type { ChatModel } from "../model/chat-model.ts";
import { Avatar } from "./avatar.tsx";
import { Icon } from "./icons.tsx";

/** Title, who is answering, the connection status, and the end and minimise buttons. */
export function PanelHeader({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const participant = model.liveAgent.value ?? model.agent.value;
  return (
    <header part="header" class="header">
      <Avatar participant={participant} />
      <div class="heading">
        <h2>{model.title.value ?? strings.title}</h2>
        <p>
          {participant && <span class="agent-name">{participant.name}</span>}
          {participant && " · "}
          <span part="status" role="status">
            {strings.status[model.ended.value ? "ended" : model.connection.value.status]}
          </span>
        </p>
      </div>
      {model.active.value && (
        <button part="end" class="icon" aria-label={strings.endConversation} title={strings.endConversation} onClick={() => model.client.end()}>
          <Icon name="end" />
        </button>
      )}
      {model.mode.value === "floating" && (
        <button class="icon" aria-label={strings.minimise} title={strings.minimise} onClick={() => model.setOpen(false)}>
          <Icon name="minimise" />
        </button>
      )}
    </header>
  );
}
