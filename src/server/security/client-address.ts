/**
 * Which proxies in front of the companion are trusted to say who the client is:
 * - `false` (default): none; the address is the connection's peer, from the adapter;
 * - a number `n`: the `n` nearest hops are trusted; the client is the `n`-th address from the right of
 *   `X-Forwarded-For` followed by the peer (`1` for one load balancer). Where the runtime shows no peer
 *   (a route handler), the nearest hop is the one unseen, so `1` reads the right-most entry: the one
 *   the proxy wrote, never one the client sent;
 * - `true`: every hop; the left-most `X-Forwarded-For` entry. Only safe when the edge proxy replaces the
 *   header rather than appending to what the client sent.
 */
export type TrustProxy = boolean | number;

/** The client's address for rate limiting (see `rateLimitSubject`), or undefined when nothing is known. */
export function resolveClientAddress(request: Request, peerAddress: string | undefined, trustProxy: TrustProxy): string | undefined {
  const hops = trustProxy === true ? Number.POSITIVE_INFINITY : trustProxy === false ? 0 : Math.max(0, Math.floor(trustProxy));
  let address = peerAddress;
  if (hops > 0) {
    const forwarded = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    // An unseen peer still takes its place in the chain, so hops count the same with or without it.
    const chain = [...forwarded, peerAddress];
    address = chain[Math.max(0, chain.length - 1 - Math.min(hops, chain.length))];
  }
  return rateLimitSubject(address);
}

/** Whether the client reached the first proxy over https, when proxies are trusted to say so. */
export function forwardedAsHttps(request: Request, trustProxy: TrustProxy): boolean {
  if (trustProxy === false || trustProxy === 0) return false;
  return (request.headers.get("X-Forwarded-Proto") ?? "").split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * An address as rate limits count it: IPv4 as is (an IPv4-mapped IPv6 address becomes IPv4), IPv6 cut to
 * its /64 prefix, because one subscriber holds a whole /64 and could otherwise take a new budget with
 * every address of it. Undefined for an empty or absent address.
 */
export function rateLimitSubject(address: string | undefined): string | undefined {
  if (address === undefined || address.trim() === "") return undefined;
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1] as string;
  if (!bare.includes(":")) return bare;
  const groups = expandIpv6(bare);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : bare;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function expandIpv6(address: string): string[] | undefined {
  const halves = address.toLowerCase().split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups.map((group) => group.replace(/^0+(?=.)/, "")) : undefined;
}
