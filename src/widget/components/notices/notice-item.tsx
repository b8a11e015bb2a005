import type { Notice } from "../../../transport/conversation.ts";
import { fillTemplate } from "../../locales/locale-strings.ts";
import { noticeText } from "../../locales/notice-text.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { useSecondsUntil } from "./seconds-until.ts";

/**
 * A system notice in the page's language; errors are alerts, the rest polite status messages. One that
 * offers to try its turn again has a Try again button, which counts down the pause the platform asked for.
 */
export function NoticeItem({ notice, model }: { notice: Notice; model: ChatModel }) {
  const level = notice.level;
  return (
    <p part="notice" class={`notice ${level}`} role={level === "error" ? "alert" : "status"} data-level={level}>
      {noticeText(notice, model.locale.value)}
      {notice.retryAt !== undefined && !model.ended.value && <TryAgain model={model} id={notice.id} at={notice.retryAt} />}
    </p>
  );
}

function TryAgain({ model, id, at }: { model: ChatModel; id: string; at: number }) {
  const strings = model.locale.value;
  const seconds = useSecondsUntil(model.client, at);
  return (
    <button part="retry" disabled={seconds > 0} onClick={() => model.client.retry(id)}>
      {seconds > 0 ? fillTemplate(strings.tryAgainIn, { seconds }) : strings.tryAgain}
    </button>
  );
}
