import type { ReadonlySignal, Signal } from "@preact/signals";
import type { ComponentChild, FunctionComponent } from "preact";
import type { ChatClient } from "../../transport/chat-client-types.ts";
import type { ChatMessage, ConversationSnapshot, HandoffPhase, Participant } from "../../transport/conversation.ts";
import type { LocaleStrings } from "../locales/index.ts";
import type { TextOverrides } from "../locales/text-overrides.ts";
import type { FeedbackControls } from "../feedback/feedback-controls.tsx";
import type { HandoffAnswer, NotifyMode, WidgetEventName, WidgetEvents, WidgetMode, WidgetOptions } from "../widget-types.ts";
import type { ConversationStory } from "./conversation-story.ts";

/** The snapshot parts the widget shows, each read through one signal of the same name (`messages` aside). */
export const snapshotParts = ["typing", "handoff", "notices", "connection", "ended", "agent", "liveAgent"] as const;

/** One of {@link snapshotParts}. */
export type SnapshotPart = (typeof snapshotParts)[number];

/**
 * The conversation as signals, plus the widget's own UI state. Components read these and call the
 * client's actions through `client`; nothing else touches the client.
 */
export type ChatModel = { readonly [Part in SnapshotPart]: ReadonlySignal<ConversationSnapshot[Part]> } & {
  /**
   * The transcript's messages. A frame that only adds to the text of the message that streams leaves the
   * list (and that message) as they were and changes what `textOf` reads instead, so the transcript is laid
   * out again only when something else changed.
   */
  readonly messages: ReadonlySignal<readonly ChatMessage[]>;
  /** The text a message of `messages` shows now; reading it follows the text of a message that streams. */
  textOf(message: ChatMessage): string;
  readonly open: Signal<boolean>;
  /** Replies the visitor has not seen (see `watchAttention`, which counts them). */
  readonly unread: Signal<number>;
  /** The `notify` option. */
  readonly notify: Signal<NotifyMode>;
  /** The panel's offer of browser notifications, once its file has loaded (`notify: "system"`). */
  readonly offer: Signal<FunctionComponent<{ model: ChatModel }> | null>;
  /** The site's own line beside the closed launcher (the `prompt` command), until the panel opens or it is dismissed. */
  readonly prompt: Signal<string | null>;
  /** What the visitor is writing and has not sent: the same in every tab of a conversation kept in the browser. */
  readonly draft: Signal<string>;
  /** The built-in locale of the page's language. */
  readonly language: Signal<LocaleStrings>;
  /** The `strings` option: the site's own texts, per locale. */
  readonly strings: Signal<TextOverrides | undefined>;
  /** The texts the widget shows: `language`'s, with those `strings` gives it. */
  readonly locale: ReadonlySignal<LocaleStrings>;
  readonly mode: Signal<WidgetMode>;
  /** The `position` option: the side the floating launcher and panel keep in every language. */
  readonly position: Signal<WidgetOptions["position"]>;
  /** The `headerTitle` option; the locale's title when undefined. */
  readonly title: Signal<string | undefined>;
  /** The `avatarUrl` option: the agent's picture where the platform gives none. */
  readonly avatarUrl: Signal<string | undefined>;
  /** The `welcomeText` option, under the title before the conversation. */
  readonly welcomeText: Signal<string | undefined>;
  /** The `feedback` option: whether the platform agent's answers offer helpful / not helpful. */
  readonly feedback: Signal<boolean>;
  /** What renders the feedback under an answer, once its file has loaded (with the `feedback` option). */
  readonly feedbackControls: Signal<FeedbackControls | null>;
  /** Says `text` in the polite live region, even when it said the same a moment ago. */
  announce(text: string): void;
  /** The platform agent's name and picture as best known (see `agentIdentity`), never a placeholder. */
  readonly identity: ReadonlySignal<Participant>;
  /** Who is with the visitor now (see `presentParticipant`); over the Chat API, the agent of `identity`. */
  readonly present: ReadonlySignal<Participant | null>;
  /** Handoff progress, joins and leaves, recorded at each change of the client's conversation. */
  readonly story: ReadonlySignal<ConversationStory>;
  /** The site's answer to the newest `cap-chat:handoff-required`, with the handoff it answers. */
  readonly handoffAnswer: ReadonlySignal<{ handoff: HandoffPhase; answer: HandoffAnswer } | null>;
  /** The newest agent message that arrived while the floating panel was closed, until opened or dismissed. */
  readonly preview: Signal<ChatMessage | null>;
  /**
   * Plain text of the agent messages finished by the last frame that finished any, one per line, for the
   * polite live region, and a number that differs from the previous announcement's: the live region shows
   * each announcement as an element of its own, so text that repeats an earlier one is heard again.
   */
  readonly announcement: Signal<{ id: number; text: string }>;
  /**
   * Whether the conversation takes messages now: not after it ended or failed. Before the client starts
   * (the focus or message that starts it is what engages the visitor), offline and reconnecting count,
   * since the outbox queues what is written then, and so does a conversation not connected any more whose
   * session expired while it was left alone: a message goes on in a new one.
   */
  readonly active: ReadonlySignal<boolean>;
  /**
   * The connection's status as a reader should hear it: a reconnect before anything ever connected in this
   * page is still "connecting", since nothing was lost, and so is the open floating panel whose client is
   * only starting.
   */
  readonly connectionStatus: ReadonlySignal<ConversationSnapshot["connection"]["status"]>;
  /** The client in use. */
  readonly client: ChatClient;
  /**
   * Feeds the model from `client` instead of the previous one, whose events stop being re-emitted; its
   * current snapshot applies at once.
   */
  attach(client: ChatClient): void;
  /** Whether the panel asks the visitor to confirm ending the conversation. */
  readonly endAsked: Signal<boolean>;
  /** Counts calls to `focusInput`; the composer moves focus to the input when it changes. */
  readonly inputFocusRequests: ReadonlySignal<number>;
  /**
   * Asks for focus on the message input, for a control that removes itself when used: the composer moves
   * focus there once its input takes text, at once or when the conversation starts taking messages.
   */
  focusInput(): void;
  /** Opens or closes the floating panel; opening puts the newest reply's preview and the site's prompt away. */
  setOpen(open: boolean): void;
  /** Stops listening to the client, and so re-emitting its events. */
  dispose(): void;
  /**
   * Items (`role="menuitem"` buttons) a feature loaded on demand (voice) adds to the header's menu, before
   * "End conversation"; the menu closes on any click inside it.
   */
  readonly menuAdditions: Signal<ComponentChild>;
  /** What a feature loaded on demand shows in the panel, between the header and the transcript. */
  readonly panelAddition: Signal<ComponentChild>;
};

/** Emits one widget event with its detail. */
export type WidgetEmitter = <Name extends WidgetEventName>(name: Name, detail: WidgetEvents[Name]) => void;

/** Settings the model starts from. */
export interface ChatModelSettings {
  open: boolean;
  mode: WidgetMode;
  position?: WidgetOptions["position"];
  locale: LocaleStrings;
  strings?: TextOverrides | undefined;
  title: string | undefined;
  avatarUrl?: string | undefined;
  welcomeText?: string | undefined;
  notify?: NotifyMode | undefined;
  feedback?: boolean | undefined;
  /** Emits a widget event: `cap-chat:open` or `cap-chat:close` after `setOpen` changed the open state, or a client event. */
  emit: WidgetEmitter;
}
