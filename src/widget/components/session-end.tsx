import { useEffect, useRef } from "preact/hooks";
import type { SessionEnd as SessionEndInfo } from "../../transport/conversation.ts";
import type { LocaleStrings } from "../locales/index.ts";
import { useModel } from "./model-context.ts";

function reasonText(end: SessionEndInfo, strings: LocaleStrings): string {
  const reasons = strings.endReasons;
  return Object.hasOwn(reasons, end.reason) ? reasons[end.reason as keyof typeof reasons] : reasons.other;
}

/** Why the conversation ended, and the way to start a new one. */
export function SessionEnd({ end }: { end: SessionEndInfo }) {
  const model = useModel();
  const strings = model.locale.value;
  const button = useRef<HTMLButtonElement>(null);
  // The control that ended the conversation is gone now; without this, focus would fall to the page.
  useEffect(() => {
    const root = button.current?.getRootNode() as Document | ShadowRoot | undefined;
    const pageFocus = document.activeElement;
    if (root && (root === document || !root.activeElement) && (!pageFocus || pageFocus === document.body)) button.current?.focus();
  }, []);
  return (
    <div class="end" role="status">
      <p>{reasonText(end, strings)}</p>
      <button ref={button} type="button" class="action" onClick={() => model.client.newConversation()}>
        {strings.newConversation}
      </button>
    </div>
  );
}
