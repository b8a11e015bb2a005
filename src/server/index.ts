/**
 * `cap-chat/server`: the server companion a site mounts on its own origin, so that the page never holds
 * the Chat API's credentials, the Messaging connector token or the keys of Outbound Calling and DNI;
 * `sendExternalEvent` lets the site's backend workflows speak into a live conversation.
 * `createChatProxy` is a standard fetch handler (Node ≥ 20, Workers, Deno, Bun, Next.js route handlers);
 * `toNodeHandler` serves it from Node's `http`, Express or Fastify; the `cap-chat-proxy` command serves
 * it standalone. Never loaded by a page.
 */
export { createChatProxy, type ChatProxy, type RequestContext } from "./chat-proxy.ts";
export type { ChatFeedback } from "./routes/feedback-route.ts";
export {
  proxyDefaults,
  type ChatApiUpstream,
  type ChatProxyConfig,
  type ChatProxyRoute,
  type DniUpstream,
  type ExternalEventsUpstream,
  type MessagingUpstream,
  type OutboundUpstream,
} from "./configuration/proxy-config.ts";
export {
  ExternalEventError,
  sendExternalEvent,
  type ExternalEvent,
  type ExternalEventErrorCode,
  type ExternalEventPayload,
  type ExternalEventsConfig,
} from "./upstream/external-events.ts";
export {
  MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
  type RateLimitCount,
  type RateLimitRule,
  type RateLimitStore,
} from "./security/rate-limit-store.ts";
export { createConsoleLogger, type ChatProxyLogEntry, type ChatProxyLogger, type LogLevel } from "./logging/logger.ts";
export type { OriginAllowlist } from "./security/origin-policy.ts";
export type { TrustProxy } from "./security/client-address.ts";
export type { UpstreamFetch } from "./upstream/upstream.ts";
export { toNodeHandler, type NodeHandler, type NodeRequest, type NodeResponse } from "./http/node-adapter.ts";
