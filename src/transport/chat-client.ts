import type { ChatClient, ChatClientOptions, SendResult } from "./chat-client-types.ts";
import { checkContext, type ContextResult, type ConversationContext } from "./conversation-context.ts";
import { createConversationStore, type ConversationStore } from "./conversation/conversation-store.ts";
import type { ChatErrorInfo } from "./conversation.ts";
import { createDelivery } from "./delivery/delivery.ts";
import { jsonBytes, userMessageFrame } from "./delivery/message-frame.ts";
import { createSessionPersistence } from "./delivery/session-persistence.ts";
import type { Environment } from "./environment.ts";
import { resolveClientPlan } from "./client-plan.ts";
import { sizeRefusal, type LifecyclePhase, type NewSessionNotice } from "./lifecycle/transition.ts";
import type { TokenHook } from "./messaging/session-access.ts";
import { createMessagingTransport, type MessagingTransport } from "./messaging/messaging-transport.ts";
import type { Transport } from "./transport.ts";

/** What the client noticed without failing: undecodable frames and the lifecycle's recent phases. */
export interface ChatClientDiagnostics {
  readonly invalidFrames: number;
  /** The Messaging lifecycle's recent phases, oldest first (empty when only the Chat API is used). */
  readonly lifecycle: readonly LifecyclePhase[];
}

/** The chat client with its diagnostics. */
export interface DiagnosableChatClient extends ChatClient {
  readonly diagnostics: ChatClientDiagnostics;
}

/** The chat client of one tab, as the tab holding a shared conversation drives it for the others. */
export interface TabChatClient extends DiagnosableChatClient {
  /** Queues a message another tab wrote, under that tab's id; one already in the outbox is not queued again. */
  enqueue(id: string, text: string, time: number): void;
}

/** What a client shared across tabs lends the tab holding the connection (see `tabs/shared-chat-client.ts`). */
export interface ClientParts {
  /** The store to feed, which the tab's mirror of the conversation already fills. */
  store?: ConversationStore;
  /** How tokens are shared with the other tabs (see `TokenHook`). */
  shareTokens?: TokenHook;
  /** The store already shows the stored session's history: the first socket resumes after it, not from the start. */
  resumeStoredSession?: boolean;
  /** The conversation waits for the visitor, its session forgotten: see `MessagingTransportOptions.dormant`. */
  dormant?: NewSessionNotice;
}

/**
 * Creates the framework-free chat client. Nothing happens until `start()`, `resume()` or a first `send`.
 * The options are resolved once (see `resolveClientPlan`): the Chat API, or Messaging, which with `auto`
 * (the default) and a `chatUrl` falls back to the Chat API when the environment has no WebSocket or when
 * WebSockets never get through while the REST calls work. Invalid options never throw: the connection
 * becomes `failed` with a `configuration` error whose code says what to fix. Every effect goes through
 * `environment`; `options.environment` is not read.
 */
