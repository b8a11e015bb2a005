import { useState } from "preact/hooks";
import { notificationAnswerKey, recall, remember } from "./local-memory.ts";
import type { ChatModel } from "../model/chat-model.ts";

/** Phases in which a person is on the way or with the visitor: when a reply is worth a notification. */
const personPhases: readonly string[] = ["triggered", "accepted", "queued", "live-agent"];

/**
 * With `notify: "system"`, while a person is on the way or with the visitor, a line offering a browser
 * notification when they reply. The browser's permission is asked only when the visitor accepts it; the
 * answer, yes or no, is kept in the browser, so the offer never comes again. Nothing shows where the
 * browser has no notifications or has refused them. It comes with the alerts, in the file only pages with
 * `notify: "system"` load.
 */
export function NotifyOffer({ model }: { model: ChatModel }) {
  const [answer, setAnswer] = useState(() => recall(notificationAnswerKey));
  if (
    answer ||
    model.notify.value !== "system" ||
    typeof Notification !== "function" ||
    Notification.permission === "denied" ||
    !personPhases.includes(model.handoff.value.phase)
  )
    return null;
  const strings = model.locale.value;
  const keep = (value: "on" | "off") => {
    remember(notificationAnswerKey, value);
    setAnswer(value);
    // The line goes with its buttons: reading the reply leads to the input.
    model.focusInput();
  };
  return (
    <div class="banner" role="group" aria-label={strings.notifyOffer}>
      <p>{strings.notifyOffer}</p>
      <button
        class="action"
        onClick={() =>
          void Notification.requestPermission().then(
            (permission) => keep(permission === "granted" ? "on" : "off"),
            () => keep("off"),
          )
        }
      >
        {strings.notifyAccept}
      </button>
      <button class="action" onClick={() => keep("off")}>
        {strings.notifyDecline}
      </button>
    </div>
  );
}
