import { useLayoutEffect, useRef } from "preact/hooks";
import type { ChatModel } from "../model/chat-model.ts";

/**
 * Asks, under the header, whether to end the conversation, which cannot be undone: "End conversation" ends
 * it; "Cancel", or Escape, leaves it as it was and moves focus to the input. It takes focus when it opens.
 */
export function EndConfirmation({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const confirm = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => confirm.current!.focus(), []);
  const cancel = () => {
    model.endAsked.value = false;
    model.focusInput();
  };
  return (
    <div
      class="banner"
      role="alertdialog"
      aria-label={strings.endQuestion}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Escape here cancels the question, and leaves the panel open.
        event.stopPropagation();
        cancel();
      }}
    >
      <p>{strings.endQuestion}</p>
      <button
        ref={confirm}
        class="action"
        onClick={() => {
          model.endAsked.value = false;
          model.client.end();
        }}
      >
        {strings.endConversation}
      </button>
      <button class="action" onClick={cancel}>
        {strings.cancel}
      </button>
    </div>
  );
}
