import type { RefObject } from "preact";
import type { ChatModel } from "../../model/chat-model.ts";
import { Composer } from "./composer.tsx";
import { ConnectionBanner } from "../notices/connection-banner.tsx";
import { endingFile } from "../../ending/ending-file.ts";
import { PanelHeader } from "./panel-header.tsx";
import { Transcript } from "../transcript/transcript.tsx";

/**
 * The chat panel: a dialog in floating mode (Escape closes it), a labelled region inline or full screen.
 * Holds the polite live region that announces finished messages only, each in an element of its own.
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
  const Confirmation = model.endAsked.value && model.active.value && endingFile()?.EndConfirmation;
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
      }}
    >
      <PanelHeader model={model} />
      {Confirmation && <Confirmation model={model} />}
      <ConnectionBanner model={model} />
      {model.panelAddition.value}
      {Offer && <Offer model={model} />}
      <Transcript model={model} />
      <Composer model={model} inputRef={inputRef} />
      <div class="hidden" aria-live="polite">
        <p key={model.announcement.value.id}>{model.announcement.value.text}</p>
      </div>
    </section>
  );
}
