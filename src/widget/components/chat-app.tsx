import { useLayoutEffect, useRef } from "preact/hooks";
import type { ChatModel } from "../model/chat-model.ts";
import { ChatPanel } from "./chat-panel.tsx";
import { Launcher } from "./launcher.tsx";
import { ModelContext } from "./model-context.ts";

function focusIsWithin(element: Element | null): boolean {
  const root = element?.getRootNode() as Document | ShadowRoot | undefined;
  return Boolean(root?.activeElement && element?.contains(root.activeElement));
}

/**
 * The whole widget. The root carries `dir` and `lang` of the locale, so logical properties mirror the
 * layout for right-to-left languages. Opening the floating panel moves focus to the input; closing it
 * while focus is inside returns focus to the launcher.
 */
export function ChatApp({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const mode = model.mode.value;
  const open = model.open.value;
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (mode !== "floating" || open === wasOpen.current) return;
    wasOpen.current = open;
    if (open) (input.current?.disabled ? panel.current : input.current)?.focus();
    else if (focusIsWithin(panel.current)) launcher.current?.focus();
  }, [open, mode]);
  return (
    <ModelContext.Provider value={model}>
      <div class={`root ${mode}`} dir={strings.dir} lang={strings.code}>
        {mode === "floating" && <Launcher buttonRef={launcher} />}
        <ChatPanel panelRef={panel} inputRef={input} />
      </div>
    </ModelContext.Provider>
  );
}
