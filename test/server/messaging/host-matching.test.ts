import { describe, expect, it } from "vitest";
import { checkConnectorHost, normalizeHostName, webHostMatches } from "../../../demo/server/messaging/host-matching.ts";

describe("host matching", () => {
  it("reduces an X-Host value to its lower-case host name", () => {
    expect(normalizeHostName("https://App.Example.com:8443/path?x=1")).toBe("app.example.com");
    expect(normalizeHostName("127.0.0.1:8787")).toBe("127.0.0.1");
    expect(normalizeHostName("http://[::1]:8787")).toBe("::1");
    expect(normalizeHostName("example.com.")).toBe("example.com");
  });

  it("accepts the registered host and its subdomains, ignoring scheme and port", () => {
    expect(webHostMatches("example.com", "example.com")).toBe(true);
    expect(webHostMatches("example.com", "https://app.example.com:443")).toBe(true);
    expect(webHostMatches("example.com", "a.b.example.com")).toBe(true);
  });

  it("refuses look-alike hosts", () => {
    expect(webHostMatches("example.com", "evil-example.com")).toBe(false);
    expect(webHostMatches("example.com", "example.com.evil.net")).toBe(false);
    expect(webHostMatches("example.com", "examplecom")).toBe(false);
    expect(webHostMatches("example.com", "")).toBe(false);
  });

  it("matches an IP address only exactly", () => {
    expect(webHostMatches("127.0.0.1", "http://127.0.0.1:8787")).toBe(true);
    expect(webHostMatches("127.0.0.1", "x.127.0.0.1")).toBe(false);
  });

  it("matches an app namespace exactly and reports a connector without a host", () => {
    const app = { id: "a", token: "t", registration: { kind: "app", namespace: "com.example.app" } } as const;
    expect(checkConnectorHost(app, "com.example.app")).toBe("accepted");
    expect(checkConnectorHost(app, "com.example.app.evil")).toBe("mismatch");
    expect(checkConnectorHost(app, "sub.com.example.app")).toBe("mismatch");
    expect(checkConnectorHost({ id: "h", token: "h" }, "example.com")).toBe("no-host");
  });
});
