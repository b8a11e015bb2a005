import { describe, expect, it } from "vitest";
import { resolveMessagingEndpoints } from "../../src/transport/url-policy.ts";

describe("resolveMessagingEndpoints", () => {
  it("derives wss:// from https://, keeping port and path, dropping trailing slashes", () => {
    expect(resolveMessagingEndpoints("https://us-1.example.com:8443/base/")).toEqual({
      httpBase: "https://us-1.example.com:8443/base",
      socketBase: "wss://us-1.example.com:8443/base",
    });
  });

  it.each(["http://127.0.0.1:8787", "http://localhost:3000", "http://[::1]:8080", "HTTP://LOCALHOST"])("allows plain http on loopback: %s", (url) => {
    expect(resolveMessagingEndpoints(url).socketBase.startsWith("ws://")).toBe(true);
  });

  it.each([
    ["http://example.com", "must use https://"],
    ["http://127.0.0.1.evil.net", "must use https://"],
    ["http://localhost.evil.net", "must use https://"],
    ["ws://example.com", 'scheme "ws:"'],
    ["https://user:secret@example.com", "credentials"],
    ["example.com", "not an absolute URL"],
    ["https://", "no host"],
  ])("refuses %s with a configuration error", (url, text) => {
    expect(() => resolveMessagingEndpoints(url)).toThrowError(expect.objectContaining({ kind: "configuration", message: expect.stringContaining(text) }));
  });
});
