import type { RefObject } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { noticeText } from "../../locales/notice-text.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { Icon } from "../icons/icons.tsx";

/**
 * The message form: Enter sends, Shift+Enter starts a new line, Enter while an input method is composing
 * does nothing; each keystroke tells the client the user is typing; the field grows with its text. Send is
 * disabled while the field holds nothing but whitespace, and both are closed while the conversation takes
 * no messages. A message the client refuses before sending (too large for the platform) stays in the field,
 * with the reason said under it in the page's language, until the text changes. A focus request from the
 * model moves focus to the input as soon as it is open.
 */
export function Composer({ model, inputRef }: { model: ChatModel; inputRef: RefObject<HTMLTextAreaElement> }) {
  const strings = model.locale.value;
  const active = model.active.value;
  const focusRequest = model.inputFocusRequests.value;
  const handledFocusRequest = useRef(focusRequest);
  const [blank, setBlank] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (focusRequest === handledFocusRequest.current || !active) return;
    handledFocusRequest.current = focusRequest;
    inputRef.current!.focus();
  }, [focusRequest, active]);

  const draft = model.draft.value;
  // A draft written in another tab of the conversation (or kept from before a reload) shows here.
  useLayoutEffect(() => {
    const field = inputRef.current!;
    if (field.value === draft) return;
    field.value = draft;
    grow();
  }, [draft]);

  // CSSOM writes are allowed under a strict style CSP, unlike style attributes in markup.
  const grow = () => {
    const field = inputRef.current!;
    field.style.height = "auto";
    if (field.scrollHeight) field.style.height = `${field.scrollHeight}px`;
    setBlank(!field.value.trim());
    setRefusal(null);
  };
  const submit = () => {
    const field = inputRef.current!;
    const message = field.value.trim();
    if (!message || !model.active.value) return;
    const result = model.client.send(message);
    if (!result.accepted) {
      // The text is the visitor's: it stays for them to shorten, and nothing enters the transcript.
      if (result.code === "message-too-large") {
        setRefusal(noticeText({ id: "", level: "error", text: "", time: 0, ...result }, model.locale.value));
      }
      return;
    }
    field.value = model.draft.value = "";
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
        ref={inputRef}
        part="input"
        rows={1}
        aria-label={strings.message}
        placeholder={strings.placeholder}
        disabled={!active}
        aria-invalid={refusal ? "true" : undefined}
        aria-describedby={refusal ? "composer-refusal" : undefined}
        onInput={() => {
          model.draft.value = inputRef.current!.value;
          grow();
          model.client.typing();
        }}
        onKeyDown={(event) => {
          if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
          event.preventDefault();
          submit();
        }}
      />
      <button type="submit" part="send" class="send" aria-label={strings.send} disabled={!active || blank}>
        <Icon name="send" />
      </button>
      {refusal && (
        <p id="composer-refusal" class="refusal" role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}
