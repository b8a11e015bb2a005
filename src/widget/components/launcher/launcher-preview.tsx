import type { RefObject } from "preact";
import { adoptExtrasStyles } from "../../extras/extras-styles.ts";
import { markdownPlainText } from "../../markdown/index.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { Avatar } from "../icons/avatar.tsx";
import { Icon } from "../icons/icons.tsx";

/**
 * While the floating panel is closed, a bubble beside the launcher, as the best messengers show one: the
 * newest agent message (its author and the start of its text), else the site's own line from the `prompt`
 * command (part `prompt`). Clicking it opens the panel; its button dismisses it and returns focus to the
 * launcher. A newer message or prompt shows again; the page title is left to `watchAttention`.
 */
export function LauncherPreview({ model, launcherRef }: { model: ChatModel; launcherRef: RefObject<HTMLButtonElement> }) {
  const message = model.preview.value;
  const prompt = model.prompt.value;
  if ((!message && !prompt) || model.open.value) return null;
  const strings = model.locale.value;
  const author = message && (message.author ?? model.identity.value);
  const dismiss = author ? strings.dismissPreview : strings.dismiss;
  return (
    <div ref={adoptExtrasStyles} part={author ? "preview" : "prompt"} class="preview">
      <button class="preview-body" onClick={() => model.setOpen(true)}>
        {author && <Avatar participant={author} />}
        <span>
          {author && <strong>{author.name}</strong>}
          <span class="excerpt" dir="auto">
            {author ? markdownPlainText(message.text) : prompt}
          </span>
        </span>
      </button>
      <button
        class="icon"
        aria-label={dismiss}
        title={dismiss}
        onClick={() => {
          if (author) model.preview.value = null;
          else model.prompt.value = null;
          launcherRef.current?.focus();
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
