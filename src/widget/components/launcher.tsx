import type { Ref } from "preact";
import { ChatIcon, CloseIcon } from "./icons.tsx";
import { useModel } from "./model-context.ts";

/** The floating button that opens and closes the panel; shows the unread count while closed. */
export function Launcher({ buttonRef }: { buttonRef: Ref<HTMLButtonElement> }) {
  const model = useModel();
  const strings = model.locale.value;
  const open = model.open.value;
  const unread = open ? 0 : model.unread.value;
  return (
    <button
      ref={buttonRef}
      type="button"
      part="launcher"
      class="launcher"
      aria-label={open ? strings.closeChat : strings.openChat}
      aria-expanded={open}
      aria-describedby={unread ? "cap-chat-unread" : undefined}
      onClick={() => model.setOpen(!open)}
    >
      {open ? <CloseIcon /> : <ChatIcon />}
      {unread > 0 && (
        <span class="badge" aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
      <span id="cap-chat-unread" class="hidden">
        {unread ? strings.unread(unread) : ""}
      </span>
    </button>
  );
}
