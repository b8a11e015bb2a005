/** Smallest signing secret accepted, in characters: short secrets can be guessed offline from one cookie. */
export const minimumSecretLength = 32;

/**
 * HMAC-SHA256 signatures over strings with Web Crypto, so the same code runs on Node, Workers, Deno and
 * Bun. The first secret signs; every secret verifies, so a new secret can be rolled out before the old
 * one is dropped. Signatures are base64url without padding.
 */
export interface Signer {
  sign(message: string): Promise<string>;
  /** True when `signature` was made by one of the secrets over exactly `message`. Never throws. */
  verify(message: string, signature: string): Promise<boolean>;
}

/** Builds a signer from one secret or a list (the first signs); refuses an empty list or a short secret. */
export function createSigner(secrets: string | readonly string[]): Signer {
  const list = typeof secrets === "string" ? [secrets] : [...secrets];
  if (list.length === 0) throw new Error("signingSecret is required");
  for (const secret of list) {
    if (typeof secret !== "string" || secret.length < minimumSecretLength) {
      throw new Error(`Every signingSecret must be at least ${minimumSecretLength} characters long`);
    }
  }
  const keys = list.map(importKey);
  const encoder = new TextEncoder();
  return {
    async sign(message) {
      const key = await (keys[0] as Promise<CryptoKey>);
      return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message))));
    },
    async verify(message, signature) {
      const bytes = fromBase64Url(signature);
      if (!bytes) return false;
      for (const key of keys) {
        // Web Crypto compares in constant time.
        if (await crypto.subtle.verify("HMAC", await key, bytes, encoder.encode(message))) return true;
      }
      return false;
    },
  };
}

function importKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** Random bytes as base64url: `byteCount` 16 gives a 22-character, 128-bit identifier. */
export function randomToken(byteCount = 16): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The bytes of a base64url string, or undefined when it is not one. Only the one spelling `toBase64Url` gives
 * is accepted: a last character that differs only in its unused bits would otherwise name the same bytes.
 */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return toBase64Url(bytes) === text ? bytes : undefined;
}
