import { computed, effect, signal } from "@preact/signals";
import type { ChatMessage } from "../../transport/conversation.ts";
import type { ChatModel } from "../model/chat-model.ts";
import type { WidgetEventHandler, WidgetEventName, WidgetEvents } from "../widget-types.ts";
import { addToTitle } from "./page-title.ts";
import type { UnreadMemory } from "./unread-memory.ts";

/**
 * How the tabs of a browser tell each other about replies: a `BroadcastChannel`, or a channel a future
 * cross-tab conversation shares. Null: this tab alone.
 */
export interface AttentionPort {
  postMessage(message: AttentionMessage): void;
  onmessage: ((event: MessageEvent<AttentionMessage>) => void) | null;
}

/** What a tab tells the others: replies the visitor has seen, and its claim to alert for one. */
export interface AttentionMessage {
  /** Reply ids the visitor has seen, in this tab. */
  seen?: readonly string[];
  /** A reply this tab would alert for, from `tab`, with the rank that decides which tab does. */
  claim?: string;
  tab?: string;
  rank?: number;
}

/** The sound and browser notifications, a file of their own that only pages asking for them load. */
export interface Alerts {
  /**
   * Alerts for the unseen `reply` in one tab of the browser, as `notify` says (`sound`: any reply; `system`: a
   * live agent's), unless it is seen first or another tab alerts for it.
   */
  claim(reply: ChatMessage): void;
  /** Hears another tab's claim. */
  hear(message: AttentionMessage): void;
}

/** What `watchAttention` needs of the mounted widget. */
export interface AttentionHost {
  model: ChatModel;
  on<Name extends WidgetEventName>(name: Name, handler: WidgetEventHandler<Name>): () => void;
  emit<Name extends WidgetEventName>(name: Name, detail: WidgetEvents[Name]): void;
  port: AttentionPort | null;
  /** Where the unseen replies are kept across a reload of the tab. */
  saved: UnreadMemory;
}

/**
 * Tells a visitor who looks away of each reply (an agent's or a live agent's finished message), as the
 * `notify` option says. A reply is unseen unless the visitor looks at the panel (the page is visible and the
 * panel open, or not floating) in this tab or another one of the same conversation. Unseen replies are
 * counted in `model.unread` (kept across a reload in `saved`) and reported by `cap-chat:unread`; with any mode but `none`, the count stands
 * before the page's title. Once the visitor looks, the count clears in every tab. `sound` and `system` load
 * their code on demand, and alert once per reply in one tab of the browser. Returns the stopper.
 */
export function watchAttention({ model, port, on, emit, saved }: AttentionHost): () => void {
  const unread = signal<readonly string[]>(saved.ids);
  // Replies another tab said were seen: one this tab learns of later is not counted.
  const seenElsewhere = new Set<string>();
  const visible = signal(!document.hidden);
  const looking = computed(() => visible.value && (model.open.value || model.mode.value !== "floating"));
  const post = (message: AttentionMessage) => port?.postMessage(message);
  let alerts: Promise<Alerts> | undefined;
  // What this widget adds to the page's title.
  let titled = 0;
  const onVisibility = () => (visible.value = !document.hidden);
  document.addEventListener("visibilitychange", onVisibility);
  if (port)
    port.onmessage = ({ data }) => {
      for (const id of data.seen ?? []) seenElsewhere.add(id);
      unread.value = unread.value.filter((id) => !seenElsewhere.has(id));
      void alerts?.then((loaded) => loaded.hear(data));
    };
  const stops = [
    effect(() => {
      const notify = model.notify.value;
      const count = unread.value.length;
      saved.keep(unread.value);
      addToTitle((notify === "none" ? 0 : count) - titled);
      titled = notify === "none" ? 0 : count;
      if (model.unread.peek() !== count) emit("cap-chat:unread", { count: (model.unread.value = count) });
      // A page asking for a sound or notifications loads them at once, ready for the visitor.
      if (notify === "sound" || notify === "system")
        alerts ??= import("./alerts.ts").then((loaded) => loaded.createAlerts(model, post, (id) => unread.peek().includes(id)));
    }),
    effect(() => {
      if (!looking.value || unread.peek().length === 0) return;
      post({ seen: unread.peek() });
      unread.value = [];
    }),
    // A reset leaves nothing unseen (what this tab kept of it goes too).
    on("cap-chat:end", ({ reason }) => void (reason === "reset" && (unread.value = []))),
    on("cap-chat:message", (reply) => {
      if (reply.role === "user" || seenElsewhere.has(reply.id)) return;
      if (looking.peek()) return post({ seen: [reply.id] });
      unread.value = [...unread.value, reply.id];
      void alerts?.then((loaded) => loaded.claim(reply));
    }),
  ];
  return () => {
    for (const stop of stops) stop();
    document.removeEventListener("visibilitychange", onVisibility);
    if (port) port.onmessage = null;
    addToTitle(-titled);
  };
}
