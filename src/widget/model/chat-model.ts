import { batch, computed, signal, type ReadonlySignal, type Signal } from "@preact/signals";
import type { ComponentChild, FunctionComponent } from "preact";
import type { ChatClient } from "../../transport/chat-client-types.ts";
import { initialConversationSnapshot } from "../../transport/conversation/conversation-reducer.ts";
import type { ChatMessage, ConversationSnapshot, HandoffPhase, Participant } from "../../transport/conversation.ts";
import { switchLocale, type LocaleStrings } from "../locales/index.ts";
import { overrideTexts, type TextOverrides } from "../locales/text-overrides.ts";
import type { FeedbackControls } from "../feedback/feedback-controls.tsx";
import { markdownPlainText } from "../markdown/index.ts";
import type { HandoffAnswer, NotifyMode, WidgetEventName, WidgetEvents, WidgetMode, WidgetOptions } from "../widget-types.ts";
import { advanceStory, emptyStory, type ConversationStory } from "./conversation-story.ts";
import { createFrameScheduler } from "./frame-scheduler.ts";
import { agentIdentity, presentParticipant } from "./participants.ts";

/** The snapshot parts the widget shows, each read through one signal of the same name (`messages` aside). */
const snapshotParts = ["typing", "handoff", "notices", "connection", "ended", "agent", "liveAgent"] as const;

type SnapshotPart = (typeof snapshotParts)[number];

/** Client events the widget re-emits under their public `cap-chat:` names. */
const forwardedEvents = ["message", "state", "handoff", "end", "error"] as const;

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

/**
 * Bridges the client into signals and widget events. Snapshot changes are applied at most once per
 * animation frame, so a fast stream of chunks costs one render per frame; signals only notify for parts
 * whose identity changed, and the store keeps unchanged messages identical, so only the growing message
 * re-renders. The client's `message` event announces, as the plain text its rendered Markdown shows, each
 * agent message that finishes while attached (so history present at attach is never announced); the
 * announcement and the preview change in the same frame as the snapshot, once for all the messages
 * finished since the last frame. The client's `language` event
 * switches the UI to a matching locale, as does a language already in the snapshot at attach. The client's
 * events are re-emitted with the `cap-chat:` prefix; `handoff-required` carries a `respond` that keeps the
 * site's answer in `handoffAnswer`, for the handoff it answers, while this client is attached. The story is recorded at every change, not per frame,
 * so no handoff phase between two frames is lost. Call `attach` to start.
 */
