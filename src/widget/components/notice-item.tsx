import type { Notice } from "../../transport/conversation.ts";

/** A system notice; errors are alerts, the rest polite status messages. */
export function NoticeItem({ notice: { level, text } }: { notice: Notice }) {
  return (
    <p part="notice" class={`notice ${level}`} role={level === "error" ? "alert" : "status"} data-level={level}>
      {text}
    </p>
  );
}
