import type { ChatClient, ChatClientOptions, SendResult } from "./chat-client-types.ts";
import { checkContext, type ContextResult, type ConversationContext } from "./conversation-context.ts";
import { createConversationStore, type ConversationStore } from "./conversation/conversation-store.ts";
import type { ChatErrorInfo } from "./conversation.ts";
import { createDelivery } from "./delivery/delivery.ts";
import { jsonBytes, userMessageFrame } from "./delivery/message-frame.ts";
import { createSessionPersistence } from "./delivery/session-persistence.ts";
import { sessionStorageKeyFor } from "./session-storage-key.ts";
import type { Environment } from "./environment.ts";
import { toChatError } from "./errors.ts";
import { resolveMessagingEndpoints, resolveSiteUrl, type MessagingEndpoints } from "./http/url-policy.ts";
import { sizeRefusal, type LifecyclePhase } from "./lifecycle/transition.ts";
import type { SessionAccessOptions, TokenOrigin } from "./messaging/session-access.ts";
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
  /** How tokens are shared with the other tabs (see `SessionAccessOptions`). */
  shareTokens?: SessionAccessOptions["shareTokens"];
  /** The store already shows the stored session's history: the first socket resumes after it, not from the start. */
  resumeStoredSession?: boolean;
}

/** The transport the options ask for, or why they cannot work. */
type Plan = { endpoints?: MessagingEndpoints; tokens?: TokenOrigin; fallback?: boolean; useChatApiNow?: boolean; error?: ChatErrorInfo };

/**
 * Creates the framework-free chat client. Nothing happens until `start()`, `resume()` or a first `send`.
 * The transport is chosen from the options: `transport: "chat"`, or only `chatUrl` configured, uses the
 * Chat API; otherwise Messaging, which with `auto` (the default) and a `chatUrl` falls back to the Chat API
 * when the environment has no WebSocket or when WebSockets never get through while the REST calls work.
 * Invalid options never throw: the connection becomes `failed` with a `configuration` error whose code
 * says what to fix. Every effect goes through `environment`; `options.environment` is not read.
 */
export function buildChatClient(environment: Environment, options: ChatClientOptions = {}, parts: ClientParts = {}): TabChatClient {
  const store = parts.store ?? createConversationStore({ now: environment.now });
  const plan = choosePlan(options, environment);
  let context: ConversationContext | undefined;
  const setContext = (next: unknown): ContextResult => {
    const result = checkContext(next);
    if (result.accepted) context = (next ?? undefined) as ConversationContext | undefined;
    return result;
  };
  const { accepted, ...refusal } = setContext(options.context);
  if (!accepted) plan.error ??= { kind: "configuration", ...(refusal as Omit<ChatErrorInfo, "kind">) };
  const currentContext = () => context;
  const persistence = createSessionPersistence(environment.storage, options.persist !== "none", sessionStorageKeyFor(options.id));
  const restored = plan.endpoints ? persistence.load() : null;
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
        transport = createChatApiTransport({ environment, options, context: currentContext, apply: store.apply, delivery });
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

  if (plan.endpoints && plan.tokens) {
    transport = messaging = createMessagingTransport({
      environment,
      apply: store.apply,
      batch: store.batch,
      agentEngaged: store.agentEngaged,
      delivery,
      endpoints: plan.endpoints,
      tokens: plan.tokens,
      host: options.host ?? environment.pageHost(),
      platform: options.platform ?? "web",
      streaming: options.streaming ?? true,
      transport: plan.fallback ? "auto" : "messaging",
      persistence,
      restored,
      context: currentContext,
      useChatApi: Boolean(plan.useChatApiNow),
      handOver: useChatApi,
      shareTokens: parts.shareTokens,
      resumeCursor: parts.resumeStoredSession ? restored?.historyThrough : undefined,
      agentJoined: parts.resumeStoredSession && store.getSnapshot().agent !== null,
    });
  }

  const start = () => {
    if (started || destroyed) return;
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
    start,
    resume() {
      if (restored && !plan.error) start();
      return started;
    },
    send,
    setContext,
    chooseSuggestion: send,
    typing: () => transport?.typing(),
    retry(messageId) {
      if (!destroyed) delivery.retry(messageId);
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

function choosePlan(options: ChatClientOptions, environment: Environment): Plan {
  const transport = options.transport ?? "auto";
  const hasChat = Boolean(options.chatUrl?.trim());
  const invalid = (code: "chat-url-required" | "missing-options" | "websocket-unavailable"): Plan => ({
    error: { kind: "configuration", code },
  });
  if (transport === "chat") return hasChat ? {} : invalid("chat-url-required");
  try {
    const { messagingUrl, connectorToken, tokenUrl, getAccessToken } = options;
    const endpoints = messagingUrl ? resolveMessagingEndpoints(messagingUrl) : null;
    const tokens: TokenOrigin | null =
      endpoints === null
        ? null
        : getAccessToken
          ? { getAccessToken }
          : tokenUrl
            ? { tokenUrl: resolveSiteUrl("tokenUrl", tokenUrl) }
            : connectorToken
              ? { connectorToken, host: options.host ?? environment.pageHost() }
              : null;
    if (!endpoints || !tokens) return transport === "auto" && hasChat ? {} : invalid("missing-options");
    const fallback = transport === "auto" && hasChat;
    const useChatApiNow = environment.createWebSocket === null;
    if (useChatApiNow && !fallback) return invalid("websocket-unavailable");
    return { endpoints, tokens, fallback, useChatApiNow };
  } catch (error) {
    const { code, parameters } = toChatError(error);
    return { error: { kind: "configuration", code, parameters } };
  }
}
