import type { ChatMessage, ConversationSnapshot } from "../conversation.ts";
import type { KeyValueStorage } from "../environment.ts";

/** How many finished messages the browser keeps of the last conversation. */
export const earlierMessageLimit = 200;
/** How long the browser keeps them after the last change: 30 days. */
export const earlierKeptMilliseconds = 30 * 24 * 60 * 60 * 1000;

/** What the browser keeps of the last conversation, to show under `earlier` once its session is gone. */
export interface EarlierTranscript {
  messages: ChatMessage[];
  /** The platform ended the conversation: it can no longer be resumed. */
  ended: boolean;
}

/** The kept transcript under one key, as `keepTranscript` reads and writes it. */
export interface TranscriptKeeper {
  /** The kept transcript, or null when there is none, it is unreadable, or older than 30 days (then removed). */
  load(): EarlierTranscript | null;
  /** Keeps the snapshot's last 200 finished messages (a user message once sent), and whether it ended. */
  save(snapshot: ConversationSnapshot): void;
  clear(): void;
}

/**
 * Keeps the finished messages of the conversation under `key` in shared storage, with the time they were
 * written. Storage failures are swallowed: losing the record only costs the `earlier` messages.
 */
export function keepTranscript(storage: KeyValueStorage, key: string, now: () => number): TranscriptKeeper {
  const attempt = <Result>(call: () => Result): Result | null => {
    try {
      return call();
    } catch {
      return null;
    }
  };
  const clear = () => void attempt(() => storage.removeItem(key));
  return {
    load() {
      const record = attempt(() => JSON.parse(storage.getItem(key) ?? "null") as Partial<EarlierTranscript & { savedAt: number }> | null);
      if (!record || !Array.isArray(record.messages)) return null;
      if (!(now() - Number(record.savedAt) < earlierKeptMilliseconds)) return (void clear(), null);
      const messages = record.messages.filter((message) => typeof message?.id === "string" && typeof message.text === "string");
      return { messages, ended: record.ended === true };
    },
    save(snapshot) {
      const messages = snapshot.messages
        .filter((message) => !message.streaming && (message.role !== "user" || message.status === "sent"))
        .slice(-earlierMessageLimit)
        .map(({ history: _history, earlier: _earlier, ...message }) => message);
      attempt(() => storage.setItem(key, JSON.stringify({ savedAt: now(), ended: snapshot.ended !== null, messages })));
    },
    clear,
  };
}
