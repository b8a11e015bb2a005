import type { RateLimitRules } from "../security/rate-limits.ts";
import type { VisitorCookieSettings } from "../security/visitor-cookies.ts";
import { checkPositiveInteger, proxyDefaults, type ChatProxyConfig } from "./proxy-config.ts";

/**
 * The visitor cookie's settings: its name (letters, digits, `-` and `_`, else this throws), the companion's
 * prefix as its path, its lifetime and its SameSite, each the default unless configured.
 */
export function visitorCookieSettings(config: ChatProxyConfig, prefix: string): VisitorCookieSettings {
  const settings = {
    name: config.cookie?.name ?? proxyDefaults.cookieName,
    path: prefix === "" ? "/" : prefix,
    lifetimeSeconds: checkPositiveInteger("cookie.lifetimeSeconds", config.cookie?.lifetimeSeconds ?? proxyDefaults.cookieLifetimeSeconds),
    sameSite: config.cookie?.sameSite ?? "Strict",
  } as const;
  if (!/^[A-Za-z0-9_-]+$/.test(settings.name)) throw new Error("cookie.name may hold only letters, digits, - and _");
  return settings;
}

/** Each rate limit as configured, else its default (see `proxyDefaults`). */
export function rateLimitRulesOf(config: ChatProxyConfig): RateLimitRules {
  const limits = config.rateLimit;
  return {
    visitor: limits?.visitor ?? proxyDefaults.visitorRateLimit,
    address: limits?.address ?? proxyDefaults.addressRateLimit,
    create: limits?.create ?? proxyDefaults.createRateLimit,
    accessToken: limits?.accessToken ?? proxyDefaults.accessTokenRateLimit,
    unknownAddress: limits?.unknownAddress ?? proxyDefaults.unknownAddressRateLimit,
    callback: limits?.callback ?? proxyDefaults.callbackRateLimit,
    callbackAddress: limits?.callbackAddress ?? proxyDefaults.callbackAddressRateLimit,
    callbackNumber: limits?.callbackNumber ?? proxyDefaults.callbackNumberRateLimit,
    callbackStatus: limits?.callbackStatus ?? proxyDefaults.callbackStatusRateLimit,
    dni: limits?.dni ?? proxyDefaults.dniRateLimit,
  };
}

/** Every credential of the configuration, for the redactor: none may reach a log line, an answer or an error. */
export function configuredSecrets(config: ChatProxyConfig): string[] {
  return [
    ...(typeof config.signingSecret === "string" ? [config.signingSecret] : config.signingSecret),
    config.chat?.apiKey ?? "",
    config.chat?.token ?? "",
    config.messaging?.connectorToken ?? "",
    config.outbound?.serviceAuthToken ?? "",
    config.dni?.apiKey ?? "",
    config.externalEvents?.apiKey ?? "",
  ];
}