export function createChatModel(client: ChatClient, settings: ChatModelSettings): ChatModel {
  let current = client;
  let detach = () => {};
  const snapshot = signal(client.getSnapshot());
  // A computed part notifies only when its value's identity changed.
  const parts = Object.fromEntries(snapshotParts.map((part) => [part, computed(() => snapshot.value[part])])) as {
    [Part in SnapshotPart]: ReadonlySignal<ConversationSnapshot[Part]>;
  };
  const open = signal(settings.open);
  const unread = signal(0);
  const prompt = signal<string | null>(null);
  const announcement = signal({ id: 0, text: "" });
  const inputFocusRequests = signal(0);
  const language = signal(settings.locale);
  const strings = signal(settings.strings);
  const locale = computed(() => overrideTexts(language.value, strings.value));
  const mode = signal(settings.mode);
  const title = signal(settings.title);
  const avatarUrl = signal(settings.avatarUrl);
  const story = signal(emptyStory);
  const preview = signal<ChatMessage | null>(null);
  const handoffAnswer = signal<{ handoff: HandoffPhase; answer: HandoffAnswer } | null>(null);
  const lastAgent = signal<Participant | null>(null);
  const { connection, ended } = parts;
  // Whether the connection was ever up in this page: it only ever turns true, at any change of the client's.
  const connectedOnce = signal(false);
  const identity = computed(() =>
    agentIdentity(parts.agent.value ?? lastAgent.value, { name: title.value, avatarUrl: avatarUrl.value }, locale.value.agent),
  );
  // Finished since the last frame: the agent messages to announce, and the newest of them the panel hid.
  let finished: ChatMessage[] = [];
  let newestUnread: ChatMessage | null = null;
  // Each announcement is an element of its own, so a text that repeats the previous one is read again.
  const announce = (text: string) => void (announcement.value = { id: announcement.peek().id + 1, text });
  const applyFrame = () =>
    batch(() => {
      show(current.getSnapshot());
      if (finished.length > 0) {
        announce(
          finished.map((message) => `${message.author?.name ?? identity.value.name}: ${markdownPlainText(message.text)}`).join("\n"),
        );
        if (newestUnread) preview.value = newestUnread;
      }
      finished = [];
      newestUnread = null;
    });
  const scheduler = createFrameScheduler(applyFrame);

  const messages = signal(snapshot.peek().messages);
  // The text of the message that streams, when it is newer than the one `messages` holds.
  const streamed = signal<{ id: string; text: string } | null>(null);
  /**
   * Shows `next`. A snapshot that only adds to the streaming message's text changes that text alone: the
   * snapshot shown stays, so nothing that reads it is even asked whether it changed.
   */
  const show = (next: ConversationSnapshot) => {
    const grown = grownText(snapshot.peek(), next);
    if (grown) {
      streamed.value = grown;
    } else {
      snapshot.value = next;
      messages.value = next.messages;
      streamed.value = null;
    }
  };

  const switchLanguage = (code: string | null) => switchLocale(language, code, false);

  let recorded = initialConversationSnapshot;
  const record = (next: ConversationSnapshot) => {
    // Most changes are streamed chunks that touch neither the story nor the agent: nothing is written then.
    const advanced = advanceStory(story.peek(), recorded, next, Date.now());
    if (advanced !== story.peek()) story.value = advanced;
    if (next.agent && next.agent !== recorded.agent) lastAgent.value = next.agent;
    if (["connected", "fallback"].includes(next.connection.status)) connectedOnce.value = true;
    recorded = next;
  };

  function attach(next: ChatClient) {
    detach();
    // What the previous client finished since the last frame is still announced and counted.
    if (finished.length > 0) applyFrame();
    current = next;
    const attached = next.getSnapshot();
    show(attached);
    switchLanguage(attached.language);
    story.value = emptyStory;
    recorded = initialConversationSnapshot;
    record(attached);
    const removers = [
      scheduler.cancel,
      next.subscribe(scheduler.schedule),
      next.subscribe(record),
      next.on("language", switchLanguage),
      next.on("message", (message) => {
        if (message.role === "user") return;
        finished.push(message);
        if (!open.value && mode.value === "floating") newestUnread = message;
        scheduler.schedule();
      }),
      ...forwardedEvents.map((name) => next.on(name, (detail: unknown) => settings.emit(`cap-chat:${name}`, detail as never))),
      next.on("handoff-required", (detail) => {
        const handoff = next.getSnapshot().handoff;
        settings.emit("cap-chat:handoff-required", {
          ...detail,
          respond(answer) {
            if (typeof answer?.text === "string" && next === current) handoffAnswer.value = { handoff, answer };
          },
        });
      }),
    ];
    detach = () => removers.forEach((remove) => remove());
  }

  return {
    ...parts,
    messages,
    textOf: (message) => (message.streaming && streamed.value?.id === message.id ? streamed.value.text : message.text),
    open,
    unread,
    notify: signal(settings.notify ?? "title"),
    prompt,
    draft: signal(""),
    offer: signal(null),
    language,
    strings,
    locale,
    mode,
    position: signal(settings.position),
    title,
    avatarUrl,
    welcomeText: signal(settings.welcomeText),
    feedback: signal(Boolean(settings.feedback)),
    feedbackControls: signal(null),
    announce,
    identity,
    present: computed(() => {
      const shown = snapshot.value;
      // The Chat API names no agent: the one the site configured answers, as the platform's agent would.
      return presentParticipant(shown.transport === "chat" && !shown.agent ? { ...shown, agent: identity.value } : shown);
    }),
    story,
    handoffAnswer,
    preview,
    announcement,
    active: computed(() => !ended.value && !["failed", "ended"].includes(connection.value.status)),
    connectionStatus: computed(() => {
      const status = connection.value.status;
      // An open floating panel starts the client, which says so from the next frame.
      return (status === "reconnecting" && !connectedOnce.value) || (status === "idle" && open.value && mode.value === "floating")
        ? "connecting"
        : status;
    }),
    get client() {
      return current;
    },
    attach,
    inputFocusRequests,
    endAsked: signal(false),
    focusInput() {
      inputFocusRequests.value++;
    },
    setOpen(value) {
      if (value === open.value) return;
      open.value = value;
      if (value) newestUnread = preview.value = prompt.value = null;
      settings.emit(value ? "cap-chat:open" : "cap-chat:close", undefined);
    },
    dispose: () => detach(),
    menuAdditions: signal(null),
    panelAddition: signal(null),
  };
}

/**
 * The text of the one message that changed from `shown` to `next` if that message streams in both and
 * nothing but its text changed, neither in any other message nor in the rest of the snapshot; null otherwise.
 */
function grownText(shown: ConversationSnapshot, next: ConversationSnapshot): { id: string; text: string } | null {
  if (shown.messages === next.messages || shown.messages.length !== next.messages.length) return null;
  for (const key in next) {
    const part = key as keyof ConversationSnapshot;
    if (part !== "messages" && next[part] !== shown[part]) return null;
  }
  let grown: ChatMessage | null = null;
  // Identity checks only, every frame of a stream: cheap however long the transcript.
  for (let index = 0; index < next.messages.length; index++) {
    const after = next.messages[index]!;
    const before = shown.messages[index]!;
    if (before === after) continue;
    if (grown || !before.streaming || !after.streaming || !sameButText(before, after)) return null;
    grown = after;
  }
  return grown && { id: grown.id, text: grown.text };
}

/** Whether two messages hold the same fields, as the same values, their text aside. */
function sameButText(left: ChatMessage, right: ChatMessage): boolean {
  const keys = Object.keys(right) as (keyof ChatMessage)[];
  return keys.length === Object.keys(left).length && keys.every((key) => key === "text" || left[key] === right[key]);
}
