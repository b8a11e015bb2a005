import { ChatError } from "./errors.ts";

/** The two bases the Messaging client talks to, both without a trailing slash. */
export interface MessagingEndpoints {
  /** `https://host[:port][/path]`: the REST calls go to `{httpBase}/api/v1/...`. */
  httpBase: string;
  /** The same host as `wss://` (or `ws://` on loopback): the socket is `{socketBase}/ws`. */
  socketBase: string;
}

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Checks an absolute URL option against the transport-security rule: `https://` always, plain `http://`
 * only on a loopback host (127.0.0.1, localhost, [::1]) for development. Anything else (another scheme,
 * plain http to a real host, credentials in the URL, no host) throws a `configuration` ChatError that
 * names the option and says why. Returns the URL with its scheme in lower case, without query, fragment
 * and trailing slashes.
 */
export function checkSecureUrl(option: "messagingUrl" | "chatUrl", url: string): string {
  const refuse = (why: string): never => {
    throw new ChatError("configuration", `${option} ${why}`);
  };
  const [, scheme = "", authority = "", path = ""] = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(url.trim()) ?? [];
  if (!scheme) refuse(`"${url}" is not an absolute URL (expected https://host)`);
  if (authority.includes("@")) refuse("must not contain credentials");
  // The host name without the port; IPv6 literals keep their brackets.
  const host = /^(\[[^\]]*\]|[^:[]*)/.exec(authority.toLowerCase())?.[1];
  if (!host) refuse(`"${url}" has no host`);
  const lowerScheme = scheme.toLowerCase();
  if (lowerScheme !== "https" && !(lowerScheme === "http" && loopbackHosts.has(host as string))) {
    refuse(`must use https:// (http:// only on 127.0.0.1, localhost or [::1]), not the scheme "${scheme}:"`);
  }
  return `${lowerScheme}://${authority}${path.replace(/\/+$/, "")}`;
}

/** The Messaging bases of `messagingUrl`, checked by `checkSecureUrl`; a path is kept as a prefix. */
export function resolveMessagingEndpoints(messagingUrl: string): MessagingEndpoints {
  const httpBase = checkSecureUrl("messagingUrl", messagingUrl);
  // https becomes wss, and http (loopback only) ws.
  return { httpBase, socketBase: httpBase.replace("http", "ws") };
}
