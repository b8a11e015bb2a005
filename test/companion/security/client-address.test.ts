import { describe, expect, it } from "vitest";
import { forwardedAsHttps, resolveClientAddress } from "../../../src/server/security/client-address.ts";

function request(headers: Record<string, string> = {}): Request {
  return new Request("http://companion.internal/cap-chat/chat/create", { headers });
}

describe("resolveClientAddress", () => {
  it("uses the peer address and ignores X-Forwarded-For unless proxies are trusted", () => {
    const forwarded = request({ "X-Forwarded-For": "198.51.100.1" });
    expect(resolveClientAddress(forwarded, "203.0.113.5", false)).toBe("203.0.113.5");
    expect(resolveClientAddress(forwarded, "203.0.113.5", 0)).toBe("203.0.113.5");
    expect(resolveClientAddress(request(), undefined, false)).toBeUndefined();
  });

  it("counts trusted hops from the right, and true trusts the left-most entry", () => {
    const forwarded = request({ "X-Forwarded-For": "192.0.2.66, 198.51.100.1 ,198.51.100.2" });
    expect(resolveClientAddress(forwarded, "10.0.0.1", 1)).toBe("198.51.100.2");
    expect(resolveClientAddress(forwarded, "10.0.0.1", 2)).toBe("198.51.100.1");
    expect(resolveClientAddress(forwarded, "10.0.0.1", 9)).toBe("192.0.2.66");
    expect(resolveClientAddress(forwarded, "10.0.0.1", true)).toBe("192.0.2.66");
    expect(resolveClientAddress(request(), "10.0.0.1", 1)).toBe("10.0.0.1");
  });

  it("counts the unseen peer as the nearest hop where the runtime shows none, so a client's own entry is never read", () => {
    // The client sent 192.0.2.66 itself; the one proxy in front appended the address it saw.
    const forwarded = request({ "X-Forwarded-For": "192.0.2.66, 198.51.100.2" });
    expect(resolveClientAddress(forwarded, undefined, 1)).toBe("198.51.100.2");
    expect(resolveClientAddress(forwarded, undefined, 2)).toBe("192.0.2.66");
    expect(resolveClientAddress(request({ "X-Forwarded-For": "198.51.100.2" }), undefined, 1)).toBe("198.51.100.2");
    expect(resolveClientAddress(request(), undefined, 1)).toBeUndefined();
  });

  it("reads IPv4-mapped addresses as IPv4 and groups IPv6 by its /64", () => {
    expect(resolveClientAddress(request(), "::ffff:203.0.113.9", false)).toBe("203.0.113.9");
    expect(resolveClientAddress(request(), "2001:db8:1:2:aaaa::1", false)).toBe("2001:db8:1:2::/64");
    expect(resolveClientAddress(request(), "2001:0db8:0001:0002:ffff:1:2:3", false)).toBe("2001:db8:1:2::/64");
    expect(resolveClientAddress(request({ "X-Forwarded-For": "[2001:db8::7]" }), "10.0.0.1", 1)).toBe("2001:db8:0:0::/64");
    expect(resolveClientAddress(request(), "::1", false)).toBe("0:0:0:0::/64");
  });
});

describe("forwardedAsHttps", () => {
  it("believes X-Forwarded-Proto only from trusted proxies", () => {
    const forwarded = request({ "X-Forwarded-Proto": "HTTPS, http" });
    expect(forwardedAsHttps(forwarded, 1)).toBe(true);
    expect(forwardedAsHttps(forwarded, false)).toBe(false);
    expect(forwardedAsHttps(request({ "X-Forwarded-Proto": "http" }), true)).toBe(false);
  });
});
