import type { SessionEnd as SessionEndInfo } from "../../transport/conversation.ts";
import type { ChatModel } from "../model/chat-model.ts";
import { Banner } from "./banner.tsx";

/**
 * Why the conversation ended (or that it was handed over, as a conversation that ends after the site was
 * asked to route the visitor is: one sentence, not two that disagree), and the way to start a new one. The control that ended the conversation is
 * gone by now, so focus that fell to the page moves to "Start a new conversation". That button goes with
 * the ended conversation, so using it moves focus to the input once the new one takes messages.
 */
export function SessionEnd({ model, end }: { model: ChatModel; end: SessionEndInfo }) {
  const strings = model.locale.value;
  const reasons = strings.endReasons;
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
    />
  );
}
