import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AccessTokens } from "../../../demo/server/messaging/access-tokens.ts";

function resign(token: string, secret: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload] = token.split(".") as [string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  change(claims);
  const unsigned = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

describe("access tokens", () => {
  it("issues a three-part token that verifies to its connector and host for 86400 seconds", () => {
    let now = Date.UTC(2030, 0, 1);
    const tokens = new AccessTokens("secret", 86_400_000, () => now);
    const token = tokens.issue("connector-1", "example.com");
    expect(token.split(".")).toHaveLength(3);
    expect(tokens.verify(token)).toMatchObject({ connectorId: "connector-1", host: "example.com" });
    now += 86_399_000;
    expect(tokens.verify(token)).toBeDefined();
    now += 1000;
    expect(tokens.verify(token)).toBeUndefined();
  });

  it("rejects tampered, re-signed with another secret, and malformed tokens", () => {
    const tokens = new AccessTokens("secret", 86_400_000);
    const token = tokens.issue("connector-1", "example.com");
    const tampered = resign(token, "wrong-secret", (claims) => (claims.sub = "connector-2"));
    // The second-to-last character of the signature carries only signed bits (the last one has spare bits).
    const flipped = `${token.slice(0, -2)}${token.at(-2) === "A" ? "B" : "A"}${token.slice(-1)}`;
    for (const bad of [tampered, flipped, "", "a.b", "a.b.c", `${token}.extra`]) expect(tokens.verify(bad)).toBeUndefined();
    expect(tokens.verify(resign(token, "secret", (claims) => (claims.sub = "connector-2")))?.connectorId).toBe("connector-2");
  });

  it("rejects a correctly signed token whose expiry has passed", () => {
    const tokens = new AccessTokens("secret", 86_400_000);
    const expired = resign(tokens.issue("connector-1", "example.com"), "secret", (claims) => (claims.exp = 1));
    expect(tokens.verify(expired)).toBeUndefined();
  });

  it("invalidates every earlier token when expireAll is called, and only those", () => {
    const tokens = new AccessTokens(undefined, 86_400_000);
    const before = tokens.issue("connector-1", "example.com");
    tokens.expireAll();
    const after = tokens.issue("connector-1", "example.com");
    expect(tokens.verify(before)).toBeUndefined();
    expect(tokens.verify(after)).toBeDefined();
  });
});
