import { randomToken, type Signer } from "./signing.ts";

/** How the visitor cookie is written. */
export interface VisitorCookieSettings {
  /** Cookie names are this plus `-` and the first characters of the visitor id. */
  name: string;
  /** Sent only to the companion's own routes. */
  path: string;
  lifetimeSeconds: number;
  sameSite: "Strict" | "Lax" | "None";
}

/** A visitor proven by a valid cookie (or just minted). */
export interface Visitor {
  id: string;
  /** Seconds since the epoch, as signed into the cookie. */
  expiresAt: number;
}

/** The visitors a request proves, and the `Set-Cookie` values its answer must carry. */
export interface VisitorIdentity {
  /** Valid visitors, the one with the latest expiry first; empty when the request proves none. */
  visitors: Visitor[];
  /** The first visitor was made for this request: it has no history yet. */
  minted: boolean;
  setCookies: string[];
}

/** Cookies of ours read from one request at most: a browser holds more only if something is wrong. */
const maximumCookiesRead = 8;
const nameSuffixLength = 8;

/**
 * The visitor identity: a random 128-bit id in an HMAC-signed, httpOnly cookie scoped to the companion's
 * path, so any instance sharing the secret recognises it and no server keeps state. Each visitor gets a
 * cookie of its own name: two first requests that race (two widgets starting at once) both keep their
 * visitor, where one shared name would let the later answer overwrite the earlier. A cookie past half its
 * lifetime is renewed. One that fails verification (forged, tampered, expired, or signed with a secret
 * this instance does not hold) is ignored but left alone: during a rolling change of secrets another
 * instance may still accept it.
 */
export class VisitorCookies {
  constructor(
    private readonly signer: Signer,
    private readonly settings: VisitorCookieSettings,
    private readonly now: () => number,
  ) {}

  /**
   * Reads the request's visitor cookies. With `mint`, a request that proves no visitor gets a new one
   * (first in `visitors`). `secure` adds the `Secure` attribute to every cookie written.
   */
  async identify(cookieHeader: string | null, options: { mint: boolean; secure: boolean }): Promise<VisitorIdentity> {
    const visitors: Visitor[] = [];
    const setCookies: string[] = [];
    const nowSeconds = Math.floor(this.now() / 1000);
    for (const [name, value] of this.ownCookies(cookieHeader)) {
      const visitor = await this.verify(name, value, nowSeconds);
      if (!visitor) continue;
      if (visitor.expiresAt - nowSeconds < this.settings.lifetimeSeconds / 2) {
        const renewed = { id: visitor.id, expiresAt: nowSeconds + this.settings.lifetimeSeconds };
        setCookies.push(await this.cookieFor(renewed, nowSeconds, options.secure));
        visitors.push(renewed);
      } else {
        visitors.push(visitor);
      }
    }
    visitors.sort((first, second) => second.expiresAt - first.expiresAt);
    if (visitors.length > 0 || !options.mint) return { visitors, minted: false, setCookies };
    const minted = { id: randomToken(16), expiresAt: nowSeconds + this.settings.lifetimeSeconds };
    setCookies.push(await this.cookieFor(minted, nowSeconds, options.secure));
    return { visitors: [minted], minted: true, setCookies };
  }

  private async cookieFor(visitor: Visitor, nowSeconds: number, secure: boolean): Promise<string> {
    const signature = await this.signer.sign(signedText(visitor));
    const value = `${visitor.id}.${visitor.expiresAt}.${signature}`;
    return this.serialize(this.cookieName(visitor.id), value, visitor.expiresAt - nowSeconds, secure);
  }

  private async verify(name: string, value: string, nowSeconds: number): Promise<Visitor | undefined> {
    const match = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return undefined;
    const visitor = { id: match[1] as string, expiresAt: Number(match[2]) };
    if (name !== this.cookieName(visitor.id) || visitor.expiresAt <= nowSeconds) return undefined;
    return (await this.signer.verify(signedText(visitor), match[3] as string)) ? visitor : undefined;
  }

  private cookieName(visitorId: string): string {
    return `${this.settings.name}-${visitorId.slice(0, nameSuffixLength)}`;
  }

  /** Our cookies in the `Cookie` header, as name and value pairs. */
  private ownCookies(cookieHeader: string | null): Array<[string, string]> {
    const prefix = `${this.settings.name}-`;
    const found: Array<[string, string]> = [];
    for (const part of (cookieHeader ?? "").split(";")) {
      const separator = part.indexOf("=");
      if (separator < 0) continue;
      const name = part.slice(0, separator).trim();
      if (!name.startsWith(prefix) || found.some(([seen]) => seen === name)) continue;
      found.push([name, part.slice(separator + 1).trim()]);
      if (found.length >= maximumCookiesRead) break;
    }
    return found;
  }

  private serialize(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
    const attributes = [
      `${name}=${value}`,
      `Path=${this.settings.path}`,
      `Max-Age=${Math.max(0, maxAgeSeconds)}`,
      "HttpOnly",
      `SameSite=${this.settings.sameSite}`,
    ];
    if (secure || this.settings.sameSite === "None") attributes.push("Secure");
    return attributes.join("; ");
  }
}

/** The text a visitor cookie signs; the label keeps it from ever matching a conversation handle's. */
function signedText(visitor: Visitor): string {
  return `cap-chat visitor v1\n${visitor.id}\n${visitor.expiresAt}`;
}
