/**
 * `cap-chat/server`: the server companion a site mounts on its own origin, so that the page never holds
 * the Chat API's credentials, the Messaging connector token or the keys of Outbound Calling and DNI;
 * `sendExternalEvent` lets the site's backend workflows speak into a live conversation.
 * `createChatProxy` is a standard fetch handler (Node ≥ 20, Workers, Deno, Bun, Next.js route handlers);
 * `toNodeHandler` serves it from Node's `http`, Express or Fastify; the `cap-chat-proxy` command serves
 * it standalone. Never loaded by a page.
 */
export { createChatProxy, type ChatProxy, type RequestContext } from "./chat-proxy.ts";
export type { ChatFeedback } from "./feedback-route.ts";
export {
  proxyDefaults,
  type ChatApiUpstream,
  type ChatProxyConfig,
  type ChatProxyRoute,
  type DniUpstream,
  type ExternalEventsUpstream,
  type MessagingUpstream,
  type OutboundUpstream,
} from "./proxy-config.ts";
export {
  ExternalEventError,
  sendExternalEvent,
  type ExternalEvent,
  type ExternalEventErrorCode,
  type ExternalEventPayload,
  type ExternalEventsConfig,
} from "./external-events.ts";
export {
  MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
  type RateLimitCount,
  type RateLimitRule,
  type RateLimitStore,
} from "./rate-limit-store.ts";
export { createConsoleLogger, type ChatProxyLogEntry, type ChatProxyLogger, type LogLevel } from "./logger.ts";
export type { OriginAllowlist } from "./origin-policy.ts";
export type { TrustProxy } from "./client-address.ts";
export type { UpstreamFetch } from "./upstream.ts";
export { toNodeHandler, type NodeHandler, type NodeRequest, type NodeResponse } from "./node-adapter.ts";
