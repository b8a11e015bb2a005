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
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(messagingUrl.trim());
  if (!match) {
    throw new ChatError("configuration", `messagingUrl "${messagingUrl}" is not an absolute URL (expected https://host)`);
  }
  const scheme = (match[1] ?? "").toLowerCase();
  const authority = match[2] ?? "";
  const path = (match[3] ?? "").replace(/\/+$/, "");
  if (authority.includes("@")) {
    throw new ChatError("configuration", "messagingUrl must not contain credentials");
  }
  const host = hostName(authority);
  if (host === "") throw new ChatError("configuration", `messagingUrl "${messagingUrl}" has no host`);
  if (scheme === "https") {
    return { httpBase: `https://${authority}${path}`, socketBase: `wss://${authority}${path}` };
  }
  if (scheme === "http" && loopbackHosts.has(host)) {
    return { httpBase: `http://${authority}${path}`, socketBase: `ws://${authority}${path}` };
  }
  if (scheme === "http") {
    throw new ChatError(
      "configuration",
      `messagingUrl must use https:// (plain http:// is allowed only for 127.0.0.1, localhost or [::1]), got "${messagingUrl}"`,
    );
  }
  throw new ChatError("configuration", `messagingUrl must use https://, got the scheme "${scheme}:"`);
}

/** The host part of an authority, lower-cased, without the port; IPv6 literals keep their brackets. */
function hostName(authority: string): string {
  const lowered = authority.toLowerCase();
  if (lowered.startsWith("[")) {
    const end = lowered.indexOf("]");
    return end === -1 ? "" : lowered.slice(0, end + 1);
  }
  const colon = lowered.indexOf(":");
  return colon === -1 ? lowered : lowered.slice(0, colon);
}
