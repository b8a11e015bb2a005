import type { Notice } from "../../transport/conversation.ts";
import type { LocaleStrings } from "../locales/index.ts";
import { noticeText } from "../locales/notice-text.ts";

/** A system notice in the page's language; errors are alerts, the rest polite status messages. */
export function NoticeItem({ notice, strings }: { notice: Notice; strings: LocaleStrings }) {
  const level = notice.level;
  return (
    <p part="notice" class={`notice ${level}`} role={level === "error" ? "alert" : "status"} data-level={level}>
      {noticeText(notice, strings)}
    </p>
  );
}
