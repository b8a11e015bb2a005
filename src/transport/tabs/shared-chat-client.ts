import type { ChatClientOptions, SendResult } from "../chat-client-types.ts";
import { buildChatClient, checkMessage, type DiagnosableChatClient, type TabChatClient } from "../chat-client.ts";
import type { ChatMessage } from "../conversation.ts";
import { createConversationStore, type ConversationStore } from "../conversation/conversation-store.ts";
import { checkContext } from "../conversation-context.ts";
import type { OutboxEntry } from "../delivery/delivery.ts";
import { createSessionPersistence } from "../delivery/session-persistence.ts";
import { sessionStorageKeyFor } from "../session-storage-key.ts";
import type { SharingEnvironment } from "./shared-client-loader.ts";
import { broadcastStore } from "./broadcast-store.ts";
import { keepTranscript } from "./earlier-transcript.ts";
import { writesWhile } from "./guarded-storage.ts";
import { handTokens } from "./handed-tokens.ts";
import { isResumable } from "./resumable-session.ts";
import { storedKeysFor } from "./stored-keys.ts";
import { electTab } from "./tab-election.ts";
import type { ForwardedCommand, SendRequest, TabMessage } from "./tab-messages.ts";

/**
 * The client of `persist: "local"`: one conversation for every tab of the browser. One tab, elected with
 * `electTab`, holds the platform connection: it runs the ordinary client over shared storage and tells the
 * others every change of the conversation in order; the others mirror it, and hand what the visitor does
 * (messages, retries, the end) to the holder. A message written in any tab shows there at once as
 * `sending` and goes through the holder's one outbox under its own id, so it is delivered once; a tab keeps
 * it until the holder shows it, and hands it again to a new holder. When the holder closes, the next tab
 * takes over its session from shared storage, with the access token the holder handed round in memory (never
 * stored): what its outbox held, and what this tab showed as sending but the outbox lacked, are delivered
 * as after a reload, checked against the replay, so nothing is sent twice. A conversation whose session was
 * forgotten while it waited for the visitor (dormant) waits in the new holder too, whose client is built
 * dormant, until the visitor engages in any tab. A reset in any tab ends the session and removes every key
 * the widget wrote before the next tab may take the lock, and writes none again. The finished messages are kept (see
 * `keepTranscript`); a tab that loads when the session can no longer be resumed (idle past its expiry, or
 * ended) shows them under `earlier` and contacts nothing until the visitor engages.
 */
