import { useLayoutEffect, useRef } from "preact/hooks";
import type { ChatModel } from "../model/chat-model.ts";
import { statusText, type CallView, type VoiceFlow } from "./call-flow.ts";

/**
 * The phone field of "Call me back", labelled "Phone number": it starts with the site's calling code, and
 * a number that is not E.164 (or not one the site calls) is refused here, with `aria-invalid` and the reason
 * under the field (its description), before anything is sent. Enter asks for the call; Escape or Cancel closes it. Focus goes
 * to the field when it opens and after a refusal.
 */
function CallbackForm({ flow, refusal }: { flow: VoiceFlow; refusal: Extract<CallView, { kind: "form" }>["refusal"] }) {
  // Loaded before the menu offered what shows this.
  const texts = flow.texts.value!;
  const { calling_code: callingCode = "+1", allowed_calling_codes: prefixes } = flow.settings.value;
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => input.current!.focus(), [refusal]);
  return (
    <form
      class="banner call"
      onSubmit={(event) => {
        event.preventDefault();
        flow.requestCallback(input.current!.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        flow.close();
      }}
    >
      <label for="cap-chat-phone">{texts.phoneNumber}</label>
      <input
        ref={input}
        id="cap-chat-phone"
        type="tel"
        autocomplete="tel"
        dir="ltr"
        value={flow.typed.value}
        onInput={(event) => (flow.typed.value = event.currentTarget.value)}
        aria-invalid={refusal ? "true" : undefined}
        aria-describedby="cap-chat-phone-refusal"
      />
      {refusal && (
        <small id="cap-chat-phone-refusal" class="error">
          {texts[refusal].replace("{codes}", prefixes?.join(", ") ?? callingCode)}
        </small>
      )}
      <button class="action">{texts.callMe}</button>
      <button type="button" class="action" onClick={flow.close}>
        {texts.cancel}
      </button>
    </form>
  );
}

/**
 * A call's progress or a reserved number (part `call-status`), with "Dismiss" once nothing is left to wait
 * for. The number is a `tel:` link, written left to right in every language, with its window when the
 * platform gives one. Focus comes here when the control that was used is gone (the phone field, once a
 * call is asked for).
 */
function CallStatus({ flow, view, model }: { flow: VoiceFlow; view: Exclude<CallView, { kind: "form" }>; model: ChatModel }) {
  // Loaded before the menu offered what shows this.
  const texts = flow.texts.value!;
  const strings = model.locale.value;
  const card = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // Focus inside the widget shows as its host, so only focus that fell back to the page body is taken.
    if (document.activeElement === document.body) card.current!.focus();
  }, []);
  const { status } = view;
  return (
    <div ref={card} class="banner" part="call-status" tabIndex={-1}>
      {view.status === "reserved" ? (
        <p>
          {texts.callUsOn}{" "}
          <a class="action" href={`tel:${view.number.replace(/[^+\d]/g, "")}`} dir="ltr">
            {view.number}
          </a>{" "}
          {view.expiresAt &&
            texts.until.replace("{time}", new Date(view.expiresAt).toLocaleTimeString(strings.code, { timeStyle: "short" }))}
        </p>
      ) : (
        <p>{statusText(view, texts)}</p>
      )}
      {!/^(requested|queued|calling|checking)$/.test(status) && (
        <button class="action" onClick={flow.close}>
          {strings.dismiss}
        </button>
      )}
    </div>
  );
}

/** The voice panel between the header and the transcript: nothing, the phone field, or a call's status. */
export function VoicePanel({ flow, model }: { flow: VoiceFlow; model: ChatModel }) {
  const view = flow.view.value;
  // Unmounted with the widget: a call still followed stops being read.
  useLayoutEffect(() => flow.stop, []);
  return !view ? null : view.kind === "form" ? (
    <CallbackForm flow={flow} refusal={view.refusal} />
  ) : (
    <CallStatus flow={flow} view={view} model={model} />
  );
}
