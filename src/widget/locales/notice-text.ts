import type { ChatErrorInfo, Notice } from "../../transport/conversation.ts";
import { fillTemplate, pluralText, setupErrorCodes, type LocaleStrings } from "./locale-strings.ts";

/**
 * What a notice says in the page's language. A server notice whose text the client does not know
 * (`server-message`) shows the server's own words, as an agent message would. A size limit in bytes
 * reads as whole kilobytes.
 */
export function noticeText(notice: Notice, strings: LocaleStrings): string {
  const { code, parameters = {} } = notice;
  const limit = parameters.limitBytes;
  if (code === "server-message" && notice.text) return notice.text;
  if (code === "message-too-large") {
    return typeof limit === "number"
      ? fillTemplate(strings.notices[code], { kilobytes: Math.floor(limit / 1024) })
      : strings.messageTooLarge;
  }
  return fillTemplate(strings.notices[code] ?? strings.notices["server-message"], parameters);
}

/** Whether `error` means the site's chat is set up wrongly: nothing the visitor can do about it. */
export function isSetupError(error: ChatErrorInfo): boolean {
  return (setupErrorCodes as readonly string[]).includes(error.code);
}

/**
 * Why the connection failed, in the page's language; a setup error names its code (and first parameter)
 * for the site's owner.
 */
export function errorText(error: ChatErrorInfo, strings: LocaleStrings): string {
  const code = error.code;
  const parameters = error.parameters ?? {};
  const [detail] = Object.values(parameters);
  if (isSetupError(error)) return fillTemplate(strings.notSetUp, { problem: detail === undefined ? code : `${code} (${detail})` });
  const text = strings.errors[code as keyof LocaleStrings["errors"]] ?? strings.errors["connection-ended"];
  return typeof text === "string"
    ? fillTemplate(text, parameters)
    : pluralText(text, strings.code, Number(parameters.attempts), parameters);
}
