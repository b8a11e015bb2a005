// Components read signals; the integration hooks into Preact when loaded, so it comes before the first render.
import { effect } from "@preact/signals";
import { h, render } from "preact";
import { createChatClient } from "../../index.ts";
import type { ChatClient } from "../../transport/chat-client-types.ts";
import { createEmitter } from "../../transport/emitter.ts";
import { clientOptions } from "./client-options.ts";
import { ChatApp } from "../components/chat-app.tsx";
import { en, switchLocale } from "../locales/index.ts";
import { createChatModel, type ChatModel } from "../model/chat-model.ts";
import { widgetStorage, withStorage, type SessionMemory } from "../memory/session-memory.ts";
import { alertedKey, notificationAnswerKey, remember } from "../attention/local-memory.ts";
import { sessionStorageKeyFor } from "../../transport/session-storage-key.ts";
import { adoptStyleSheets } from "../styles/style-sheet.ts";
import { followVisualViewport } from "../page/viewport-follower.ts";
import { guardFloatingHost, WIDGET_HOST_TAG_NAME } from "../page/floating-host.ts";
import type { BasicChatController, WidgetEvents, WidgetOptions } from "../widget-types.ts";
import { isTouchScreen } from "../page/touch-screen.ts";
import { watchAttention } from "../attention/attention.ts";
import { unreadMemoryFor } from "../attention/unread-memory.ts";
import { sessionRecordFor } from "../memory/session-record.ts";

/** A mounted widget: its controller, and what `mountChat` builds live updates from. */
export interface MountedWidget {
  controller: BasicChatController;
  model: ChatModel;
  readonly destroyed: boolean;
  /** Destroys the client in use and follows `next` instead, announcing it with `cap-chat:ready`. */
  replaceClient(next: ChatClient): void;
  /**
   * Takes the options as they now stand: feedback goes to the companion they name, its controls' file is
   * loaded the first time `feedback` is set, and the voice ways out `options.voice` names are offered, their
   * file loaded the first time `voice` is set.
   */
  applyOptions(options: WidgetOptions): void;
  /** A new client from the options in force (a reset leaves the conversation to one). */
  freshClient(): ChatClient;
}

/**
 * Mounts the chat widget. Given an element, appends a host `<cap-chat-host>` to it with an open shadow
 * root, which keeps page CSS out (a tag with a dash, which a page's generic rules such as `div` rules do not
 * reach); given a shadow root (the custom element's own), renders into it. While the widget floats, its host
 * is guarded against page rules that would move it (see `guardFloatingHost`). `styleSheets`, the
 * widget's rules as constructable stylesheets, are adopted in order. The client (created from `options`,
 * or `options.client`) is owned by the widget: `destroy()` destroys it. With `start: "open"` (the default)
 * it is started only when the visitor engages: the panel opens, focus enters the widget (an inline panel is
 * on show from the start) or a message is sent. It starts at mount with `start: "load"`, in full-screen
 * mode, or when the tab has a stored conversation whose session can still be resumed (`resume`; not once it
 * expired or ended while no tab was open). Every later opening of the panel is an engagement too, which
 * wakes a conversation whose session expired while it was left alone. The panel's open state is stored with
 * the session and restored with it, and with `persist: "local"` it follows the other tabs, as the unsent
 * draft does. `cap-chat:ready` is emitted in a microtask, so a handler added right after mounting receives
 * it. With `voice`, its file is loaded and offers "Call me back" and "Call us" in the panel's menu; with
 * `feedback`, the feedback controls' file is loaded; a page without them never loads either.
 */
