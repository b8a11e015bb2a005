import type { ChatApiTransport } from "./chat-api-transport.ts";
import type { ChatClient, ChatClientOptions } from "./chat-client-types.ts";
import type { LifecyclePhase } from "./connection-state.ts";
import { createConversationStore } from "./conversation-store.ts";
import type { ChatErrorInfo } from "./conversation.ts";
import { resolveEnvironment } from "./browser-environment.ts";
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

type Plan =
  | { kind: "messaging"; endpoints: MessagingEndpoints; fallback: boolean; useChatApiNow: boolean }
  | { kind: "chat" }
  | { kind: "invalid"; error: ChatErrorInfo };

/**
 * Creates the framework-free chat client. Nothing happens until `start()` (or a first `send`). The
 * transport is chosen from the options: `transport: "chat"`, or only `chatUrl` configured, uses the
 * Chat API; otherwise Messaging, which with `auto` (the default) and a `chatUrl` falls back to the Chat API
 * when the environment has no WebSocket or when WebSockets never get through while the REST calls work.
 * Invalid options (a plain-http `messagingUrl` off loopback, nothing to connect to) never throw: the
 * connection becomes `failed` with a `configuration` error that says what to fix.
 */
export function createChatClient(options: ChatClientOptions = {}): DiagnosableChatClient {
  const environment = resolveEnvironment(options.environment);
  const store = createConversationStore({ now: environment.now });
  const plan = choosePlan(options, environment);
  const removers = new Set<() => void>();
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
    else chatLoading?.then(action, unavailable);
  };

  const startChat = (pending: readonly OutboxEntry[] = []) => {
    const handedOver = pending.map(({ id, text }) => ({ id, text }));
    const loading: Promise<ChatApiTransport> = import("./chat-api-transport.ts").then(({ createChatApiTransport }) => {
      const transport = createChatApiTransport({ environment, options, store });
      // A newer conversation, or the end of the client, overtook this load.
      if (destroyed || chatLoading !== loading) {
        transport.destroy();
      } else {
        chat = transport;
        transport.start(handedOver);
      }
      return transport;
    });
    chatLoading = loading;
    loading.catch(() => {
      if (destroyed || chatLoading !== loading) return;
      const error = { kind: "network", message: "The Chat API could not be loaded." } as const;
      store.apply({ kind: "connection-changed", connection: { status: "failed", error }, transport: "chat" });
      for (const { id } of handedOver) store.apply({ kind: "user-message-failed", id });
    });
  };

  if (plan.kind === "messaging") {
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
      (pending) => startChat(pending),
    );
  }

  const start = () => {
    if (started || destroyed) return;
    started = true;
    if (plan.kind === "invalid") store.apply({ kind: "connection-changed", connection: { status: "failed", error: plan.error } });
    else if (plan.kind === "chat") startChat();
    else messaging?.start(plan.useChatApiNow);
  };

  const send = (text: string) => {
    const trimmed = text.trim();
    if (destroyed || trimmed === "" || store.getSnapshot().ended) return;
    start();
    const id = environment.createId();
    if (chatLoading) {
      // Shown at once, whether or not the Chat API transport has loaded yet.
      store.apply({ kind: "user-message-queued", id, text: trimmed, time: environment.now() });
      withChat(
        (transport) => transport.send(id, trimmed),
        () => store.apply({ kind: "user-message-failed", id }),
      );
    } else messaging?.send(id, trimmed);
  };

  const track = (remove: () => void) => {
    removers.add(remove);
    return () => {
      removers.delete(remove);
      remove();
    };
  };

  return {
    get diagnostics(): ChatClientDiagnostics {
      return {
        invalidFrames: messaging?.diagnostics.invalidFrames ?? 0,
        lastInvalidReason: messaging?.diagnostics.lastReason ?? null,
        lifecycle: messaging ? [...messaging.trace] : [],
      };
    },
    getSnapshot: () => store.getSnapshot(),
    subscribe: (listener) => track(store.subscribe(listener)),
    on: (name, handler) => track(store.on(name, handler)),
    start,
    send,
    typing() {
      if (!destroyed && !chatLoading) messaging?.typing();
    },
    chooseSuggestion: (text) => send(text),
    retry(messageId) {
      if (destroyed) return;
      if (chatLoading) {
        const message = store.getSnapshot().messages.find((candidate) => candidate.id === messageId && candidate.status === "failed");
        if (message) withChat((transport) => transport.send(message.id, message.text));
      } else {
        messaging?.retry(messageId);
      }
    },
    retryNow() {
      if (!destroyed && !chatLoading) messaging?.retryNow();
    },
    end() {
      if (destroyed || !started) return;
      if (chatLoading) withChat((transport) => transport.end());
      else messaging?.end();
    },
    newConversation() {
      if (destroyed) return;
      if (!started) {
        start();
        return;
      }
      if (chatLoading) {
        withChat((transport) => transport.destroy());
        chat = null;
        store.apply({ kind: "reset" });
        startChat();
      } else {
        messaging?.newConversation();
      }
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      messaging?.destroy();
      withChat((transport) => transport.destroy());
      for (const remove of [...removers]) remove();
      removers.clear();
    },
  };
}

function choosePlan(options: ChatClientOptions, environment: Environment): Plan {
  const transport = options.transport ?? "auto";
  const hasChat = typeof options.chatUrl === "string" && options.chatUrl.trim() !== "";
  const hasMessaging = Boolean(options.messagingUrl) && Boolean(options.connectorToken);
  const invalid = (message: string): Plan => ({ kind: "invalid", error: { kind: "configuration", message } });
  if (transport === "chat") return hasChat ? { kind: "chat" } : invalid('transport "chat" needs the chatUrl option.');
  if (!hasMessaging) {
    if (transport === "auto" && hasChat) return { kind: "chat" };
    return invalid("Set messagingUrl and connectorToken (or chatUrl for the Chat API) to connect.");
  }
  let endpoints: MessagingEndpoints;
  try {
    endpoints = resolveMessagingEndpoints(options.messagingUrl ?? "");
  } catch (error) {
    return invalid(isChatError(error) ? error.message : "messagingUrl is not valid.");
  }
  const fallback = transport === "auto" && hasChat;
  const hasWebSocket = environment.createWebSocket !== null;
  if (!hasWebSocket && !fallback) {
    return invalid(
      transport === "messaging"
        ? 'This environment has no WebSocket, and transport "messaging" forbids the Chat API fallback.'
        : "This environment has no WebSocket: set chatUrl to use the Chat API instead.",
    );
  }
  return { kind: "messaging", endpoints, fallback, useChatApiNow: !hasWebSocket };
}
