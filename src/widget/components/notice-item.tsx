import type { Notice } from "../../transport/conversation.ts";

/** A system notice; errors are alerts, the rest polite status messages. */
export function NoticeItem({ notice }: { notice: Notice }) {
  return (
    <p part="notice" class={`notice ${notice.level}`} role={notice.level === "error" ? "alert" : "status"} data-level={notice.level}>
      {notice.text}
    </p>
  );
}
