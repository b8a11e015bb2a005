import { useEffect, useState } from "preact/hooks";
import { fillTemplate } from "../locales/locale-strings.ts";
import { errorText, isSetupError } from "../locales/notice-text.ts";
import type { ChatModel } from "../model/chat-model.ts";
import { Banner } from "./banner.tsx";

/** How long the basic Chat API mode is explained under the header, once, before the header's status alone says it. */
export const fallbackExplainedMilliseconds = 6000;

/**
 * What a reader needs to know and can do about the connection: the countdown to the next reconnect with
 * "Retry now", offline, the basic Chat API mode (said once, for {@link fallbackExplainedMilliseconds} of the
 * panel on show; the header's status line says it from then on), and a failure with "Start a new
 * conversation" (a chat set up wrongly says what its owner must fix instead, with no action). Both buttons go with the state that showed them, so using one moves focus to the input
 * once it takes text.
 */
export function ConnectionBanner({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const connection = model.connection.value;
  const client = model.client;
  // The countdown runs on the client's clock, the one `nextAttemptAt` is on.
  const [now, setNow] = useState(() => client.now());
  const reconnectAt = connection.status === "reconnecting" ? connection.nextAttemptAt : 0;
  const [fallbackExplained, setFallbackExplained] = useState(false);
  const explaining = connection.status === "fallback" && (model.open.value || model.mode.value !== "floating");
  useEffect(() => {
    if (!explaining) return;
    const timer = setTimeout(() => setFallbackExplained(true), fallbackExplainedMilliseconds);
    return () => clearTimeout(timer);
  }, [explaining]);
  useEffect(() => {
    if (!reconnectAt) return;
    let timer: ReturnType<typeof setTimeout>;
    // Each tick lands on a whole second before the attempt, so the countdown never skips a number.
    const tick = () => {
      const current = client.now();
      setNow(current);
      const remaining = reconnectAt - current;
      if (remaining > 0) timer = setTimeout(tick, remaining % 1000 || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [reconnectAt]);
  if (model.ended.value) return null;
  switch (connection.status) {
    case "reconnecting":
      return (
        <Banner
          text={
            model.connectionStatus.value === "connecting"
              ? strings.status.connecting
              : reconnectAt > now
                ? fillTemplate(strings.reconnectIn, { seconds: Math.ceil((reconnectAt - now) / 1000) })
                : strings.reconnectingNow
          }
          action={[
            strings.retryNow,
            () => {
              client.retryNow();
              model.focusInput();
            },
          ]}
        />
      );
    case "offline":
      return <Banner text={strings.offlineDetail} />;
    case "fallback":
      return fallbackExplained ? null : <Banner text={strings.fallbackDetail} />;
    case "failed":
      // A chat set up wrongly says what the site's owner must fix, and offers nothing that cannot help.
      return isSetupError(connection.error) ? (
        <Banner role="alert" text={errorText(connection.error, strings)} />
      ) : (
        <Banner
          role="alert"
          text={`${strings.failedDetail} ${errorText(connection.error, strings)}`}
          action={[
            strings.newConversation,
            () => {
              client.newConversation();
              model.focusInput();
            },
          ]}
        />
      );
    default:
      return null;
  }
}
