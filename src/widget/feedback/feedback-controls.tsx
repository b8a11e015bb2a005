import type { FunctionComponent } from "preact";
import { useRef, useState } from "preact/hooks";
import type { ChatMessage } from "../../transport/conversation.ts";
import { ActionIcon } from "../components/messages/message-actions.tsx";
import type { ChatModel } from "../model/chat-model.ts";
import type { SessionRecord } from "../memory/session-record.ts";
import { adoptStyleSheets, constructStyleSheet } from "../styles/style-sheet.ts";
import type { FeedbackDetail } from "../widget-types.ts";
import { createFeedbackChoices, type FeedbackChoice } from "./feedback-choices.ts";

// Handing a choice to the site's companion comes with the controls, which only a widget with `feedback` loads.
export { deliverFeedback } from "./feedback-delivery.ts";

/** What renders the feedback under one answer of the platform's agent. */
export type FeedbackControls = FunctionComponent<{ model: ChatModel; message: ChatMessage }>;

/** A thumb up, turned over by the stylesheet for "not helpful". */
const thumbPath = "M7 10v10H4V10zM7 10l4-7a2 2 0 0 1 3 2l-1 5h5.5a2 2 0 0 1 2 2.4l-1.3 6A2 2 0 0 1 17.2 20H7";

/**
 * The feedback's rules, over those of the controls under a message: "not helpful" turns the thumb over, a
 * pressed toggle fills its icon in the link colour, and the comment takes a line of its own.
 */
const feedbackStyles = `.down svg{rotate:.5turn}
[aria-pressed=true]{color:var(--cap-chat-link)}
[aria-pressed=true] path{fill:currentColor}
.comment{display:flex;flex-basis:100%;gap:6px;min-width:0}
.comment input{flex:1;min-width:0;padding:5px 12px;border:1px solid var(--cap-chat-border);border-radius:21px;font:inherit;font-size:16px;color:inherit;background:none}`;

/** One sheet for every widget of the page. */
let sheet: CSSStyleSheet | null | undefined;

/**
 * The feedback of one widget, a file of its own that only a widget with the `feedback` option loads: its
 * rules, adopted into the widget's `root`, the choices kept in `record` (see `createFeedbackChoices`), each
 * new one given to `fire`, and the controls that make them. Under an answer they are the helpful / not helpful toggle buttons, whose pressed state
 * comes from the kept choices, so it survives a reload. "Not helpful" opens a one-line comment, which goes
 * with the choice once sent (focus then returns to the button). A choice can be changed at any time.
 */
export function createFeedbackControls(root: ShadowRoot, record: SessionRecord, fire: (detail: FeedbackDetail) => void): FeedbackControls {
  adoptStyleSheets(root, [(sheet ??= constructStyleSheet(feedbackStyles))]);
  const choices = createFeedbackChoices(record, fire);
  return function Feedback({ model, message }) {
    const strings = model.locale.value;
    const [commenting, setCommenting] = useState(false);
    const notHelpful = useRef<HTMLButtonElement>(null);
    const value = choices.chosen.value[message.id]?.value;
    const choose = (choice: FeedbackChoice) => {
      choices.choose(message.id, choice);
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
    );
  };
}
