import { useEffect, useRef, useState } from "preact/hooks";
import { fillTemplate } from "../../locales/locale-strings.ts";
import { errorText, isSetupError } from "../../locales/notice-text.ts";
import type { ChatModel } from "../../model/chat-model.ts";
import { Banner } from "./banner.tsx";
import { useSecondsUntil } from "./seconds-until.ts";

/** How long "Reconnected" shows once the connection is back. */
const reconnectedMilliseconds = 3000;

/** How long the basic Chat API mode is explained under the header, once, before the header's status alone says it. */
export const fallbackExplainedMilliseconds = 6000;

/**
 * What a reader needs to know and can do about the connection: the countdown to the next reconnect with
 * "Retry now", offline, "Reconnected" once, briefly and announced, when a lost connection is back (however
 * many attempts it took), the basic Chat API mode (said once, for {@link fallbackExplainedMilliseconds} of the
 * panel on show; the header's status line says it from then on), and a failure with "Start a new
 * conversation" (a chat set up wrongly says what its owner must fix instead, with no action). Both buttons
 * go with the state that showed them, so using one moves focus to the input once it takes text.
 */
export function ConnectionBanner({ model }: { model: ChatModel }) {
  const strings = model.locale.value;
  const connection = model.connection.value;
  const client = model.client;
  // The countdown runs on the client's clock, the one `nextAttemptAt` is on.
  const seconds = useSecondsUntil(client, connection.status === "reconnecting" ? connection.nextAttemptAt : 0);
  const [reconnected, setReconnected] = useState(false);
  // A loss lasts through the attempts that follow it (connecting again) until the connection is back or fails.
  const lost = useRef(false);
  // Read as the panel shows it: attempts before the first connection are connecting, not a loss.
  const status = model.connectionStatus.value;
  const [fallbackExplained, setFallbackExplained] = useState(false);
  const explaining = connection.status === "fallback" && (model.open.value || model.mode.value !== "floating");
  useEffect(() => {
    if (!explaining) return;
    const timer = setTimeout(() => setFallbackExplained(true), fallbackExplainedMilliseconds);
    return () => clearTimeout(timer);
  }, [explaining]);
  useEffect(() => {
    if (status === "reconnecting" || status === "offline") lost.current = true;
    const back = lost.current && status === "connected";
    if (back || status === "failed") lost.current = false;
    setReconnected(back);
    if (!back) return;
    model.announce(strings.reconnected);
    const timer = setTimeout(() => setReconnected(false), reconnectedMilliseconds);
    return () => clearTimeout(timer);
  }, [status]);
  if (model.ended.value) return null;
  switch (connection.status) {
    case "reconnecting":
      return (
        <Banner
          text={
            model.connectionStatus.value === "connecting"
              ? strings.status.connecting
              : seconds > 0
                ? fillTemplate(strings.reconnectIn, { seconds })
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
    case "connected":
      return reconnected ? <Banner role="status" text={strings.reconnected} /> : null;
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
