import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { endingFile } from "../../ending/ending-file.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { Icon } from "../icons/icons.tsx";

/**
 * The header's menu button (part `menu`) and its menu: the items features add (voice's "Call me back" and
 * "Call us"), then "End conversation" (part `end`) while the conversation is active, so that ending, which
 * cannot be undone, is never one stray click away: it asks to confirm, in the panel (`EndConfirmation`). Choosing an item closes the menu, focus back on its
 * button, before the item acts. It follows the menu button pattern: Enter, Space, Down or Up opens it with
 * focus on its first item; Down and Up move to the next and previous item (wrapping), Home and End to the
 * first and last; Escape closes it back to the button without closing the panel; Tab, or focus leaving it,
 * closes it.
 */
export function HeaderMenu({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const [open, setOpen] = useState(false);
  // The confirmation's file is fetched while the visitor reads the menu, so it is there when asked for.
  if (open && model.active.value) endingFile();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (open) (menu.current!.firstChild as HTMLElement).focus();
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
        part="menu"
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
          ref={menu}
          class="menu"
          role="menu"
          aria-label={strings.moreOptions}
          // Before the item acts, so that focus can go where the item sends it rather than back to the button.
          onClickCapture={close}
          onKeyDown={(event) => {
            const items = [...event.currentTarget.children] as HTMLElement[];
            const at = items.indexOf(event.target as HTMLElement);
            const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 }[event.key];
            if (event.key === "Tab") {
              setOpen(false);
            } else if (event.key === "Escape") {
              event.stopPropagation();
              close();
            } else if (next !== undefined) {
              event.preventDefault();
              items.at(next % items.length)!.focus();
            }
          }}
        >
          {model.menuAdditions.value}
          {model.active.value && (
            <button part="end" class="menu-item" role="menuitem" tabIndex={-1} onClick={() => (model.endAsked.value = true)}>
              <Icon name="end" />
              {strings.endConversation}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
