import { checkFieldNames, checkText, checkUpstreamUrl, proxyDefaults, type ChatProxyConfig } from "../configuration/proxy-config.ts";
import { SignedHandles } from "../security/signed-handles.ts";
import type { Signer } from "../security/signing.ts";
import type { CallbackRouteContext } from "./callback-routes.ts";
import type { ChatRouteContext } from "./chat-routes.ts";
import type { DniRouteContext } from "./dni-route.ts";
import type { FeedbackRouteContext } from "./feedback-route.ts";
import { checkNumberPrefixes } from "./phone-numbers.ts";
import type { RouteServices } from "./route-table.ts";
import type { TokenRouteContext } from "./token-route.ts";

/** How every route calls the platform: the fetch, its limits, and the redacting log (see `ChatRouteContext`). */
export type UpstreamCalls = Pick<ChatRouteContext, "fetch" | "timeoutMilliseconds" | "maxAnswerBytes" | "redact" | "log">;

/**
 * The context of each route the configuration turns on (see `RouteTable`), its credentials and URLs
 * checked (throwing at once on a configuration error): the Chat API's with `chat`, the token route's with
 * `messaging`, the callback routes' with `outbound` (`chargeNumber` charging the called number's budget),
 * DNI's with `dni`, the feedback route's with `onFeedback`. The Chat API's conversation handles are shared
 * by the routes that carry a conversation to the platform, so each can prove whose it is.
 */
export function createRouteServices(
  config: ChatProxyConfig,
  calls: UpstreamCalls,
  signer: Signer,
  chargeNumber: CallbackRouteContext["chargeNumber"],
): RouteServices {
  const conversations = config.chat ? new SignedHandles(signer, "conversation") : undefined;
  const { integrationAttributes } = config;
  const chat: ChatRouteContext | undefined = config.chat && {
    ...calls,
    upstream: {
      url: checkUpstreamUrl("chat.url", config.chat.url),
      apiKey: checkText("chat.apiKey", config.chat.apiKey),
      token: checkText("chat.token", config.chat.token),
    },
    handles: conversations as SignedHandles,
    integrationAttributes,
    pageAttributes: checkFieldNames("pageAttributes", config.pageAttributes ?? []),
  };
  const token: TokenRouteContext | undefined = config.messaging && {
    ...calls,
    upstream: {
      url: checkUpstreamUrl("messaging.url", config.messaging.url),
      connectorToken: checkText("messaging.connectorToken", config.messaging.connectorToken),
      host: checkText("messaging.host", config.messaging.host),
    },
  };
  const callback: CallbackRouteContext | undefined = config.outbound && {
    ...calls,
    upstream: {
      url: checkUpstreamUrl("outbound.url", config.outbound.url),
      serviceAuthToken: checkText("outbound.serviceAuthToken", config.outbound.serviceAuthToken),
    },
    ...callingCodes(config.outbound.callingCode, config.outbound.allowedCallingCodes),
    handles: new SignedHandles(signer, "callback"),
    conversations,
    integrationAttributes,
    chargeNumber,
  };
  const dni: DniRouteContext | undefined = config.dni && {
    ...calls,
    upstream: { url: checkUpstreamUrl("dni.url", config.dni.url), apiKey: checkText("dni.apiKey", config.dni.apiKey) },
    conversations,
    integrationAttributes,
  };
  const feedback: FeedbackRouteContext | undefined = config.onFeedback && {
    onFeedback: config.onFeedback,
    conversations,
    integrationAttributes,
  };
  return { chat, token, callback, dni, feedback };
}

/** The site's calling code and the prefixes a callback may go to: `+1` and the site's own by default. */
function callingCodes(callingCode: string | undefined, allowed: readonly string[] | undefined) {
  const [own] = checkNumberPrefixes("outbound.callingCode", [callingCode ?? proxyDefaults.callingCode]) as [string];
  return { callingCode: own, allowedPrefixes: checkNumberPrefixes("outbound.allowedCallingCodes", allowed ?? [...new Set(["+1", own])]) };
}
