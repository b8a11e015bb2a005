import { useRef, useState } from "preact/hooks";
import type { ChatMessage } from "../../transport/conversation.ts";
import type { FeedbackChoice } from "../feedback/feedback-choices.ts";
import type { ChatModel } from "../model/chat-model.ts";

/** Two sheets of paper, for copying; a thumb up, turned over by the stylesheet for "not helpful". */
const copyPath = "M9 9h11v11H9zM5 15H4V4h11v1";
const thumbPath = "M7 10v10H4V10zM7 10l4-7a2 2 0 0 1 3 2l-1 5h5.5a2 2 0 0 1 2 2.4l-1.3 6A2 2 0 0 1 17.2 20H7";

function ActionIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

/**
 * The controls under a finished message of an agent: Copy (the message's text as its bubble shows it, then
 * "Copied" for two seconds, shown and said in the live region), and, with the `feedback` option and only
 * under the platform agent's messages, the helpful / not helpful toggle buttons. "Not helpful" opens a
 * one-line comment, which goes with the choice once sent (focus then returns to the button). A choice can
 * be changed at any time; its pressed state comes from the choices kept with the conversation, so it
 * survives a reload.
 */
export function MessageActions({ model, message }: { model: ChatModel; message: ChatMessage }) {
  const strings = model.locale.value;
  const [copied, setCopied] = useState(false);
  const [commenting, setCommenting] = useState(false);
  const notHelpful = useRef<HTMLButtonElement>(null);
  const value = model.feedbackChoices.chosen.value[message.id]?.value;
  const choose = (choice: FeedbackChoice) => {
    model.feedbackChoices.choose(message.id, choice);
    setCommenting(choice.value === "down" && !choice.comment);
  };
  const toggle = (choice: FeedbackChoice["value"], label: string) => (
    <button
      ref={choice === "down" ? notHelpful : undefined}
      part={`feedback-${choice}`}
      class={`icon ${choice}`}
      aria-label={label}
      aria-pressed={value === choice}
      onClick={() => choose({ value: choice })}
    >
      <ActionIcon path={thumbPath} />
    </button>
  );

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
      {model.feedback.value && message.role === "agent" && (
        <>
          {toggle("up", strings.helpful)}
          {toggle("down", strings.notHelpful)}
          {commenting && (
            <form
              class="comment"
              onSubmit={(event) => {
                event.preventDefault();
                const comment = (event.currentTarget.elements[0] as HTMLInputElement).value.trim();
                if (comment) choose({ value: "down", comment });
                setCommenting(false);
                model.announce(strings.feedbackThanks);
                notHelpful.current?.focus();
              }}
            >
              <input aria-label={strings.feedbackComment} placeholder={strings.feedbackComment} maxLength={500} />
              <button class="action">{strings.sendFeedback}</button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
