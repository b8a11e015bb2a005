import { useEffect, useState } from "preact/hooks";
import { useModel } from "./model-context.ts";

/**
 * What a reader needs to know and can do about the connection: the countdown to the next reconnect with
 * "Retry now", offline, the basic Chat API mode, and a failure with "Start a new conversation".
 */
export function ConnectionBanner() {
  const model = useModel();
  const strings = model.locale.value;
  const connection = model.connection.value;
  const [now, setNow] = useState(Date.now);
  const reconnectAt = connection.status === "reconnecting" ? connection.nextAttemptAt : 0;
  useEffect(() => {
    if (!reconnectAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [reconnectAt]);
  if (model.ended.value) return null;
  switch (connection.status) {
    case "reconnecting":
      return (
        <div class="banner">
          <p>{strings.reconnectIn(Math.max(0, Math.ceil((reconnectAt - now) / 1000)))}</p>
          <button type="button" class="action" onClick={() => model.client.retryNow()}>
            {strings.retryNow}
          </button>
        </div>
      );
    case "offline":
      return <p class="banner">{strings.offlineDetail}</p>;
    case "fallback":
      return <p class="banner">{strings.fallbackDetail}</p>;
    case "failed":
      return (
        <div class="banner" role="alert">
          <p>
            {strings.failedDetail} <span>{connection.error.message}</span>
          </p>
          <button type="button" class="action" onClick={() => model.client.newConversation()}>
            {strings.newConversation}
          </button>
        </div>
      );
    default:
      return null;
  }
}
