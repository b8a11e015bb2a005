import type { Ref } from "preact";
import { pluralText } from "../../locales/locale-strings.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { Icon } from "../icons/icons.tsx";

/** The floating button that opens and closes the panel; while closed it shows and describes the unread count. */
export function Launcher({ model, buttonRef }: { model: ChatModel; buttonRef: Ref<HTMLButtonElement> }) {
  const strings = model.locale.value;
  const open = model.open.value;
  const unread = open ? 0 : model.unread.value;
  return (
    <button
      ref={buttonRef}
      part="launcher"
      class="launcher"
      aria-label={open ? strings.closeChat : strings.openChat}
      aria-expanded={open}
      aria-describedby={unread ? "cap-chat-unread" : undefined}
      onClick={() => model.setOpen(!open)}
      // Escape closes the panel from its launcher too, as it does from inside it.
      onKeyDown={(event) => {
        if (open && event.key === "Escape") model.setOpen(false);
      }}
    >
      <Icon name={open ? "close" : "chat"} />
      {unread > 0 && (
        <>
          <span class="badge" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
          <span id="cap-chat-unread" class="hidden">
            {pluralText(strings.unread, strings.code, unread)}
          </span>
        </>
      )}
    </button>
  );
}
