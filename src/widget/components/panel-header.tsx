import type { ConnectionState } from "../../transport/conversation.ts";
import type { LocaleStrings } from "../locales/index.ts";
import { Avatar } from "./avatar.tsx";
import { EndIcon, MinimiseIcon } from "./icons.tsx";
import { useModel } from "./model-context.ts";

function statusText(connection: ConnectionState, ended: boolean, strings: LocaleStrings): string {
  return ended ? strings.status.ended : strings.status[connection.status];
}

/** Title, who is answering, the connection status, and the end and minimise buttons. */
export function PanelHeader() {
  const model = useModel();
  const strings = model.locale.value;
  const connection = model.connection.value;
  const ended = Boolean(model.ended.value);
  const participant = model.liveAgent.value ?? model.agent.value;
  const active = !ended && connection.status !== "idle" && connection.status !== "failed" && connection.status !== "ended";
  return (
    <header part="header" class="header">
      <Avatar participant={participant} />
      <div class="heading">
        <h2 class="title">
          {model.title.value ?? strings.title}
        </h2>
        <p class="status">
          {participant && <span>{participant.name} · </span>}
          <span part="status" role="status">
            {statusText(connection, ended, strings)}
          </span>
        </p>
      </div>
      {active && (
        <button type="button" part="end" class="icon" aria-label={strings.endConversation} title={strings.endConversation} onClick={() => model.client.end()}>
          <EndIcon />
        </button>
      )}
      {model.mode.value === "floating" && (
        <button type="button" class="icon" aria-label={strings.minimise} title={strings.minimise} onClick={() => model.setOpen(false)}>
          <MinimiseIcon />
        </button>
      )}
    </header>
  );
}
