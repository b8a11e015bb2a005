import { useLayoutEffect, useRef } from "preact/hooks";
import { extrasFile } from "../extras/extras-file.ts";
import type { ChatModel } from "../model/chat-model.ts";
import { keepTabInside } from "../page/focus-cycle.ts";
import { sheetMedia } from "../styles/widget-styles.ts";
import { isTouchScreen } from "../page/touch-screen.ts";
import { ChatPanel } from "./panel/chat-panel.tsx";
import { Launcher } from "./launcher/launcher.tsx";

/**
 * The whole widget. The root carries `dir` and `lang` of the locale, so logical properties mirror the
 * layout for right-to-left languages, and the class `left` for `position: "left"`: the floating parts keep
 * the side the site chose in every language. Opening the floating panel moves focus to the input, or to the panel
 * while the input is closed or on a touch screen (where focusing the input would pop up the keyboard), as
 * does mounting open while focus is on the launcher (the script tag's, which opened its frame);
 * closing it while focus is inside returns focus to the launcher. While it is open, Tab and Shift+Tab run
 * launcher, header, transcript, composer and round again, never through the page (only through the panel
 * where it covers the page). While closed, the newest agent message
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
  // Null until the first layout: mounted open, the panel takes focus only from the loader's launcher, whose
  // click opened the frame the widget took over.
  const wasOpen = useRef<boolean | null>(null);
  // The preview beside a closed launcher comes with the extras' file, asked for once there is one to show.
  const Preview = mode === "floating" && !open && (model.preview.value || model.prompt.value) && extrasFile()?.LauncherPreview;
  useLayoutEffect(() => {
    const panelElement = panel.current!;
    const root = panelElement.getRootNode() as ShadowRoot;
    const opening = open && (wasOpen.current === null ? root.activeElement !== null : !wasOpen.current);
    const mounting = wasOpen.current === null;
    wasOpen.current = open;
    if (mode !== "floating") return;
    if (opening) {
      (input.current!.disabled || isTouchScreen() ? panelElement : input.current!).focus();
      // The input takes text once the client has started, which mounting open has only just asked.
      if (mounting && !isTouchScreen()) model.focusInput();
    } else if (!open && !mounting && panelElement.contains(root.activeElement)) launcher.current!.focus();
  }, [open, mode]);
  return (
    <div
      class={`root ${mode}${model.position.value === "left" ? " left" : ""}`}
      dir={strings.dir}
      lang={strings.code}
      onKeyDown={(event) => {
        // Over the whole page (full screen, or the small-screen sheet) Tab cycles in the panel; the open floating
        // panel's cycle takes its launcher in, so focus never wanders off through the page.
        const covers = mode === "fullscreen" || (mode === "floating" && globalThis.matchMedia?.(sheetMedia).matches);
        if (covers || (mode === "floating" && open)) keepTabInside(covers ? panel.current! : event.currentTarget, event);
      }}
    >
      {mode === "floating" && <Launcher model={model} buttonRef={launcher} />}
      {Preview && <Preview model={model} launcherRef={launcher} />}
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
