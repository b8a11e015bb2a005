import { useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ChatModel } from "../model/chat-model.ts";
import { Icon } from "./icons.tsx";

/**
 * The header's menu button and its menu, which holds "End conversation" (part `end`) so that ending, which
 * cannot be undone, is never one stray click away. It follows the menu button pattern: Enter, Space or
 * Down opens it on its first item, Up on its last; Up, Down, Home and End move between items; Escape
 * closes it back to the button without closing the panel; Tab, or focus or a click leaving it, closes it.
 */
export function HeaderMenu({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  // The item to focus when the menu opens: 0 for the first, -1 for the last; null while closed.
  const [opening, setOpening] = useState<number | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const open = opening !== null;
  const focusItem = (index: number) => {
    const items = [...menu.current!.querySelectorAll<HTMLElement>("[role=menuitem]")];
    items.at(index % items.length)?.focus();
  };
  useLayoutEffect(() => {
    if (opening !== null) focusItem(opening);
  }, [opening]);
  const close = () => {
    setOpening(null);
    button.current!.focus();
  };

  return (
    <div
      class="menu-anchor"
      onFocusOut={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpening(null);
      }}
    >
      <button
        ref={button}
        class="icon"
        aria-label={strings.moreOptions}
        title={strings.moreOptions}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpening(open ? null : 0)}
        onKeyDown={(event) => {
          if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
          event.preventDefault();
          setOpening(event.key === "ArrowUp" ? -1 : 0);
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
          onKeyDown={(event) => {
            const items = [...event.currentTarget.querySelectorAll("[role=menuitem]")];
            const current = items.indexOf((event.currentTarget.getRootNode() as ShadowRoot).activeElement as Element);
            const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1 + items.length, Home: 0, End: -1 };
            if (event.key === "Tab") return setOpening(null);
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            } else if (event.key in moves) {
              focusItem(moves[event.key]!);
            } else {
              return;
            }
            event.preventDefault();
          }}
        >
          <button
            part="end"
            class="menu-item"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              model.client.end();
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