export function mountWidget(
  target: HTMLElement | ShadowRoot,
  options: WidgetOptions,
  styleSheets: readonly (CSSStyleSheet | null)[],
  memory: SessionMemory,
): MountedWidget {
  let destroyed = false;
  // A shadow root is a document fragment (node type 11); this test also holds across frames.
  const ownHost = target.nodeType === 11 ? null : target.appendChild(target.ownerDocument.createElement(WIDGET_HOST_TAG_NAME));
  const root = ownHost ? ownHost.attachShadow({ mode: "open" }) : (target as ShadowRoot);
  // A failing page handler breaks neither the widget nor the other handlers; it still surfaces.
  const events = createEmitter<WidgetEvents>();
  const { emit, on } = events;

  // The options as the controller last applied them: feedback goes to the companion they name.
  let settings = options;
  const mode = options.mode ?? "floating";
  let client = options.client ?? createChatClient(clientOptions(options));
  // A stored conversation resumes only while its session can be (not once it expired or ended); only then
  // does its panel open again.
  let engaged = options.start === "load" || (memory.hasSession && client.resume());
  const model = createChatModel(client, {
    open: Boolean(options.open) || (mode === "floating" && memory.panelWasOpen && engaged),
    mode,
    position: options.position,
    locale: en,
    strings: options.strings,
    title: options.headerTitle,
    avatarUrl: options.avatarUrl,
    welcomeText: options.welcomeText,
    notify: options.notify,
    feedback: options.feedback,
    emit,
  });
  switchLocale(model.language, options.locale);
  // Each engagement is told to the client: one whose session expired while left alone goes on then.
  const engage = () => {
    engaged = true;
    client.start();
  };
  // Follows the client, starts it once engaged, and announces it once the caller had a chance to listen.
  const use = (next: ChatClient, resumed = false) => {
    model.attach(next);
    // A reset, here or in another tab, leaves a client that starts afresh on the next open or send.
    next.on("end", ({ reason }) => {
      if (reason !== "reset" || next !== client || destroyed) return;
      engaged = false;
      forgetFeedback();
      model.draft.value = "";
      for (const key of [alertedKey, notificationAnswerKey]) remember(key, null);
      model.setOpen(false);
      queueMicrotask(() => !destroyed && next === client && replaceClient(mounted.freshClient()));
    });
    if (engaged) next.start();
    else if (memory.hasSession && !resumed) engaged = next.resume();
    queueMicrotask(() => {
      if (next === client && !destroyed) emit("cap-chat:ready", { client: next });
    });
  };
  use(client, true);
  adoptStyleSheets(root, styleSheets);
  const hostGuard = guardFloatingHost(root);
  let shown = false;
  const stopWatching = effect(() => {
    const open = model.open.value;
    const floating = model.mode.value === "floating";
    hostGuard.floats(model.mode.value !== "inline");
    // Opening focuses the input, which takes text only once the client has started: it is asked to
    // take focus as soon as it can. (The composer ignores a request made before it rendered, so a panel
    // mounted open takes no focus from the page.) On a touch screen the panel keeps it: no keyboard pops up.
    if (open && floating && !engaged && !isTouchScreen()) model.focusInput();
    const fullscreen = model.mode.value === "fullscreen";
    if ((open || fullscreen) && !shown) engage();
    shown = open || fullscreen;
    memory.rememberPanel(open);
  });
  // An inline widget starts on the visitor's first focus inside it, or first message; a floating one's
  // launcher may take focus without the visitor asking for anything.
  const engageInline = () => model.mode.value === "inline" && engage();
  root.addEventListener("focusin", engageInline);
  // The open panel and the draft follow the other tabs of a conversation kept in the browser: their changes
  // to its keys reach this tab as storage events (never its own, nor those of sessionStorage).
  const shared = `${sessionStorageKeyFor(options.id)}:draft`;
  const storage = options.persist === "session" ? null : widgetStorage(options.persist);
  // Where storage refuses, the draft stays in this tab.
  const keep = <Result>(write: (available: Storage) => Result) => withStorage(storage, write);
  model.draft.value = keep((available) => available.getItem(shared)) ?? "";
  // A draft another tab wrote is not written back: an older one written over a newer one would take
  // keystrokes from the visitor typing there.
  let followed: string | undefined;
  const stopDraft = effect(() => {
    const draft = model.draft.value;
    if (draft !== followed) keep((available) => (draft ? available.setItem(shared, draft) : available.removeItem(shared)));
    followed = undefined;
  });
  const follow = ({ key, newValue }: StorageEvent) => {
    if (key === shared) model.draft.value = followed = newValue ?? "";
    if (key === shared.replace(/draft$/, "panel")) model.setOpen(newValue === "open");
  };
  addEventListener("storage", follow);
  // The tabs of the browser tell each other about replies under the widget's id; one tab alone where they cannot.
  const port = typeof BroadcastChannel === "function" ? new BroadcastChannel(`cap-chat:${options.id ?? ""}`) : null;
  const stopAttention = watchAttention({ model, on, emit, port, saved: unreadMemoryFor(options, memory.hasSession) });
  render(h(ChatApp, { model }), root);
  const stopFollowing = followVisualViewport(root);
  // Read (or, with no session, cleared) at mount whether or not feedback is on, as the session's other records.
  let feedbackRecord = sessionRecordFor(options, "feedback", memory.hasSession);
  const showFeedback = () =>
    import("../feedback/feedback-controls.tsx").then(({ createFeedbackControls, deliverFeedback }) => {
      if (destroyed) return;
      model.feedbackControls.value = createFeedbackControls(root, feedbackRecord, (detail) => {
        emit("cap-chat:feedback", detail);
        deliverFeedback(settings, client, detail);
      });
    });
  // A reset removes the kept choices, and loaded controls start again from none.
  function forgetFeedback(): void {
    feedbackRecord = sessionRecordFor(options, "feedback", false);
    if (feedbackLoaded) showFeedback();
  }
  // Each loaded once a widget has `feedback` or `voice`, and voice then told of every change of the options;
  // a failure to load surfaces on the console as the rejection it is.
  let feedbackLoaded = false;
  let voiceLoaded = false;
  const applyOptions = (next: WidgetOptions) => {
    settings = next;
    if (next.feedback && !feedbackLoaded) {
      feedbackLoaded = true;
      showFeedback();
    }
    if (!next.voice && !voiceLoaded) return;
    voiceLoaded = true;
    import("../voice/voice.tsx").then((voice) => destroyed || voice.offerVoice(model, next, root, emit));
  };
  applyOptions(options);

  function replaceClient(next: ChatClient): void {
    // Detached first, so nothing the old client does while it shuts down reaches the page.
    model.dispose();
    client.destroy();
    client = next;
    use(next);
  }

  const mounted: MountedWidget = {
    applyOptions,
    freshClient: () => createChatClient(clientOptions(options)),
    model,
    get destroyed() {
      return destroyed;
    },
    replaceClient,
    controller: {
      get client() {
        return client;
      },
      open: () => model.setOpen(true),
      close: () => model.setOpen(false),
      toggle: () => model.setOpen(!model.open.value),
      send(text) {
        engage();
        client.send(text);
      },
      end: () => client.end(),
      reset: () => client.reset(),
      prompt(text) {
        if (!model.open.peek()) model.prompt.value = text;
      },
      on,
      off: events.off,
      destroy() {
        if (destroyed) return;
        destroyed = true;
        stopWatching();
        root.removeEventListener("focusin", engageInline);
        stopDraft();
        removeEventListener("storage", follow);
        stopAttention();
        port?.close();
        model.dispose();
        client.destroy();
        render(null, root);
        stopFollowing();
        hostGuard.remove();
        ownHost?.remove();
        events.clear();
      },
    },
  };
  return mounted;
}