export function buildSharedChatClient(
  environment: SharingEnvironment,
  options: ChatClientOptions,
  store: ConversationStore = createConversationStore({ now: environment.now }),
): DiagnosableChatClient {
  const key = sessionStorageKeyFor(options.id);
  const storage = environment.sharedStorage;
  const tab = environment.createId();
  const channel = environment.openChannel(key);
  const persistence = createSessionPersistence(storage, true, key);
  const transcript = keepTranscript(storage, `${key}:transcript`, environment.now);
  const pending = new Map<string, SendRequest>();
  let holder: TabChatClient | null = null;
  let started = false;
  let destroyed = false;
  /**
   * A holder synced this tab with its whole conversation, so a take-over resumes after it rather than
   * replaying it. The changes a tab hears before that (a holder that closed before answering its hello) are
   * only part of it.
   */
  let mirrored = false;

  // Where the holder's client keeps its session, writing nothing once this tab is torn down: a reset ends the
  // session, which would store its record again for a moment, long enough for another tab to read it (each
  // tab's storage shows the others' writes a moment late) and resume the conversation it had reset.
  const holderStorage = writesWhile(storage, () => !destroyed);
  const post = (message: TabMessage) => {
    if (!destroyed) channel.postMessage(message);
  };
  let context = options.context ?? undefined;
  const sharedStore = broadcastStore(store, post);
  const [shareTokens, handedToken, keepToken] = handTokens(environment, post);

  const record = persistence.load();
  const kept = transcript.load();
  const resumable = isResumable(record, storage, key, environment.now());
  if (!resumable) {
    if (record?.outbox.length === 0) persistence.clear();
    // Shown as history: nothing is announced again.
    const messages = kept?.messages.map((message) => ({ ...message, earlier: true as const, history: true as const }));
    const state = store.exportState();
    if (messages) store.replaceState({ ...state, snapshot: { ...state.snapshot, messages } });
  }
  const keep = () => {
    if (holder && !destroyed) transcript.save(store.getSnapshot());
  };
  store.on("message", keep);
  store.on("end", keep);

  const takeOver = () => {
    if (destroyed || holder) return;
    // A message this tab shows as sending is in the stored outbox once the holder queued it (it is stored in
    // the same task). One the outbox lacks was either delivered, and then the kept transcript shows it sent
    // (written in the task that received its echo, whose notice this tab may not have received), or it never
    // reached the holder: queued anew, or checked against the replay when a session is stored.
    const stored = persistence.load();
    // A reset in another tab, whose message may come after the lock, removed the record and the kept transcript
    // both (a session only forgotten keeps the transcript): done here then, so nothing starts. A session
    // forgotten while nothing connects went dormant, waiting for the visitor: it waits here too.
    const snapshot = store.getSnapshot();
    const keptMessages = transcript.load()?.messages;
    const fromPlatform = (message: ChatMessage) => !message.earlier && (message.role !== "user" || message.status === "sent");
    const forgotten = !stored && !snapshot.ended && snapshot.messages.some(fromPlatform);
    if (forgotten && !keptMessages) return resetHere();
    const dormant = forgotten && snapshot.connection.status === "idle";
    const known = new Set(stored?.outbox.map((entry) => entry.id));
    const delivered = new Set(keptMessages?.map((message) => message.id));
    const unknown = snapshot.messages.filter((message) => message.status === "sending" && !known.has(message.id));
    const orphans = unknown.filter((message) => !delivered.has(message.id));
    if (stored && orphans.length > 0) {
      const unconfirmed = orphans.map(({ id, text, time }): OutboxEntry => ({
        id,
        text,
        time,
        attempts: 0,
        state: "in-flight",
        shown: true,
      }));
      persistence.save({ ...stored, outbox: [...stored.outbox, ...unconfirmed] });
    }
    pending.clear();
    for (const { id } of unknown) if (delivered.has(id)) sharedStore.apply({ kind: "user-message-sent", id });
    const client = buildChatClient(
      { ...environment, storage: holderStorage },
      { ...options, context },
      {
        store: sharedStore,
        resumeStoredSession: mirrored,
        shareTokens,
        dormant: dormant ? "session-not-resumed" : undefined,
      },
    );
    holder = client;
    if (!stored) for (const { id, text, time } of orphans) client.enqueue(id, text, time);
    // A dormant conversation waits for the visitor's next engagement: the start it had went with the lost session.
    if ((started && !dormant) || (stored && orphans.length > 0)) client.start();
    post({ type: "elected", started });
  };
  const stepDown = () => {
    holder?.destroy();
    holder = null;
    post({ type: "hello", from: tab });
  };
  const run = (name: ForwardedCommand, id = "") => {
    if (name === "start") started = true;
    if (!holder) return post({ type: "command", name, id });
    if (name === "retry") holder.retry(id);
    else holder[name]();
  };
  channel.onmessage = ({ data }) => {
    const message = data as TabMessage;
    if (destroyed) return;
    switch (message.type) {
      case "hello":
        if (holder) post({ type: "sync", to: message.from, state: store.exportState(), token: handedToken(), started });
        return;
      case "sync":
        if (message.to !== tab || holder) return;
        store.replaceState(message.state);
        mirrored = true;
        keepToken(message.token);
        started ||= message.started;
        return;
      case "elected":
        started ||= message.started;
        // A new holder never heard this tab's hello if the one before closed first.
        if (!mirrored) post({ type: "hello", from: tab });
        for (const request of pending.values()) post(request);
        return;
      case "events":
        if (holder) return;
        return store.batch(() => {
          for (const event of message.events) {
            if ("id" in event) pending.delete(event.id);
            store.apply(event);
          }
        });
      case "token":
        keepToken(message.token);
        return;
      case "send":
        // A message the holder already shows came before, from this request or the outbox it took over.
        if (holder && !store.getSnapshot().messages.some((shown) => shown.id === message.id)) {
          // The context of the tab the visitor wrote in goes with its message (and the next, until another writes).
          holder.setContext(message.context);
          holder.enqueue(message.id, message.text, message.time);
        }
        return;
      case "command":
        if (message.name === "start") started = true;
        if (holder) run(message.name, message.id);
        return;
      case "reset":
        return resetHere();
    }
  };
  const elect = () => electTab(environment, `${key}:holder`, tab, (holding) => (holding ? takeOver() : stepDown()));
  let release = elect();
  post({ type: "hello", from: tab });
  // A frozen tab runs nothing: it lets another hold the connection at once, and asks for it again on waking.
  let frozen = false;
  const stopFreezing =
    environment.onFreeze?.((freezing) => {
      if (destroyed || freezing === frozen) return;
      frozen = freezing;
      release();
      if (freezing) {
        holder?.destroy();
        holder = null;
      } else {
        release = elect();
        post({ type: "hello", from: tab });
      }
    }) ?? (() => {});

  const teardown = () => {
    destroyed = true;
    release();
    stopFreezing();
    channel.close();
  };
  const resetHere = () => {
    if (destroyed) return;
    const client = holder;
    holder = null;
    // Every key goes before the lock, the session's record last, so a tab granted the lock finds none of them.
    for (const stored of storedKeysFor(options.id).reverse()) {
      try {
        storage.removeItem(stored);
      } catch {
        // A key that cannot be removed could not have been written either.
      }
    }
    teardown();
    if (client) return client.reset();
    store.apply({ kind: "reset" });
    store.apply({ kind: "session-ended", reason: "reset" });
  };

  const send = (text: string): SendResult => {
    if (holder) {
      holder.setContext(context);
      return holder.send(text);
    }
    const trimmed = text.trim();
    const id = environment.createId();
    const result = checkMessage(trimmed, id, destroyed || store, context);
    if (!result.accepted) return result;
    const request: SendRequest = { type: "send", id, text: trimmed, time: environment.now(), context };
    started = true;
    store.apply({ kind: "user-message-queued", id, text: trimmed, time: request.time });
    pending.set(id, request);
    post(request);
    return result;
  };

  return {
    get diagnostics() {
      return holder?.diagnostics ?? { invalidFrames: 0, lifecycle: [] };
    },
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    on: store.on,
    off: store.off,
    start: () => run("start"),
    resume() {
      if (resumable || started) run("start");
      return started;
    },
    send,
    setContext(next) {
      const result = checkContext(next);
      if (result.accepted) context = next ?? undefined;
      holder?.setContext(context);
      return result;
    },
    chooseSuggestion: send,
    conversationId: () => holder?.conversationId() ?? persistence.load()?.sessionId ?? null,
    typing: () => run("typing"),
    retry: (id) => run("retry", id),
    retryNow: () => run("retryNow"),
    end: () => run("end"),
    newConversation: () => run("newConversation"),
    now: environment.now,
    destroy() {
      if (destroyed) return;
      teardown();
      holder?.destroy();
      holder = null;
    },
    reset() {
      post({ type: "reset" });
      resetHere();
    },
  };
}
