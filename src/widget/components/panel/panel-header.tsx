import type { ChatModel } from "../../model/chat-model.ts";
import { Avatar } from "../icons/avatar.tsx";
import { HeaderMenu } from "./header-menu.tsx";
import { Icon } from "../icons/icons.tsx";

/**
 * The title, who is with the visitor now (their picture and name; the agent's best-known picture while
 * nobody is), the connection status, the menu that holds End, and Minimise. Long names and statuses wrap
 * rather than being cut off.
 */
export function PanelHeader({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const present = model.present.value;
  return (
    <header part="header" class="header">
      <Avatar participant={present ?? model.identity.value} />
      <div class="heading">
        <h2>{model.title.value ?? strings.title}</h2>
        <p>
          {present && `${present.name} · `}
          <span part="status" role="status">
            {strings.status[model.ended.value ? "ended" : model.connectionStatus.value]}
          </span>
        </p>
      </div>
      {(model.active.value || model.menuAdditions.value) && <HeaderMenu model={model} />}
      {model.mode.value === "floating" && (
        <button class="icon" aria-label={strings.minimise} title={strings.minimise} onClick={() => model.setOpen(false)}>
          <Icon name="minimise" />
        </button>
      )}
    </header>
  );
}
