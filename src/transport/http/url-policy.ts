import { ChatError } from "../errors.ts";

/** The two bases the Messaging client talks to, both without a trailing slash. */
export interface MessagingEndpoints {
  /** `https://host[:port][/path]`: the REST calls go to `{httpBase}/api/v1/...`. */
  httpBase: string;
  /** The same host as `wss://` (or `ws://` on loopback): the socket is `{socketBase}/ws`. */
  socketBase: string;
}

/** The options that hold a URL. */
export type UrlOption = "messagingUrl" | "chatUrl" | "tokenUrl";

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Checks an absolute URL option against the transport-security rule: `https://` always, plain `http://`
 * only on a loopback host (127.0.0.1, localhost, [::1]) for development. Anything else throws a
 * `configuration` ChatError: `insecure-url` for another scheme or plain http to a real host, `invalid-url`
 * for no scheme, no host, credentials or a backslash in the host part; both name the `option`. Returns the URL with its
 * scheme in lower case, without query, fragment and trailing slashes.
 */
export function checkSecureUrl(option: UrlOption, url: string): string {
  const refuse = (code: "insecure-url" | "invalid-url"): never => {
    throw new ChatError("configuration", code, { option });
  };
  const [, scheme = "", authority = "", path = ""] = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(url.trim()) ?? [];
  // The host name without the port; IPv6 literals keep their brackets.
  const host = /^(\[[^\]]*\]|[^:[]*)/.exec(authority.toLowerCase())?.[1];
  // The URL API ends the host at a backslash: `https://a.example\b.example` reaches a.example.
  if (!scheme || !host || /[@\\]/.test(authority)) refuse("invalid-url");
  const lowerScheme = scheme.toLowerCase();
  if (lowerScheme !== "https" && !(lowerScheme === "http" && loopbackHosts.has(host as string))) refuse("insecure-url");
  return `${lowerScheme}://${authority}${path.replace(/\/+$/, "")}`;
}

/** The part of the URL API this file uses: every runtime the client supports has it, with or without a DOM. */
declare const URL: new (url: string, base?: string) => { origin: string; pathname: string; search: string };

/** Stands for the page's origin when a path is resolved: any origin does, as only staying on it matters. */
const pageOrigin = "https://page.invalid";

/**
 * Checks a URL of the embedding site (the Chat API proxy, the token endpoint): a path (`/support/chat`)
 * is resolved as the URL API (and so `fetch`) resolves it against the page, and accepted only when it
 * stays on the page's own origin (`//host/…` and `/\host/…` name another host and are refused as
 * `invalid-url`); an absolute URL must pass `checkSecureUrl`. Returns it without trailing slashes; a path
 * comes back as the URL API normalises it.
 */
export function resolveSiteUrl(option: UrlOption, url: string): string {
  const trimmed = url.trim().replace(/\/+$/, "");
  if (!trimmed.startsWith("/") && !trimmed.startsWith("\\")) return checkSecureUrl(option, trimmed);
  let resolved: { origin: string; pathname: string; search: string } | undefined;
  try {
    resolved = new URL(trimmed, pageOrigin);
  } catch {
    // Refused below.
  }
  if (resolved?.origin !== pageOrigin) throw new ChatError("configuration", "invalid-url", { option });
  return `${resolved.pathname}${resolved.search}`.replace(/\/+$/, "");
}

/** The Messaging bases of `messagingUrl`, checked by `checkSecureUrl`; a path is kept as a prefix. */
export function resolveMessagingEndpoints(messagingUrl: string): MessagingEndpoints {
  const httpBase = checkSecureUrl("messagingUrl", messagingUrl);
  // https becomes wss, and http (loopback only) ws.
  return { httpBase, socketBase: httpBase.replace("http", "ws") };
}
