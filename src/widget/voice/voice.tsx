/**
 * The voice ways out, a file of their own that the widget loads only when `voice` is set: "Call me back"
 * (Outbound Calling) and "Call us" (DNI) in the panel's menu, through the site's companion.
 */
import { effect, signal, type Signal } from "@preact/signals";
import { h } from "preact";
import type { ChatModel, WidgetEmitter } from "../model/chat-model.ts";
import { adoptStyleSheets, constructStyleSheet } from "../styles/style-sheet.ts";
import type { WidgetOptions } from "../widget-types.ts";
import { createVoiceFlow } from "./call-flow.ts";
import { VoicePanel } from "./voice-panel.tsx";
import { loadVoiceTexts } from "./voice-texts.ts";
import { voiceStyles } from "./voice-styles.ts";

/** A handset, for "Call me back" and "Call us". */
const phoneIcon = "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z";

let sheet: CSSStyleSheet | null | undefined;
const offered = new WeakMap<ChatModel, Signal<WidgetOptions>>();

/**
 * Offers the ways `options.voice` names (`callback`, `dni`) in the model's menu, with their panel, in the
 * widget's language (loading that language's texts), firing `cap-chat:call` through `emit`; called again with new options, it offers what they
 * name instead, none once `voice` is empty. Needs `companionUrl`: without it nothing is offered and the
 * console says why.
 */
export function offerVoice(model: ChatModel, options: WidgetOptions, root: ShadowRoot, emit: WidgetEmitter): void {
  if (options.voice && !options.companionUrl) console.warn("cap-chat: voice needs companionUrl");
  const current = offered.get(model);
  if (current) {
    current.value = options;
    return;
  }
  adoptStyleSheets(root, [(sheet ??= constructStyleSheet(voiceStyles))]);
  const settings = signal(options);
  offered.set(model, settings);
  const flow = createVoiceFlow(model, emit);
  model.panelAddition.value = h(VoicePanel, { flow, model });
  effect(() => {
    const code = model.locale.value.code;
    loadVoiceTexts(code).then((texts) => {
      if (model.locale.peek().code === code) flow.texts.value = texts;
    });
  });
  effect(() => {
    const { voice = "", companionUrl = "" } = settings.value;
    const texts = flow.texts.value;
    flow.companionUrl = companionUrl.replace(/\/+$/, "");
    if (!texts) return;
    const items = (
      [
        ["callback", "call-back", texts.callBack, flow.openForm],
        ["dni", "call-us", texts.callUs, flow.reserveNumber],
      ] as const
    )
      .filter(([way]) => companionUrl && voice.split(/\s+/).includes(way))
      .map(([, part, label, select]) => (
        <button part={part} class="menu-item" role="menuitem" tabIndex={-1} onClick={select}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d={phoneIcon} />
          </svg>
          {label}
        </button>
      ));
    model.menuAdditions.value = items[0] ? items : null;
  });
}
