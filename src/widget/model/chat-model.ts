import { batch, signal, type Signal } from "@preact/signals";
import type { ChatClient } from "../../transport/chat-client-types.ts";
import type {
  ChatMessage,
  ConnectionState,
  ConversationSnapshot,
  HandoffPhase,
  Notice,
  Participant,
  SessionEnd,
  TypingIndicator,
} from "../../transport/conversation.ts";
import { findLocale, type LocaleStrings } from "../locales/index.ts";
import type { WidgetMode } from "../widget-types.ts";
import { createFrameScheduler } from "./frame-scheduler.ts";

/**
 * The conversation as signals, plus the widget's own UI state. Components read these and call the
 * client's actions through `client`; nothing else touches the client.
 */
export interface ChatModel {
  readonly messages: Signal<readonly ChatMessage[]>;
  readonly typing: Signal<TypingIndicator>;
  readonly handoff: Signal<HandoffPhase>;
  readonly notices: Signal<readonly Notice[]>;
  readonly connection: Signal<ConnectionState>;
  readonly ended: Signal<SessionEnd | null>;
  readonly agent: Signal<Participant | null>;
  readonly liveAgent: Signal<Participant | null>;
  readonly language: Signal<string | null>;
  readonly open: Signal<boolean>;
  /** Agent messages finished while the floating panel was closed. */
  readonly unread: Signal<number>;
  readonly locale: Signal<LocaleStrings>;
  readonly mode: Signal<WidgetMode>;
  /** The `headerTitle` option; the locale's title when undefined. */
  readonly title: Signal<string | undefined>;
  /** Plain text of the last finished agent message, for the polite live region. */
  readonly announcement: Signal<string>;
  /** The client in use. */
  readonly client: ChatClient;
  /** Feeds the model from `client` instead of the previous one; its current snapshot applies at once. */
  attach(client: ChatClient): void;
  /** Opens or closes the floating panel; opening clears the unread count. */
  setOpen(open: boolean): void;
  /** Stops listening to the client. */
  dispose(): void;
}

/** Settings the model starts from. */
export interface ChatModelSettings {
  open: boolean;
  mode: WidgetMode;
  locale: LocaleStrings;
  title: string | undefined;
  /** Called after `setOpen` changed the open state. */
  onOpenChange?: (open: boolean) => void;
}

/**
 * Bridges `client.subscribe` into signals. Snapshot changes are applied at most once per animation frame,
 * so a fast stream of chunks costs one render per frame; signals only notify for parts whose identity
 * changed, and the store keeps unchanged messages identical, so only the growing message re-renders.
 */
export function createChatModel(client: ChatClient, settings: ChatModelSettings): ChatModel {
  let current = client;
  let unsubscribe = () => {};
  let finished = new Set<string>();
  let seeded = false;
  const snapshot = client.getSnapshot();
  const model = {
    messages: signal(snapshot.messages),
    typing: signal(snapshot.typing),
    handoff: signal(snapshot.handoff),
    notices: signal(snapshot.notices),
    connection: signal(snapshot.connection),
    ended: signal(snapshot.ended),
    agent: signal(snapshot.agent),
    liveAgent: signal(snapshot.liveAgent),
    // Starts unknown so that a language already in the first snapshot switches the locale too.
    language: signal<string | null>(null),
    open: signal(settings.open),
    unread: signal(0),
    locale: signal(settings.locale),
    mode: signal(settings.mode),
    title: signal(settings.title),
    announcement: signal(""),
    get client() {
      return current;
    },
    attach,
    setOpen(open: boolean) {
      if (open === model.open.value) return;
      batch(() => {
        model.open.value = open;
        if (open) model.unread.value = 0;
      });
      settings.onOpenChange?.(open);
    },
    dispose() {
      scheduler.cancel();
      unsubscribe();
    },
  };
  const scheduler = createFrameScheduler(() => apply(current.getSnapshot()));

  function apply(next: ConversationSnapshot) {
    batch(() => {
      if (next.language !== model.language.value && next.language) {
        const locale = findLocale(next.language);
        if (locale) model.locale.value = locale;
      }
      model.messages.value = next.messages;
      model.typing.value = next.typing;
      model.handoff.value = next.handoff;
      model.notices.value = next.notices;
      model.connection.value = next.connection;
      model.ended.value = next.ended;
      model.agent.value = next.agent;
      model.liveAgent.value = next.liveAgent;
      model.language.value = next.language;
      noteFinishedMessages(next.messages);
    });
  }

  // The history present when a client attaches is neither announced nor counted as unread.
  function noteFinishedMessages(messages: readonly ChatMessage[]) {
    for (const message of messages) {
      if (message.role === "user" || message.streaming || finished.has(message.id)) continue;
      finished.add(message.id);
      if (!seeded) continue;
      const author = message.author?.name ?? model.locale.value.agent;
      model.announcement.value = `${author}: ${message.text}`;
      if (!model.open.value && model.mode.value === "floating") model.unread.value++;
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
    unsubscribe = next.subscribe(() => scheduler.schedule());
  }

  attach(client);
  return model;
}
