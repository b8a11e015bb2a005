import type { SessionEnd as SessionEndInfo } from "../../../transport/conversation.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { endingFile } from "../../ending/ending-file.ts";
import { Banner } from "./banner.tsx";

/**
 * Why the conversation ended (or that it cannot continue here, as a conversation that ends after the site
 * was asked to route the visitor: one sentence, not two that disagree), the way to start a new one, and the
 * conversation to keep, as a text file made in the page (a button that comes with the end's file). The control that ended the conversation is gone by
 * now, so focus that fell to the page moves to "Start a new conversation". That button goes with the ended
 * conversation, so using it moves focus to the input once the new one takes messages.
 */
export function SessionEnd({ model, end }: { model: ChatModel; end: SessionEndInfo }) {
  const strings = model.locale.value;
  const reasons = strings.endReasons;
  const Download = model.messages.value.length > 0 && endingFile()?.DownloadConversation;
  return (
    <Banner
      kind="end"
      role="status"
      text={
        model.handoff.value.phase === "client-handoff-required"
          ? strings.handoff.over
          : Object.hasOwn(reasons, end.reason)
            ? reasons[end.reason as keyof typeof reasons]
            : strings.status.ended
      }
      action={[
        strings.newConversation,
        () => {
          model.client.newConversation();
          model.focusInput();
        },
      ]}
      takeFocus
    >
      {Download && <Download model={model} />}
    </Banner>
  );
}
