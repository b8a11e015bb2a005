import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/** What a valid access token says about its holder. */
export interface AccessTokenClaims {
  /** The connector the token was issued to. */
  connectorId: string;
  /** The `X-Host` it was issued for, as sent. */
  host: string;
  /** The token's own id (`jti`), which a session created with it remembers. */
  tokenId: string;
  /** Seconds since the epoch, with milliseconds as the fraction. */
  issuedAt: number;
  expiresAt: number;
}

interface TokenPayload {
  sub: string;
  host: string;
  iat: number;
  exp: number;
  gen: number;
  jti: string;
}

const header = base64UrlJson({ alg: "HS256", typ: "JWT" });

/**
 * Issues and verifies access tokens: compact JWTs signed with HMAC-SHA256 carrying the connector id,
 * host, issue and expiry times (seconds, to the millisecond, so a scaled lifetime is kept exactly), a
 * token id and a generation number. `expireAll()` raises the generation,
 * which invalidates every token issued before it. Tampered, malformed, expired or old-generation tokens
 * verify to `undefined`. Tokens themselves are never logged or stored by this class.
 */
export class AccessTokens {
  private readonly secret: Buffer;
  private generation = 1;

  constructor(
    secret: string | undefined,
    private readonly lifetimeMilliseconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = secret === undefined ? randomBytes(32) : Buffer.from(secret, "utf8");
  }

  /** Issues a token for the connector and host, valid for the lifetime given at construction. */
  issue(connectorId: string, host: string): string {
    const issuedAt = this.now();
    const payload: TokenPayload = {
      sub: connectorId,
      host,
      iat: issuedAt / 1000,
      exp: (issuedAt + this.lifetimeMilliseconds) / 1000,
      gen: this.generation,
      jti: randomUUID(),
    };
    const unsigned = `${header}.${base64UrlJson(payload)}`;
    return `${unsigned}.${this.sign(unsigned)}`;
  }

  /** The claims of a valid token, or `undefined` for anything else. Never throws. */
  verify(token: string): AccessTokenClaims | undefined {
    const parts = token.split(".");
    if (parts.length !== 3) return undefined;
    const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(`${encodedHeader}.${encodedPayload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const decodedHeader = parseBase64UrlJson(encodedHeader);
    if (decodedHeader?.alg !== "HS256") return undefined;
    const payload = parseBase64UrlJson(encodedPayload);
    if (!payload || !isTokenPayload(payload)) return undefined;
    if (payload.gen !== this.generation) return undefined;
    if (payload.exp * 1000 <= this.now()) return undefined;
    return { connectorId: payload.sub, host: payload.host, tokenId: payload.jti, issuedAt: payload.iat, expiresAt: payload.exp };
  }

  /** Invalidates every token issued so far. */
  expireAll(): void {
    this.generation += 1;
  }

  private sign(unsigned: string): string {
    return createHmac("sha256", this.secret).update(unsigned).digest("base64url");
  }
}

function base64UrlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

function parseBase64UrlJson(text: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isTokenPayload(value: Record<string, unknown>): value is Record<string, unknown> & TokenPayload {
  return (
    typeof value.sub === "string" &&
    typeof value.host === "string" &&
    Number.isFinite(value.iat) &&
    Number.isFinite(value.exp) &&
    Number.isSafeInteger(value.gen) &&
    typeof value.jti === "string"
  );
}
