import type { RefObject } from "preact";
import { keepTabInside } from "../focus-cycle.ts";
import type { ChatModel } from "../model/chat-model.ts";
import { sheetMedia } from "../styles.ts";
import { Composer } from "./composer.tsx";
import { ConnectionBanner } from "./connection-banner.tsx";
import { PanelHeader } from "./panel-header.tsx";
import { Transcript } from "./transcript.tsx";

/**
 * The chat panel: a dialog in floating mode (Escape closes it), a labelled region inline or full screen.
 * While it covers the whole page (full-screen mode, or the floating panel as a small-screen sheet), Tab and
 * Shift+Tab cycle inside it, since the page behind cannot be seen. Holds the polite live region that
 * announces finished messages only.
 */
export function ChatPanel({
  model,
  panelRef,
  inputRef,
}: {
  model: ChatModel;
  panelRef: RefObject<HTMLElement>;
  inputRef: RefObject<HTMLTextAreaElement>;
}) {
  const floating = model.mode.value === "floating";
  const Offer = model.offer.value;
  return (
    <section
      ref={panelRef}
      part="panel"
      class="panel"
      role={floating ? "dialog" : "region"}
      aria-label={model.title.value ?? model.locale.value.title}
      hidden={floating && !model.open.value}
      aria-hidden={(floating && !model.open.value) || undefined}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (floating && event.key === "Escape") {
          event.stopPropagation();
          model.setOpen(false);
        }
        const fullScreen = model.mode.value === "fullscreen" || (floating && globalThis.matchMedia?.(sheetMedia).matches);
        if (fullScreen) keepTabInside(event.currentTarget, event);
      }}
    >
      <PanelHeader model={model} />
      <ConnectionBanner model={model} />
      {model.panelAddition.value}
      {Offer && <Offer model={model} />}
      <Transcript model={model} />
      <Composer model={model} inputRef={inputRef} />
      <div class="hidden" aria-live="polite">
        {model.announcement.value}
      </div>
    </section>
  );
}
