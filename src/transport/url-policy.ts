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
 * Checks `messagingUrl` against the transport-security rule: `https://` always, plain `http://` only on a
 * loopback host (127.0.0.1, localhost, [::1]) for development. Anything else (another scheme, plain http
 * to a real host, credentials in the URL, no host) throws a `configuration` ChatError that says why.
 * Query and fragment are dropped; a path is kept as a prefix.
 */
export function resolveMessagingEndpoints(messagingUrl: string): MessagingEndpoints {
  const refuse = (why: string): never => {
    throw new ChatError("configuration", `messagingUrl ${why}`);
  };
  const [, scheme = "", authority = "", path = ""] = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(messagingUrl.trim()) ?? [];
  if (!scheme) refuse(`"${messagingUrl}" is not an absolute URL (expected https://host)`);
  if (authority.includes("@")) refuse("must not contain credentials");
  // The host name without the port; IPv6 literals keep their brackets.
  const host = /^(\[[^\]]*\]|[^:[]*)/.exec(authority.toLowerCase())?.[1];
  if (!host) refuse(`"${messagingUrl}" has no host`);
  const lowerScheme = scheme.toLowerCase();
  if (lowerScheme !== "https" && !(lowerScheme === "http" && loopbackHosts.has(host as string))) {
    refuse(`must use https:// (http:// only on 127.0.0.1, localhost or [::1]), not the scheme "${scheme}:"`);
  }
  const base = `://${authority}${path.replace(/\/+$/, "")}`;
  return { httpBase: lowerScheme + base, socketBase: (lowerScheme === "https" ? "wss" : "ws") + base };
}
