import { signal, type Signal } from "@preact/signals";
import type { ChatModel, WidgetEmitter } from "../model/chat-model.ts";
import type { CallEvent } from "../widget-types.ts";
import { followCall, type CallUpdate } from "./call-polling.ts";
import { callCompanion } from "../companion/companion-calls.ts";
import { conversationIdentity } from "../companion/conversation-identity.ts";
import { checkPhoneNumber } from "./phone-number.ts";
import type { VoiceTexts } from "./voice-texts.ts";

/** A refusal the phone field explains: a text of {@link VoiceTexts}. */
export type Refusal = "invalidNumber" | "countryRefused" | "tooMany" | "requestFailed";

/** The companion's refusals of a number, by error code, as the phone field explains them. */
const companionRefusals: Record<string, Refusal> = { INVALID_PHONE_NUMBER: "invalidNumber", COUNTRY_NOT_ALLOWED: "countryRefused" };

/** What the voice panel shows: the phone field, a callback's progress, or a reservation. */
export type CallView =
  | { kind: "form"; refusal?: Refusal }
  | (CallEvent & { kind: "dni" })
  | { kind: "callback"; status: "requested" | CallUpdate["status"]; reason?: string };

/** The voice panel's state and what the visitor can do with it. */
export interface VoiceFlow {
  readonly view: Signal<CallView | null>;
  /** The texts in the widget's language; null until their file has loaded, and nothing is offered before. */
  readonly texts: Signal<VoiceTexts | null>;
  /** The site's calling code and the prefixes it calls, as its companion answers them. */
  readonly settings: Signal<{ calling_code?: string; allowed_calling_codes?: string[] }>;
  /** What the visitor typed in the phone field, kept while a request is refused and the field shown again. */
  readonly typed: Signal<string>;
  /** The companion's base URL, without a trailing slash. */
  companionUrl: string;
  openForm(): void;
  requestCallback(typed: string): void;
  reserveNumber(): void;
  /** Hides the panel and stops following a call; focus goes back to the message input. */
  close(): void;
  /** Stops following a call, as when the widget goes away. */
  stop(): void;
}

/**
 * The voice ways out of one widget: "Call me back" through `{companionUrl}/callback` and "Call us" through
 * `{companionUrl}/dni`, each carrying the conversation (its session id, or Chat API conversation id). A
 * number is checked before anything is sent; a request is never repeated behind the visitor's back; a
 * reservation still in its window is shown again rather than holding a second number. Each step of a call
 * fires `cap-chat:call` once and is announced in the panel's live region.
 */
export function createVoiceFlow(model: ChatModel, emitEvent: WidgetEmitter): VoiceFlow {
  const view = signal<CallView | null>(null);
  const texts = signal<VoiceTexts | null>(null);
  const settings: VoiceFlow["settings"] = signal({});
  const typed = signal("");
  let stopFollowing = () => {};
  let reservation: (CallView & { kind: "dni" }) | undefined;
  let settingsAsked: unknown;
  const emitted: Record<string, string> = {};

  /** Fires `cap-chat:call` for a step (a view of a call, whose fields are the event's), once per change of its kind's status. */
  const emit = (step: CallEvent) => {
    if (emitted[step.kind] === step.status) return;
    emitted[step.kind] = step.status;
    emitEvent("cap-chat:call", { ...step });
  };
  const show = (next: CallView | null) => {
    view.value = next;
    if (!next || next.kind === "form" || next.status === "checking") return;
    model.announce(statusText(next, texts.value!));
    emit(next as CallEvent);
  };
  /** The conversation the call is about: its session id, or its Chat API conversation id. */
  const conversation = () => conversationIdentity(model.client);

  const flow: VoiceFlow = {
    view,
    texts,
    settings,
    typed,
    companionUrl: "",
    openForm() {
      show({ kind: "form" });
      settingsAsked ||= callCompanion(`${flow.companionUrl}/callback`).then(({ body }) => {
        if (!body?.calling_code) return;
        settings.value = body;
        typed.value ||= `${body.calling_code} `;
      });
    },
    async requestCallback(text) {
      typed.value = text;
      const checked = checkPhoneNumber(text, settings.peek().allowed_calling_codes);
      if (checked.refusal) return show({ kind: "form", refusal: checked.refusal });
      emitted.callback = "";
      show({ kind: "callback", status: "requested" });
      const { status, body } = await callCompanion(`${flow.companionUrl}/callback`, { phone: checked.number, ...conversation() });
      if (body?.handle) {
        show({ kind: "callback", status: body.status === "calling" ? "calling" : "queued" });
        stopFollowing = followCall(`${flow.companionUrl}/callback/${encodeURIComponent(body.handle)}`, (update) =>
          show({ kind: "callback", ...update }),
        );
        return;
      }
      // Refused, or unanswered (then it may have gone through, so it is not asked again): the field explains.
      const code = body?.error_code ?? `HTTP_${status}`;
      emit({ kind: "callback", status: "failure", reason: code });
      show({ kind: "form", refusal: companionRefusals[code] ?? (status === 429 ? "tooMany" : "requestFailed") });
    },
    async reserveNumber() {
      if (reservation?.status === "reserved" && Date.parse(reservation.expiresAt ?? "") > Date.now()) return show(reservation);
      emitted.dni = "";
      show({ kind: "dni", status: "requested" });
      const { body } = await callCompanion(`${flow.companionUrl}/dni`, conversation());
      show(
        (reservation = body?.dni
          ? { kind: "dni", status: "reserved", number: body.dni, ...(body.expires_at && { expiresAt: body.expires_at }) }
          : { kind: "dni", status: "failure", reason: body?.error_code ?? "" }),
      );
    },
    close() {
      stopFollowing();
      show(null);
      model.focusInput();
    },
    stop: () => stopFollowing(),
  };
  return flow;
}

/** What a call's step says, in the panel and to a screen reader. */
export function statusText(view: Exclude<CallView, { kind: "form" }>, texts: VoiceTexts): string {
  if (view.kind === "dni")
    return view.status === "requested"
      ? texts.reserving
      : view.status === "failure"
        ? texts.reserveFailed
        : `${texts.callUsOn} ${view.number}.`;
  return view.status === "failure" && view.reason ? `${texts.failure} ${view.reason}` : texts[view.status];
}
