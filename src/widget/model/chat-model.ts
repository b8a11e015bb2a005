import { batch, computed, signal, type ReadonlySignal } from "@preact/signals";
import type { ChatClient } from "../../transport/chat-client-types.ts";
import { initialConversationSnapshot } from "../../transport/conversation/conversation-reducer.ts";
import type { ChatMessage, ConversationSnapshot, HandoffPhase, Participant } from "../../transport/conversation.ts";
import { switchLocale } from "../locales/index.ts";
import { overrideTexts } from "../locales/text-overrides.ts";
import { markdownPlainText } from "../markdown/index.ts";
import type { HandoffAnswer } from "../widget-types.ts";
import { snapshotParts, type ChatModel, type ChatModelSettings, type SnapshotPart } from "./chat-model-types.ts";
import { advanceStory, emptyStory } from "./conversation-story.ts";
import { createFrameScheduler } from "./frame-scheduler.ts";
import { agentIdentity, presentParticipant } from "./participants.ts";
import { grownText } from "./streamed-text.ts";

export type { ChatModel, ChatModelSettings, WidgetEmitter } from "./chat-model-types.ts";

/** Client events the widget re-emits under their public `cap-chat:` names. */
const forwardedEvents = ["message", "state", "handoff", "end", "error"] as const;

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
