import type { RefObject } from "preact";
import { markdownPlainText } from "../markdown/index.ts";
import type { ChatModel } from "../model/chat-model.ts";
import { Avatar } from "./avatar.tsx";
import { Icon } from "./icons.tsx";

/**
 * While the floating panel is closed, the newest agent message beside the launcher, as the best messengers
 * show it: its author and the start of its text, which open the panel, and a button that dismisses it (and
 * returns focus to the launcher). A newer message shows again; the page title is never touched.
 */
export function LauncherPreview({ model, launcherRef }: { model: ChatModel; launcherRef: RefObject<HTMLButtonElement> }) {
  const message = model.preview.value;
  if (!message || model.open.value) return null;
  const strings = model.locale.value;
  const author = message.author ?? model.identity.value;
  return (
    <div part="preview" class="preview">
      <button class="preview-body" onClick={() => model.setOpen(true)}>
        <Avatar participant={author} />
        <span>
          <strong>{author.name}</strong>
          <span class="excerpt" dir="auto">
            {markdownPlainText(message.text)}
          </span>
        </span>
      </button>
      <button
        class="icon"
        aria-label={strings.dismiss}
        title={strings.dismiss}
        onClick={() => {
          model.preview.value = null;
          launcherRef.current?.focus();
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
