import { useState } from "preact/hooks";
import type { ChatMessage } from "../../../transport/conversation.ts";
import type { ChatModel } from "../../model/chat-model.ts";

/** Two sheets of paper, for copying. */
const copyPath = "M9 9h11v11H9zM5 15H4V4h11v1";

/** An action's 24-unit icon, hidden from assistive technology: its button has the name. */
export function ActionIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

/**
 * The controls under a finished message of an agent: Copy (the message's text as its bubble shows it, then
 * "Copied" for two seconds, shown and said in the live region), and, with the `feedback` option and only
 * under the platform agent's messages, the feedback controls once their file has loaded (see
 * `createFeedbackControls`).
 */
export function MessageActions({ model, message }: { model: ChatModel; message: ChatMessage }) {
  const strings = model.locale.value;
  const [copied, setCopied] = useState(false);
  const Feedback = model.feedback.value && message.role === "agent" && model.feedbackControls.value;

  return (
    <div class="actions">
      <button
        part="copy"
        class="icon"
        aria-label={strings.copy}
        onClick={(event) => {
          const bubble = event.currentTarget.closest(".message")?.querySelector<HTMLElement>(".bubble");
          // Nothing is claimed when the page may not write the clipboard.
          void navigator.clipboard?.writeText(bubble?.innerText ?? "").then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2000);
              model.announce(strings.copied);
            },
            () => {},
          );
        }}
      >
        <ActionIcon path={copyPath} />
      </button>
      {copied && <span aria-hidden="true">{strings.copied}</span>}
      {Feedback && <Feedback model={model} message={message} />}
    </div>
  );
}
