import type { LogLevel } from "../logging/logger.ts";
import type { RateLimitRule } from "../security/rate-limit-store.ts";
import { proxyDefaults, type ChatProxyConfig } from "./proxy-config.ts";

/** One environment variable of `cap-chat-proxy`: its name, default and meaning, as `--help` prints them. */
export interface EnvironmentVariable {
  name: string;
  defaultValue?: string;
  description: string;
}

/** Every variable `cap-chat-proxy` reads. */
export const environmentVariables: readonly EnvironmentVariable[] = [
  { name: "ALLOWED_ORIGINS", description: "required: the page origins that may call, comma-separated (https://www.example.com)" },
  {
    name: "SIGNING_SECRET",
    description:
      "required: 32+ random characters signing the visitor cookies; the same on every instance (comma-separated to rotate: new first)",
  },
  {
    name: "CHAT_API_URL",
    description:
      "the Chat API base ending in /chat (https://…/v1/{account}/{project}/chat); with CHAT_API_KEY and CHAT_API_TOKEN serves the chat routes",
  },
  { name: "CHAT_API_KEY", description: "sent as X-API-KEY" },
  { name: "CHAT_API_TOKEN", description: "sent as X-TOKEN" },
  { name: "MESSAGING_URL", description: "the Messaging API host; with CONNECTOR_TOKEN and CONNECTOR_HOST serves the access-token route" },
  { name: "CONNECTOR_TOKEN", description: "the connector token, sent as X-Token" },
  { name: "CONNECTOR_HOST", description: "the host registered for the connector, sent as X-Host (www.example.com)" },
  {
    name: "OUTBOUND_URL",
    description: "the platform's base URL for Outbound Calling; with OUTBOUND_SERVICE_AUTH_TOKEN serves the callback routes",
  },
  { name: "OUTBOUND_SERVICE_AUTH_TOKEN", description: "sent as X-Service-Auth-Token" },
  { name: "CALLING_CODE", defaultValue: "+1", description: "the site's own calling code, which the widget's phone field starts with" },
  {
    name: "CALLBACK_CALLING_CODES",
    description: "what a callback number must start with, comma-separated (+44,+1); default +1 and CALLING_CODE",
  },
  { name: "DNI_URL", description: "the platform's base URL for DNI; with DNI_API_KEY serves the dni route" },
  { name: "DNI_API_KEY", description: "sent as x-api-key" },
  { name: "PORT", defaultValue: "8788", description: "port to listen on (0 picks a free one)" },
  { name: "HOST", defaultValue: "127.0.0.1", description: "address to listen on (0.0.0.0 for every interface, in a container)" },
  { name: "PATH_PREFIX", defaultValue: "/cap-chat", description: "path the routes live under" },
  {
    name: "TRUST_PROXY",
    defaultValue: "false",
    description: "proxies trusted for X-Forwarded-For/-Proto: false, a number of hops (1 behind one load balancer), or true",
  },
  { name: "MAX_BODY_BYTES", defaultValue: "32768", description: "largest request body; larger gets 413" },
  { name: "MAX_UPSTREAM_BODY_BYTES", defaultValue: "1048576", description: "largest platform answer read; larger gets 502" },
  {
    name: "VISITOR_RATE_LIMIT",
    defaultValue: "30/60",
    description: "requests per seconds per visitor (per address for requests without a visitor cookie), or off",
  },
  { name: "ADDRESS_RATE_LIMIT", defaultValue: "120/60", description: "requests per seconds per client address, or off" },
  { name: "CREATE_RATE_LIMIT", defaultValue: "10/60", description: "chat creates per seconds per visitor (or address), or off" },
  { name: "ACCESS_TOKEN_RATE_LIMIT", defaultValue: "20/60", description: "access tokens per seconds per visitor (or address), or off" },
  { name: "CALLBACK_RATE_LIMIT", defaultValue: "3/3600", description: "callbacks per seconds per visitor (or address), or off" },
  { name: "CALLBACK_ADDRESS_RATE_LIMIT", defaultValue: "10/3600", description: "callbacks per seconds per client address, or off" },
  { name: "CALLBACK_NUMBER_RATE_LIMIT", defaultValue: "3/86400", description: "callbacks per seconds to any one number, or off" },
  { name: "CALLBACK_STATUS_RATE_LIMIT", defaultValue: "60/60", description: "call status reads per seconds per visitor, or off" },
  { name: "DNI_RATE_LIMIT", defaultValue: "5/3600", description: "DNI reservations per seconds per visitor (or address), or off" },
  {
    name: "PAGE_ATTRIBUTES",
    description: "fields of the page's integration_attributes passed on besides context, comma-separated (default none)",
  },
  {
    name: "COOKIE_SECURE",
    defaultValue: "auto",
    description: "Secure on the visitor cookie: auto (when the request came over https), true or false",
  },
  { name: "COOKIE_SAME_SITE", defaultValue: "Strict", description: "SameSite of the visitor cookie: Strict, Lax or None" },
  { name: "COOKIE_LIFETIME_SECONDS", defaultValue: "86400", description: "lifetime of the visitor cookie, renewed while in use" },
  { name: "UPSTREAM_TIMEOUT_MS", defaultValue: "60000", description: "how long a platform call may take before the answer is 504" },
  { name: "LOG_LEVEL", defaultValue: "info", description: "info, warn, error or silent (one JSON line per entry)" },
];

