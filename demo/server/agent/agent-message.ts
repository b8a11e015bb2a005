import type { Attachment } from "../../../src/protocol/index.ts";

/** One agent message before it is put on the wire: text (Markdown allowed), attachments, suggestions. */
export interface AgentMessage {
  text: string;
  attachments: Attachment[];
  suggestions: string[];
}

/** Absolute URLs of the images the server itself serves, so demo pages never reach the internet. */
export interface AgentAssets {
  serviceAgentAvatarUrl: string;
  liveAgentAvatarUrl: string;
  imageUrl: string;
  imagePreviewUrl: string;
  linkPreviewUrl: string;
  linkUrl: string;
  /** The demo site's booking page, which takes the event id of a booking in its `event_id` parameter. */
  bookingPageUrl: string;
}

/** Languages the demo agent speaks. */
export type AgentLanguage = "en" | "fr";

/** A message with only text. */
export function textMessage(text: string, suggestions: string[] = []): AgentMessage {
  return { text, attachments: [], suggestions };
}
