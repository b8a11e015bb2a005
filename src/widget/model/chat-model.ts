import { batch, computed, signal, type ReadonlySignal, type Signal } from "@preact/signals";
import type { ChatClient } from "../../transport/chat-client-types.ts";
import type { ChatMessage, ConversationSnapshot } from "../../transport/conversation.ts";
import { findLocale, type LocaleStrings } from "../locales/index.ts";
import type { WidgetMode } from "../widget-types.ts";
import { createFrameScheduler } from "./frame-scheduler.ts";

/** The snapshot parts the widget shows, each mirrored by one signal of the same name. */
const snapshotParts = ["messages", "typing", "handoff", "notices", "connection", "ended", "agent", "liveAgent"] as const;

type SnapshotPart = (typeof snapshotParts)[number];

/**
 * The conversation as signals, plus the widget's own UI state. Components read these and call the
 * client's actions through `client`; nothing else touches the client.
 */
export type ChatModel = { readonly [Part in SnapshotPart]: Signal<ConversationSnapshot[Part]> } & {
  readonly open: Signal<boolean>;
  /** Agent messages finished while the floating panel was closed. */
  readonly unread: Signal<number>;
  readonly locale: Signal<LocaleStrings>;
  readonly mode: Signal<WidgetMode>;
  /** The `headerTitle` option; the locale's title when undefined. */
  readonly title: Signal<string | undefined>;
  /** Plain text of the last finished agent message, for the polite live region. */
  readonly announcement: Signal<string>;
  /**
   * Whether the conversation takes messages now: not before the client starts, nor after it ended or
   * failed. Offline and reconnecting count, since the outbox queues what is written then.
   */
  readonly active: ReadonlySignal<boolean>;
  /** The client in use. */
  readonly client: ChatClient;
  /** Feeds the model from `client` instead of the previous one; its current snapshot applies at once. */
  attach(client: ChatClient): void;
  /** Opens or closes the floating panel; opening clears the unread count. */
  setOpen(open: boolean): void;
  /** Stops listening to the client. */
  dispose(): void;
};

/** Settings the model starts from. */
export interface ChatModelSettings {
  open: boolean;
  mode: WidgetMode;
  locale: LocaleStrings;
  title: string | undefined;
  /** Called after `setOpen` changed the open state. */
  onOpenChange(open: boolean): void;
}

/**
 * Bridges `client.subscribe` into signals. Snapshot changes are applied at most once per animation frame,
 * so a fast stream of chunks costs one render per frame; signals only notify for parts whose identity
 * changed, and the store keeps unchanged messages identical, so only the growing message re-renders.
 * A `language` that matches a locale switches the UI to it, including one present in the first snapshot.
 */
export function createChatModel(client: ChatClient, settings: ChatModelSettings): ChatModel {
  let current = client;
  let unsubscribe = () => {};
  let finished = new Set<string>();
  let seeded = false;
  let language: string | null = null;
  const snapshot = client.getSnapshot();
  const parts = Object.fromEntries(snapshotParts.map((part) => [part, signal(snapshot[part])])) as {
    [Part in SnapshotPart]: Signal<ConversationSnapshot[Part]>;
  };
  const open = signal(settings.open);
  const unread = signal(0);
  const announcement = signal("");
  const locale = signal(settings.locale);
  const mode = signal(settings.mode);
  const { connection, ended } = parts;
  const scheduler = createFrameScheduler(() => apply(current.getSnapshot()));

  function apply(next: ConversationSnapshot) {
    batch(() => {
      if (next.language && next.language !== language) locale.value = findLocale(next.language) ?? locale.value;
      language = next.language;
      for (const part of snapshotParts) (parts[part] as Signal<unknown>).value = next[part];
      noteFinishedMessages(next.messages);
    });
  }

  // The history present when a client attaches is neither announced nor counted as unread.
  function noteFinishedMessages(messages: readonly ChatMessage[]) {
    for (const message of messages) {
      if (message.role === "user" || message.streaming || finished.has(message.id)) continue;
      finished.add(message.id);
      if (!seeded) continue;
      announcement.value = `${message.author?.name ?? locale.value.agent}: ${message.text}`;
      if (!open.value && mode.value === "floating") unread.value++;
    }
    seeded = true;
  }

  function attach(next: ChatClient) {
    unsubscribe();
    scheduler.cancel();
    current = next;
    finished = new Set();
    seeded = false;
    apply(next.getSnapshot());
    unsubscribe = next.subscribe(scheduler.schedule);
  }

  attach(client);
  return {
    ...parts,
    open,
    unread,
    locale,
    mode,
    title: signal(settings.title),
    announcement,
    active: computed(() => !ended.value && !["idle", "failed", "ended"].includes(connection.value.status)),
    get client() {
      return current;
    },
    attach,
    setOpen(value) {
      if (value === open.value) return;
      batch(() => {
        open.value = value;
        if (value) unread.value = 0;
      });
      settings.onOpenChange(value);
    },
    dispose() {
      scheduler.cancel();
      unsubscribe();
    },
  };
}