/** What the command serves, read from the environment. */
export interface CommandSettings {
  port: number;
  host: string;
  logLevel: LogLevel | "silent";
  proxy: Omit<ChatProxyConfig, "logger">;
}

/**
 * Reads `cap-chat-proxy`'s settings from environment variables, throwing one error that lists every
 * problem (missing, half-configured or malformed variables). Empty values count as unset.
 */
export function settingsFromEnvironment(environment: Record<string, string | undefined>): CommandSettings {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = environment[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const list = (name: string) =>
    (read(name) ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
  const whole = (name: string, fallback: number) => {
    const text = read(name);
    if (text === undefined) return fallback;
    if (/^\d+$/.test(text) && Number(text) > 0) return Number(text);
    problems.push(`${name} must be a positive whole number, not ${text}`);
    return fallback;
  };
  const port = () => {
    const text = read("PORT");
    if (text === undefined) return 8788;
    if (/^\d{1,5}$/.test(text) && Number(text) <= 65_535) return Number(text);
    problems.push(`PORT must be a port number (0 picks a free one), not ${text}`);
    return 8788;
  };
  const oneOf = <const Value extends string>(name: string, values: readonly Value[], fallback: Value): Value => {
    const text = read(name);
    if (text === undefined) return fallback;
    const match = values.find((value) => value.toLowerCase() === text.toLowerCase());
    if (match === undefined) problems.push(`${name} must be one of ${values.join(", ")}, not ${text}`);
    return match ?? fallback;
  };
  const rateLimit = (name: string, fallback: RateLimitRule): RateLimitRule | false => {
    const text = read(name);
    if (text === undefined) return fallback;
    if (text.toLowerCase() === "off") return false;
    const match = /^(\d+)\s*\/\s*(\d+)$/.exec(text);
    if (match && Number(match[1]) > 0 && Number(match[2]) > 0) return { requests: Number(match[1]), windowSeconds: Number(match[2]) };
    problems.push(`${name} must be requests/seconds (30/60) or off, not ${text}`);
    return fallback;
  };
  /** All of a group or none: half a configuration is a mistake worth stopping for. */
  const group = <Names extends string>(names: readonly Names[]): Record<Names, string> | undefined => {
    const values = names.map(read);
    if (values.every((value) => value === undefined)) return undefined;
    const missing = names.filter((_name, index) => values[index] === undefined);
    if (missing.length > 0) {
      problems.push(`${missing.join(" and ")} must be set with ${names.filter((name) => !missing.includes(name)).join(" and ")}`);
      return undefined;
    }
    return Object.fromEntries(names.map((name, index) => [name, values[index]])) as Record<Names, string>;
  };

  const allowedOrigins = list("ALLOWED_ORIGINS");
  if (allowedOrigins.length === 0) problems.push("ALLOWED_ORIGINS is required: the page origins that may call, comma-separated");
  const signingSecrets = list("SIGNING_SECRET");
  if (signingSecrets.length === 0) problems.push("SIGNING_SECRET is required: 32 or more random characters, the same on every instance");
  const chat = group(["CHAT_API_URL", "CHAT_API_KEY", "CHAT_API_TOKEN"]);
  const messaging = group(["MESSAGING_URL", "CONNECTOR_TOKEN", "CONNECTOR_HOST"]);
  const outbound = group(["OUTBOUND_URL", "OUTBOUND_SERVICE_AUTH_TOKEN"]);
  const dni = group(["DNI_URL", "DNI_API_KEY"]);
  if (!chat && !messaging && !outbound && !dni && !problems.some((problem) => /CHAT_API|MESSAGING|CONNECTOR|OUTBOUND|DNI/.test(problem))) {
    problems.push(
      "Set CHAT_API_URL, CHAT_API_KEY and CHAT_API_TOKEN, or MESSAGING_URL, CONNECTOR_TOKEN and CONNECTOR_HOST, or both (and OUTBOUND_URL with OUTBOUND_SERVICE_AUTH_TOKEN, DNI_URL with DNI_API_KEY, for the voice routes)",
    );
  }
  const callbackCodes = list("CALLBACK_CALLING_CODES");
  const trustText = read("TRUST_PROXY")?.toLowerCase() ?? "false";
  let trustProxy: boolean | number = false;
  if (trustText === "true" || trustText === "false") trustProxy = trustText === "true";
  else if (/^\d+$/.test(trustText)) trustProxy = Number(trustText);
  else problems.push(`TRUST_PROXY must be false, true or a number of hops, not ${trustText}`);
  const secureText = oneOf("COOKIE_SECURE", ["auto", "true", "false"], "auto");

  const settings: CommandSettings = {
    port: port(),
    host: read("HOST") ?? "127.0.0.1",
    logLevel: oneOf("LOG_LEVEL", ["info", "warn", "error", "silent"], "info"),
    proxy: {
      prefix: read("PATH_PREFIX") ?? proxyDefaults.prefix,
      allowedOrigins,
      signingSecret: signingSecrets,
      ...(chat && { chat: { url: chat.CHAT_API_URL, apiKey: chat.CHAT_API_KEY, token: chat.CHAT_API_TOKEN } }),
      ...(messaging && {
        messaging: { url: messaging.MESSAGING_URL, connectorToken: messaging.CONNECTOR_TOKEN, host: messaging.CONNECTOR_HOST },
      }),
      ...(outbound && {
        outbound: {
          url: outbound.OUTBOUND_URL,
          serviceAuthToken: outbound.OUTBOUND_SERVICE_AUTH_TOKEN,
          ...(read("CALLING_CODE") !== undefined && { callingCode: read("CALLING_CODE") as string }),
          ...(callbackCodes.length > 0 && { allowedCallingCodes: callbackCodes }),
        },
      }),
      ...(dni && { dni: { url: dni.DNI_URL, apiKey: dni.DNI_API_KEY } }),
      trustProxy,
      maxBodyBytes: whole("MAX_BODY_BYTES", proxyDefaults.maxBodyBytes),
      maxUpstreamBodyBytes: whole("MAX_UPSTREAM_BODY_BYTES", proxyDefaults.maxUpstreamBodyBytes),
      rateLimit: {
        visitor: rateLimit("VISITOR_RATE_LIMIT", proxyDefaults.visitorRateLimit),
        address: rateLimit("ADDRESS_RATE_LIMIT", proxyDefaults.addressRateLimit),
        create: rateLimit("CREATE_RATE_LIMIT", proxyDefaults.createRateLimit),
        accessToken: rateLimit("ACCESS_TOKEN_RATE_LIMIT", proxyDefaults.accessTokenRateLimit),
        callback: rateLimit("CALLBACK_RATE_LIMIT", proxyDefaults.callbackRateLimit),
        callbackAddress: rateLimit("CALLBACK_ADDRESS_RATE_LIMIT", proxyDefaults.callbackAddressRateLimit),
        callbackNumber: rateLimit("CALLBACK_NUMBER_RATE_LIMIT", proxyDefaults.callbackNumberRateLimit),
        callbackStatus: rateLimit("CALLBACK_STATUS_RATE_LIMIT", proxyDefaults.callbackStatusRateLimit),
        dni: rateLimit("DNI_RATE_LIMIT", proxyDefaults.dniRateLimit),
      },
      pageAttributes: list("PAGE_ATTRIBUTES"),
      cookie: {
        secure: secureText === "auto" ? "auto" : secureText === "true",
        sameSite: oneOf("COOKIE_SAME_SITE", ["Strict", "Lax", "None"], "Strict"),
        lifetimeSeconds: whole("COOKIE_LIFETIME_SECONDS", proxyDefaults.cookieLifetimeSeconds),
      },
      upstreamTimeoutMilliseconds: whole("UPSTREAM_TIMEOUT_MS", proxyDefaults.upstreamTimeoutMilliseconds),
    },
  };
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return settings;
}
