import type { ChatApiPlan } from "./chat-api/chat-api-calls.ts";
import type { ChatClientOptions } from "./chat-client-types.ts";
import type { ChatErrorInfo } from "./conversation.ts";
import type { Environment } from "./environment.ts";
import { toChatError } from "./errors.ts";
import { resolveMessagingEndpoints, resolveSiteUrl } from "./http/url-policy.ts";
import type { MessagingPlan } from "./messaging/messaging-transport.ts";
import type { TokenOrigin } from "./messaging/session-access.ts";
import { sessionStorageKeyFor } from "./session-storage-key.ts";

/**
 * The client's options resolved once: which transport, where, with what. The client builds its transports
 * from this alone; nothing else reads the options.
 */
export interface ClientPlan {
  /** Why the options cannot work: the connection fails with it at start, and nothing is contacted. */
  error?: ChatErrorInfo;
  /** The Messaging API, when it is configured. */
  messaging?: MessagingPlan;
  /** The Chat API: the transport itself, or the fallback of `auto`; `{ error }` when `chatUrl` is unusable. */
  chat?: ChatApiPlan | { error: ChatErrorInfo };
  /** Messaging is configured, but this environment has no WebSocket: the Chat API is used at once. */
  useChatApiNow: boolean;
  /** Where the session is kept across reloads (`persist` not `none`), in the tab's storage. */
  persistence: { enabled: boolean; key: string };
}

/** An options error as the `configuration` error the connection fails with. */
function configurationError(error: unknown): ChatErrorInfo {
  const { code, parameters } = toChatError(error);
  return { kind: "configuration", code, parameters };
}

/** The Chat API part of the options, its URL checked by `resolveSiteUrl`. */
export function resolveChatApiPlan(options: ChatClientOptions): ChatApiPlan | { error: ChatErrorInfo } {
  try {
    return {
      chatUrl: resolveSiteUrl("chatUrl", options.chatUrl ?? ""),
      headers: options.chatHeaders ?? {},
      variantId: options.variantId,
      integrationAttributes: options.integrationAttributes,
    };
  } catch (error) {
    return { error: configurationError(error) };
  }
}

/**
 * Resolves the options: `transport: "chat"`, or only `chatUrl` configured, means the Chat API; otherwise
 * Messaging (a `messagingUrl` with a token source: `getAccessToken`, `tokenUrl`, then `connectorToken`),
 * which with `auto` (the default) and a `chatUrl` may fall back to the Chat API, at once when the
 * environment has no WebSocket. Options that cannot work give `error`, whose code says what to fix; this
 * never throws.
 */
export function resolveClientPlan(options: ChatClientOptions, environment: Environment): ClientPlan {
  const transport = options.transport ?? "auto";
  const hasChat = Boolean(options.chatUrl?.trim());
  const plan: ClientPlan = {
    useChatApiNow: false,
    persistence: { enabled: options.persist !== "none", key: sessionStorageKeyFor(options.id) },
  };
  const invalid = (code: "chat-url-required" | "missing-options" | "websocket-unavailable"): ClientPlan => ({
    ...plan,
    error: { kind: "configuration", code },
  });
  if (hasChat) plan.chat = resolveChatApiPlan(options);
  if (transport === "chat") return hasChat ? plan : invalid("chat-url-required");
  try {
    const { messagingUrl, connectorToken, tokenUrl, getAccessToken } = options;
    const host = options.host ?? environment.pageHost();
    const endpoints = messagingUrl ? resolveMessagingEndpoints(messagingUrl) : null;
    const tokens: TokenOrigin | null =
      endpoints === null
        ? null
        : getAccessToken
          ? { getAccessToken }
          : tokenUrl
            ? { tokenUrl: resolveSiteUrl("tokenUrl", tokenUrl) }
            : connectorToken
              ? { connectorToken, host }
              : null;
    if (!endpoints || !tokens) return transport === "auto" && hasChat ? plan : invalid("missing-options");
    const fallback = transport === "auto" && hasChat;
    const useChatApiNow = environment.createWebSocket === null;
    if (useChatApiNow && !fallback) return invalid("websocket-unavailable");
    plan.messaging = {
      endpoints,
      tokens,
      host,
      platform: options.platform ?? "web",
      streaming: options.streaming ?? true,
      transport: fallback ? "auto" : "messaging",
    };
    plan.useChatApiNow = useChatApiNow;
    return plan;
  } catch (error) {
    return { ...plan, error: configurationError(error) };
  }
}
