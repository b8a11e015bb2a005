import type { ChatClient } from "../../transport/chat-client-types.ts";
import { callCompanion } from "../companion/companion-calls.ts";
import { conversationIdentity } from "../companion/conversation-identity.ts";
import type { FeedbackDetail, WidgetOptions } from "../widget-types.ts";

/**
 * Hands a choice to the site's companion, when `settings` name one (`companionUrl`): one `POST
 * {companionUrl}/feedback` of `{message_id, value, comment?}` with the conversation's `session_id` or
 * `conversation_id` and the page's `context`, as its feedback route takes them. It is sent once and never
 * again, whatever comes back: a request that went unanswered may have reached the site's hook. A refusal
 * or no answer is only said on the console, since the visitor's choice stands anyway.
 */
export function deliverFeedback(settings: WidgetOptions, client: ChatClient, detail: FeedbackDetail): void {
  const companion = settings.companionUrl?.replace(/\/+$/, "");
  if (!companion) return;
  void callCompanion(`${companion}/feedback`, {
    message_id: detail.messageId,
    value: detail.value,
    comment: detail.comment,
    context: settings.context,
    ...conversationIdentity(client),
  }).then(({ status, body }) => {
    if (status !== 204) console.warn("cap-chat: feedback not delivered:", body?.error_code ?? status);
  });
}
