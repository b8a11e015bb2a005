import { useLayoutEffect, useRef } from "preact/hooks";
import type { ChatModel } from "../model/chat-model.ts";
import { isTouchScreen } from "../touch-screen.ts";
import { ChatPanel } from "./chat-panel.tsx";
import { Launcher } from "./launcher.tsx";
import { LauncherPreview } from "./launcher-preview.tsx";

/**
 * The whole widget. The root carries `dir` and `lang` of the locale, so logical properties mirror the
 * layout for right-to-left languages. Opening the floating panel moves focus to the input, or to the panel
 * while the input is closed or on a touch screen (where focusing the input would pop up the keyboard);
 * closing it while focus is inside returns focus to the launcher. While closed, the newest agent message
 * may show beside the launcher. Buttons carry
 * no `type`: only the composer's sits in a form, and no form outside the shadow tree can own them.
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
    const panelElement = panel.current!;
    const root = panelElement.getRootNode() as ShadowRoot;
    if (open) (input.current!.disabled || isTouchScreen() ? panelElement : input.current!).focus();
    else if (panelElement.contains(root.activeElement)) launcher.current!.focus();
  }, [open, mode]);
  return (
    <div class={`root ${mode}`} dir={strings.dir} lang={strings.code}>
      {mode === "floating" && <Launcher model={model} buttonRef={launcher} />}
      {mode === "floating" && <LauncherPreview model={model} launcherRef={launcher} />}
      <ChatPanel model={model} panelRef={panel} inputRef={input} />
      {/* The site's prompt appears away from focus: it is read out as it shows. */}
      {mode === "floating" && (
        <p class="hidden" aria-live="polite">
          {model.prompt.value}
        </p>
      )}
    </div>
  );
}
