import type { ChatHandoff } from "../../../src/protocol/index.ts";
import { SystemMessageText } from "../../../src/protocol/index.ts";
import type { AgentAssets, AgentLanguage, AgentMessage } from "./agent-message.ts";
import {
  bookingOffer,
  fallback,
  farewell,
  imageReply,
  languageSwitched,
  linkReply,
  longReply,
  markdownShowcase,
  tableReply,
  textOnlyGreeting,
} from "./replies.ts";
import { intentOf } from "./trigger-phrases.ts";

/** One Chat API turn of the demo agent. */
export interface ChatTurn {
  response: string;
  endConversation: boolean;
  handoff?: ChatHandoff;
  language: AgentLanguage;
}

/** Flattens a message for the text-only Chat API: attachments become Markdown links or images. */
function asText(message: AgentMessage): string {
  const attachments = message.attachments.map((attachment) =>
    attachment.content_type === "ATTACHMENT_CONTENT_TYPE_IMAGE"
      ? `![${attachment.title}](${attachment.content_url})`
      : `[${attachment.call_to_action_text || attachment.title}](${attachment.content_url})`,
  );
  return [message.text, ...attachments].join("\n\n");
}

/** The greeting that `chat/create` returns: the Chat API carries no suggestions, so it promises none. */
export function chatGreeting(): string {
  return asText(textOnlyGreeting());
}

/**
 * The demo agent's answer to one Chat API message, with the same triggers as the Messaging agent
 * (`TRIGGER_PHRASES`). Handoff triggers end the conversation with a `handoff`; goodbye ends it; a booking
 * takes an event id from `issueEventId`.
 */
export function chatTurn(text: string, language: AgentLanguage, assets: AgentAssets, issueEventId: () => string): ChatTurn {
  const reply = (message: AgentMessage, endConversation = false): ChatTurn => ({
    response: asText(message),
    endConversation,
    language,
  });
  switch (intentOf(text)) {
    case "table":
      return reply(tableReply());
    case "booking":
      return reply(bookingOffer(assets, issueEventId(), language));
    case "markdown":
      return reply(markdownShowcase());
    case "image":
      return reply(imageReply(assets));
    case "link":
      return reply(linkReply(assets));
    case "long":
      return reply(longReply());
    case "live-handoff":
      return {
        response: "Let me connect you with a member of our support team.",
        endConversation: true,
        handoff: { destination: "general-support", reason: "USER_REQUESTED" },
        language,
      };
    case "client-handoff":
      return {
        response: "This needs a call with our team. The website will show you how to reach us by phone.",
        endConversation: true,
        handoff: { destination: "phone-callback", reason: "COMPLEX_QUERY" },
        language,
      };
    case "handoff-fail":
    case "handoff-timeout":
      return { response: SystemMessageText.HandoffConnectFailed, endConversation: false, language };
    case "busy":
      return { response: SystemMessageText.HighLoad, endConversation: false, language };
    case "french":
      return { response: asText(languageSwitched("fr")), endConversation: false, language: "fr" };
    case "english":
      return { response: asText(languageSwitched("en")), endConversation: false, language: "en" };
    case "goodbye":
      return reply(farewell(language), true);
    case "fallback":
      return reply(fallback(language));
  }
}
