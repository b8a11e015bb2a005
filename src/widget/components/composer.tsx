import type { RefObject } from "preact";
import { useState } from "preact/hooks";
import type { ConnectionState } from "../../transport/conversation.ts";
import { SendIcon } from "./icons.tsx";
import { useModel } from "./model-context.ts";

/** Whether a message can be written now; offline and reconnecting count, the outbox queues those. */
export function canSend(connection: ConnectionState, ended: boolean): boolean {
  return !ended && connection.status !== "idle" && connection.status !== "failed" && connection.status !== "ended";
}

/**
 * The message form: Enter sends, Shift+Enter starts a new line, Enter while an input method is composing
 * does nothing; each keystroke tells the client the user is typing; the field grows with its text.
 */
export function Composer({ inputRef: field }: { inputRef: RefObject<HTMLTextAreaElement> }) {
  const model = useModel();
  const strings = model.locale.value;
  const [text, setText] = useState("");
  const enabled = canSend(model.connection.value, Boolean(model.ended.value));

  // CSSOM writes are allowed under a strict style CSP, unlike style attributes in markup.
  const grow = () => {
    const element = field.current;
    if (!element) return;
    element.style.height = "auto";
    if (element.scrollHeight) element.style.height = `${element.scrollHeight}px`;
  };
  const submit = () => {
    const message = text.trim();
    if (!message || !enabled) return;
    model.client.send(message);
    setText("");
    if (field.current) field.current.value = "";
    grow();
  };

  return (
    <form
      part="composer"
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={field}
        part="input"
        rows={1}
        aria-label={strings.message}
        placeholder={strings.placeholder}
        value={text}
        disabled={!enabled}
        onInput={(event) => {
          setText(event.currentTarget.value);
          grow();
          model.client.typing();
        }}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
          event.preventDefault();
          submit();
        }}
      />
      <button type="submit" part="send" class="send" aria-label={strings.send} disabled={!enabled}>
        <SendIcon />
      </button>
    </form>
  );
}
