import type { ChatApiTransport } from "./chat-api-transport.ts";
import type { ChatClient, ChatClientOptions } from "./chat-client-types.ts";
import type { LifecyclePhase } from "./connection-state.ts";
import { createConversationStore } from "./conversation-store.ts";
import type { ChatErrorInfo } from "./conversation.ts";
import type { Environment } from "./environment.ts";
import { isChatError } from "./errors.ts";
import { createMessagingClient, type MessagingClient } from "./messaging-client.ts";
import type { OutboxEntry } from "./outbox.ts";
import { resolveMessagingEndpoints, type MessagingEndpoints } from "./url-policy.ts";

/** What the client noticed without failing: undecodable frames and the lifecycle's recent phases. */
export interface ChatClientDiagnostics {
  readonly invalidFrames: number;
  readonly lastInvalidReason: string | null;
  /** The Messaging lifecycle's recent phases, oldest first (empty when only the Chat API is used). */
  readonly lifecycle: readonly LifecyclePhase[];
}

/** The chat client with its diagnostics. */
export interface DiagnosableChatClient extends ChatClient {
  readonly diagnostics: ChatClientDiagnostics;
}

/** The transport the options ask for, or why they cannot work. */
type Plan = { endpoints?: MessagingEndpoints; fallback?: boolean; useChatApiNow?: boolean; error?: ChatErrorInfo };

/**
 * Creates the framework-free chat client. Nothing happens until `start()` (or a first `send`). The
 * transport is chosen from the options: `transport: "chat"`, or only `chatUrl` configured, uses the
 * Chat API; otherwise Messaging, which with `auto` (the default) and a `chatUrl` falls back to the Chat API
 * when the environment has no WebSocket or when WebSockets never get through while the REST calls work.
 * Invalid options (a plain-http `messagingUrl` off loopback, nothing to connect to) never throw: the
 * connection becomes `failed` with a `configuration` error that says what to fix. Every effect goes
 * through `environment` (the `cap-chat` entry supplies the browser's); `options.environment` is not read.
 */
export function buildChatClient(environment: Environment, options: ChatClientOptions = {}): DiagnosableChatClient {
  const store = createConversationStore({ now: environment.now });
  const plan = choosePlan(options, environment);
  let messaging: MessagingClient | null = null;
  /** The Chat API transport once chosen: loaded on demand, as most clients never need it. */
  let chatLoading: Promise<ChatApiTransport> | null = null;
  let chat: ChatApiTransport | null = null;
  let started = false;
  let destroyed = false;

  /**
   * Runs `action` on the Chat API transport: at once when loaded, else in call order once it has; when it
   * cannot be loaded, `unavailable` runs instead.
   */
  const withChat = (action: (transport: ChatApiTransport) => void, unavailable: () => void = () => undefined) => {
    if (chat) action(chat);
    else void chatLoading?.then(action, unavailable);
  };

  const startChat = (pending: readonly OutboxEntry[] = []) => {
    const loading: Promise<ChatApiTransport> = import("./chat-api-transport.ts").then(({ createChatApiTransport }) => {
      const transport = createChatApiTransport({ environment, options, store });
      // A newer conversation, or the end of the client, overtook this load.
      if (destroyed || chatLoading !== loading) {
        transport.destroy();
      } else {
        chat = transport;
        transport.start(pending);
      }
      return transport;
    });
    chatLoading = loading;
    loading.catch(() => {
      if (destroyed || chatLoading !== loading) return;
      const error = { kind: "network", message: "The Chat API could not be loaded." } as const;
      store.apply({ kind: "connection-changed", connection: { status: "failed", error }, transport: "chat" });
      for (const { id } of pending) store.apply({ kind: "user-message-failed", id });
    });
  };

  if (plan.endpoints) {
    messaging = createMessagingClient(
      environment,
      {
        endpoints: plan.endpoints,
        connectorToken: options.connectorToken ?? "",
        host: options.host ?? environment.pageHost(),
        platform: options.platform ?? "web",
        streaming: options.streaming ?? true,
        persist: options.persist !== "none",
        transport: plan.fallback ? "auto" : "messaging",
      },
      store,
      startChat,
    );
  }

  const start = () => {
    if (started || destroyed) return;
    started = true;
    if (plan.error) store.apply({ kind: "connection-changed", connection: { status: "failed", error: plan.error } });
    else if (messaging) messaging.start(Boolean(plan.useChatApiNow));
    else startChat();
  };

  const send = (text: string) => {
    const trimmed = text.trim();
    if (destroyed || trimmed === "" || store.getSnapshot().ended) return;
    start();
    const id = environment.createId();
    if (!chatLoading) return messaging?.send(id, trimmed);
    // Shown at once, whether or not the Chat API transport has loaded yet.
    store.apply({ kind: "user-message-queued", id, text: trimmed, time: environment.now() });
    withChat(
      (transport) => transport.send(id, trimmed),
      () => store.apply({ kind: "user-message-failed", id }),
    );
  };

  /** The Messaging client, while it is the live transport of a usable client. */
  const messagingInUse = () => (destroyed || chatLoading ? null : messaging);

  return {
    get diagnostics(): ChatClientDiagnostics {
      return {
        invalidFrames: messaging?.diagnostics.invalidFrames ?? 0,
        lastInvalidReason: messaging?.diagnostics.lastReason ?? null,
        lifecycle: [...(messaging?.trace ?? [])],
      };
    },
    getSnapshot: () => store.getSnapshot(),
    // Once destroyed, nothing reaches the store any more, so listeners are simply never called again.
    subscribe: store.subscribe,
    on: store.on,
    start,
    send,
    typing: () => messagingInUse()?.typing(),
    chooseSuggestion: send,
    retry(messageId) {
      if (messagingInUse()) return void messaging?.retry(messageId);
      const failed = store.getSnapshot().messages.find((message) => message.id === messageId && message.status === "failed");
      if (!destroyed && failed) withChat((transport) => transport.send(failed.id, failed.text));
    },
    retryNow: () => messagingInUse()?.retryNow(),
    end() {
      if (!started) return;
      if (messagingInUse()) messaging?.end();
      else if (!destroyed) withChat((transport) => transport.end());
    },
    newConversation() {
      if (!started) return start();
      if (messagingInUse()) return messaging?.newConversation();
      if (destroyed || !chatLoading) return;
      withChat((transport) => transport.destroy());
      chat = null;
      store.apply({ kind: "reset" });
      startChat();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      messaging?.destroy();
      withChat((transport) => transport.destroy());
    },
  };
}

function choosePlan(options: ChatClientOptions, environment: Environment): Plan {
  const transport = options.transport ?? "auto";
  const hasChat = Boolean(options.chatUrl?.trim());
  const invalid = (message: string): Plan => ({ error: { kind: "configuration", message } });
  if (transport === "chat") return hasChat ? {} : invalid('transport "chat" needs the chatUrl option.');
  if (!options.messagingUrl || !options.connectorToken) {
    return transport === "auto" && hasChat ? {} : invalid("Set messagingUrl and connectorToken (or chatUrl) to connect.");
  }
  const fallback = transport === "auto" && hasChat;
  const useChatApiNow = environment.createWebSocket === null;
  if (useChatApiNow && !fallback) return invalid("This environment has no WebSocket: set chatUrl to use the Chat API.");
  try {
    return { endpoints: resolveMessagingEndpoints(options.messagingUrl), fallback, useChatApiNow };
  } catch (error) {
    return invalid(isChatError(error) ? error.message : "messagingUrl is not valid.");
  }
}
