import type { CodeParameters } from "../../transport/codes.ts";
import type { ChatErrorInfo, Notice } from "../../transport/conversation.ts";
import type { CodeText, LocaleStrings } from "./locale-strings.ts";

/** A code's sentence with its parameters filled in; a size in bytes also reads as whole kilobytes. */
function fill(text: CodeText, parameters: CodeParameters = {}): string {
  const limit = parameters.limitBytes;
  return typeof text === "string"
    ? text
    : text(typeof limit === "number" ? { ...parameters, kilobytes: Math.floor(limit / 1024) } : parameters);
}

/**
 * What a notice says in the page's language. A server notice whose text the client does not know
 * (`server-message`) shows the server's own words, as an agent message would.
 */
export function noticeText(notice: Notice, strings: LocaleStrings): string {
  return notice.code === "server-message" && notice.text
    ? notice.text
    : fill(strings.notices[notice.code] ?? strings.notices["server-message"], notice.parameters);
}

/** Why the connection failed, in the page's language. */
export function errorText(error: ChatErrorInfo, strings: LocaleStrings): string {
  return fill(strings.errors[error.code] ?? strings.errors["connection-ended"], error.parameters);
}
