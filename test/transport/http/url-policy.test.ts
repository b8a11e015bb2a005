import { describe, expect, it } from "vitest";
import { resolveMessagingEndpoints, resolveSiteUrl } from "../../../src/transport/http/url-policy.ts";

describe("resolveMessagingEndpoints", () => {
  it("derives wss:// from https://, keeping port and path, dropping trailing slashes", () => {
    expect(resolveMessagingEndpoints("https://us-1.example.com:8443/base/")).toEqual({
      httpBase: "https://us-1.example.com:8443/base",
      socketBase: "wss://us-1.example.com:8443/base",
    });
  });

  it.each(["http://127.0.0.1:8787", "http://localhost:3000", "http://[::1]:8080", "HTTP://LOCALHOST"])(
    "allows plain http on loopback: %s",
    (url) => {
      expect(resolveMessagingEndpoints(url).socketBase.startsWith("ws://")).toBe(true);
    },
  );

  it.each([
    ["http://example.com", "insecure-url"],
    ["http://127.0.0.1.evil.net", "insecure-url"],
    ["http://localhost.evil.net", "insecure-url"],
    ["ws://example.com", "insecure-url"],
    ["https://user:secret@example.com", "invalid-url"],
    ["https://example.com\\evil.example", "invalid-url"],
    ["example.com", "invalid-url"],
    ["https://", "invalid-url"],
  ])("refuses %s with a configuration error coded %s, naming the option", (url, code) => {
    expect(() => resolveMessagingEndpoints(url)).toThrowError(
      expect.objectContaining({ kind: "configuration", code, message: code, parameters: { option: "messagingUrl" } }),
    );
  });
});

describe("resolveSiteUrl", () => {
  it("takes a path on the page's own origin, or a secure absolute URL, without trailing slashes", () => {
    expect(resolveSiteUrl("tokenUrl", "/chat/access-token/")).toBe("/chat/access-token");
    expect(resolveSiteUrl("chatUrl", "https://support.example.com/chat/")).toBe("https://support.example.com/chat");
  });

  it("resolves a path as the page's fetch would, and keeps its query", () => {
    expect(resolveSiteUrl("tokenUrl", "/cap-chat/../auth/token?site=1")).toBe("/auth/token?site=1");
    expect(resolveSiteUrl("chatUrl", "/support/chat")).toBe("/support/chat");
  });

  it.each(["/\\evil.example/x", "\\\\evil.example/x", "/\\/evil.example", "\\/evil.example", "//evil.example/x", " //evil.example"])(
    "refuses the path %j, which leaves the page's origin once resolved",
    (url) => {
      for (const option of ["tokenUrl", "chatUrl"] as const) {
        expect(() => resolveSiteUrl(option, url)).toThrowError(expect.objectContaining({ code: "invalid-url", parameters: { option } }));
      }
    },
  );

  it("refuses a protocol-relative or plain-http URL, naming the option", () => {
    expect(() => resolveSiteUrl("tokenUrl", "//evil.example/token")).toThrowError(
      expect.objectContaining({ code: "invalid-url", parameters: { option: "tokenUrl" } }),
    );
    expect(() => resolveSiteUrl("tokenUrl", "http://example.com/token")).toThrowError(
      expect.objectContaining({ code: "insecure-url", parameters: { option: "tokenUrl" } }),
    );
  });
});