export function buildChatClient(environment: Environment, options: ChatClientOptions = {}, parts: ClientParts = {}): TabChatClient {
  const store = parts.store ?? createConversationStore({ now: environment.now, random: environment.random });
  const plan = resolveClientPlan(options, environment);
  let context: ConversationContext | undefined;
  const setContext = (next: unknown): ContextResult => {
    const result = checkContext(next);
    if (result.accepted) context = (next ?? undefined) as ConversationContext | undefined;
    return result;
  };
  const { accepted, ...refusal } = setContext(options.context);
  if (!accepted) plan.error ??= { kind: "configuration", ...(refusal as Omit<ChatErrorInfo, "kind">) };
  const currentContext = () => context;
  const persistence = createSessionPersistence(environment.storage, plan.persistence.enabled, plan.persistence.key);
  const restored = plan.messaging ? persistence.load() : null;
  let transport: Transport | null = null;
  let messaging: MessagingTransport | null = null;
  let started = false;
  let destroyed = false;
  /** The Chat API could not be loaded: what is written fails at once, never silently. */
  let unavailable = false;
  const delivery = createDelivery(
    store.apply,
    () => (transport ? transport.send() : unavailable && delivery.failQueued()),
    restored?.outbox,
  );

  /** Loads the Chat API transport on demand (most clients never need it) and makes it the transport. */
  const useChatApi = () => {
    transport = null;
    import("./chat-api/chat-api-transport.ts").then(
      ({ createChatApiTransport }) => {
        if (destroyed) return;
        const chat = plan.chat ?? { error: { kind: "configuration", code: "chat-url-required" } };
        transport = createChatApiTransport({ environment, plan: chat, context: currentContext, apply: store.apply, delivery });
        transport.start();
      },
      () => {
        if (destroyed) return;
        unavailable = true;
        const error = { kind: "network", code: "chat-api-unavailable" } as const;
        store.apply({ kind: "connection-changed", connection: { status: "failed", error }, transport: "chat" });
        delivery.failQueued();
      },
    );
  };

  if (plan.messaging && !plan.error) {
    transport = messaging = createMessagingTransport({
      environment,
      plan: plan.messaging,
      apply: store.apply,
      batch: store.batch,
      agentEngaged: store.agentEngaged,
      delivery,
      persistence,
      restored,
      context: currentContext,
      useChatApi: plan.useChatApiNow,
      handOver: useChatApi,
      shareTokens: parts.shareTokens,
      resumeCursor: parts.resumeStoredSession ? restored?.historyThrough : undefined,
      agentJoined: parts.resumeStoredSession && store.getSnapshot().agent !== null,
      dormant: parts.dormant,
    });
  }

  const start = () => {
    if (destroyed) return;
    if (started) return transport?.start();
    started = true;
    if (plan.error) store.apply({ kind: "connection-changed", connection: { status: "failed", error: plan.error } });
    else if (transport) transport.start();
    else useChatApi();
  };

  const send = (text: string): SendResult => {
    const trimmed = text.trim();
    const id = environment.createId();
    // While the Chat API loads, its rule applies.
    const result = checkMessage(trimmed, id, destroyed || store, context, transport ? transport.admit : sizeRefusal);
    if (!result.accepted) return result;
    start();
    delivery.enqueue(id, trimmed, environment.now());
    return result;
  };

  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    messaging?.destroy();
    if (transport !== messaging) transport?.destroy();
  };

  return {
    get diagnostics(): ChatClientDiagnostics {
      return { invalidFrames: messaging?.diagnostics.invalidFrames ?? 0, lifecycle: [...(messaging?.trace ?? [])] };
    },
    getSnapshot: store.getSnapshot,
    // Once destroyed, nothing reaches the store any more, so listeners are simply never called again.
    subscribe: store.subscribe,
    on: store.on,
    off: store.off,
    start,
    resume() {
      if (restored && !plan.error) start();
      return started;
    },
    send,
    setContext,
    chooseSuggestion: send,
    typing: () => transport?.typing(),
    retry(id) {
      if (destroyed || delivery.retry(id)) return;
      // A turn tried again: a message that did not arrive goes again with its id, one that did as a new one.
      const target = store.retryTarget(id);
      if (target === null) return;
      store.apply({ kind: "retry-taken", id });
      const asked = store.getSnapshot().messages.find((message) => message.id === target);
      if (!delivery.retry(target) && asked) send(asked.text);
    },
    retryNow: () => transport?.retry(),
    end() {
      if (started && !destroyed) transport?.end();
    },
    newConversation() {
      if (!started) return start();
      if (!destroyed) transport?.newConversation();
    },
    now: environment.now,
    conversationId: () => transport?.conversationId() ?? null,
    destroy,
    reset() {
      if (destroyed) return;
      if (started) transport?.end();
      destroy();
      persistence.clear();
      store.apply({ kind: "reset" });
      store.apply({ kind: "session-ended", reason: "reset" });
    },
    enqueue(id, text, time) {
      if (destroyed || store.getSnapshot().ended) return;
      start();
      delivery.enqueue(id, text, time);
    },
  };
}

/**
 * Whether the message `trimmed`, sent as `id` with `context`, may be queued: not by a destroyed client
 * (`conversation` is `true`), not empty, not into an ended conversation, and within the size `admit` allows
 * for its frame.
 */
export function checkMessage(
  trimmed: string,
  id: string,
  conversation: true | { getSnapshot(): { ended: unknown } },
  context?: ConversationContext,
  admit: (frameBytes: number) => { limitBytes: number } | null = sizeRefusal,
): SendResult {
  const refuse = (code: "message-empty" | "conversation-ended" | "client-destroyed") =>
    ({ accepted: false, code, parameters: {} }) as const;
  if (conversation === true) return refuse("client-destroyed");
  if (trimmed === "") return refuse("message-empty");
  if (conversation.getSnapshot().ended) return refuse("conversation-ended");
  const refusal = admit(jsonBytes(userMessageFrame(id, trimmed, context)));
  return refusal ? { accepted: false, code: "message-too-large", parameters: refusal } : { accepted: true };
}
