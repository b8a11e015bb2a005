import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ChatModel } from "../model/chat-model.ts";
import { Icon } from "./icons.tsx";

/**
 * The header's menu button and its menu, which holds "End conversation" (part `end`) so that ending, which
 * cannot be undone, is never one stray click away: the item asks to confirm, in the panel (`EndConfirmation`). It follows the menu button pattern: Enter, Space, Down
 * or Up opens it with focus on its item; the arrows, Home and End keep focus there (it is the only one);
 * Escape closes it back to the button without closing the panel; Tab, or focus leaving it, closes it.
 */
export function HeaderMenu({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const item = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (open) item.current!.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current!.focus();
  };

  return (
    <div
      class="menu-anchor"
      onFocusOut={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        class="icon"
        aria-label={strings.moreOptions}
        title={strings.moreOptions}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div
          class="menu"
          role="menu"
          aria-label={strings.moreOptions}
          onKeyDown={(event) => {
            if (event.key === "Tab") {
              setOpen(false);
            } else if (event.key === "Escape") {
              event.stopPropagation();
              close();
            } else if (/^(Arrow(Up|Down)|Home|End)$/.test(event.key)) {
              event.preventDefault();
            }
          }}
        >
          <button
            ref={item}
            part="end"
            class="menu-item"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              model.endAsked.value = true;
            }}
          >
            <Icon name="end" />
            {strings.endConversation}
          </button>
        </div>
      )}
    </div>
  );
}
